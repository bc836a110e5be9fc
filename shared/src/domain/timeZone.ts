/**
 * A company's time zone (setting timeZone, else the operator's ATENDE_TIMEZONE): an IANA name such
 * as America/Sao_Paulo. The dashboard counts days and hours in it, so that a ticket a customer
 * opened at 01:30 local time counts on its local day, not on the UTC one.
 */

/** The zones Atende accepts: the runtime's IANA list, and UTC. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : [...names, 'UTC'];
}

let known: Set<string> | null = null;

export function isTimeZone(value: string): boolean {
  known ??= new Set(timeZoneNames());
  return known.has(value);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  return format;
}

/** The calendar day ("YYYY-MM-DD") and hour (0..23) of an instant in a zone. */
export function zonedDayHour(at: Date, zone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(formatOf(zone).formatToParts(at).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

export function zonedDay(at: Date, zone: string): string {
  return zonedDayHour(at, zone).day;
}
