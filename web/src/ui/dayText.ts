/**
 * Days typed and shown in the language's format (dd/mm/yyyy in pt and es, mm/dd/yyyy in en):
 * the browser's date fields follow the browser's region, not the language chosen in Atende. The
 * value stays "YYYY-MM-DD" (what the API takes).
 */

export type DayPart = 'day' | 'month' | 'year';

export interface DayPattern {
  order: DayPart[];
  separator: string;
}

const WIDTH: Record<DayPart, number> = { day: 2, month: 2, year: 4 };

/** The order of day, month and year and the separator the locale writes them with. */
export function dayPattern(locale: string): DayPattern {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.UTC(2024, 10, 22)));
  const order = parts.filter((part) => part.type === 'day' || part.type === 'month' || part.type === 'year').map((part) => part.type as DayPart);
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
}

/** "2024-03-10" as the pattern writes it ("10/03/2024"); '' for anything else. */
export function formatDayText(value: string, pattern: DayPattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return '';
  const of: Record<DayPart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  return pattern.order.map((part) => of[part]).join(pattern.separator);
}

/** What was typed, kept to its digits and laid out with the separators between its pieces. */
export function maskDayText(typed: string, pattern: DayPattern): string {
  let digits = typed.replace(/\D/g, '').slice(0, 8);
  const pieces: string[] = [];
  for (const part of pattern.order) {
    if (!digits) break;
    pieces.push(digits.slice(0, WIDTH[part]));
    digits = digits.slice(WIDTH[part]);
  }
  return pieces.join(pattern.separator);
}

/** The day of a complete, real text ("10/03/2024" -> "2024-03-10"); null otherwise. */
export function parseDayText(text: string, pattern: DayPattern): string | null {
  const pieces = text.split(pattern.separator);
  if (pieces.length !== 3) return null;
  const of = {} as Record<DayPart, string>;
  for (const [index, part] of pattern.order.entries()) {
    const piece = pieces[index]!;
    if (!/^\d+$/.test(piece) || piece.length !== WIDTH[part]) return null;
    of[part] = piece;
  }
  const iso = `${of.year}-${of.month}-${of.day}`;
  const date = new Date(`${iso}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
