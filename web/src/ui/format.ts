/** Dates as the spec shows them (document 1 section 9): dd/MM/yyyy, HH:mm, dd/MM/yy HH:mm. */

const pad = (value: number) => String(value).padStart(2, '0');

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

export function formatTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

export function formatShortDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).slice(-2)} ${formatTime(date)}` : '';
}
