/**
 * Phone numbers as people read them, for display only (the stored number stays digits): Brazilian
 * numbers as +55 11 98765-0001 (mobile) or +55 11 3333-4444 (landline), North American ones as
 * +1 415 555-0123, any other as + and its digits. What is not a person's number (a group's id,
 * text, too few digits) is shown as it is.
 */

const BRAZIL = /^55([1-9]{2})(9?\d{4})(\d{4})$/;
const NORTH_AMERICA = /^1(\d{3})(\d{3})(\d{4})$/;
const MIN_DIGITS = 8;

export function formatPhoneNumber(number: string | null | undefined, isGroup = false): string {
  const text = (number ?? '').trim();
  if (isGroup || !/^\d+$/.test(text) || text.length < MIN_DIGITS) return text;
  const brazil = BRAZIL.exec(text);
  if (brazil) return `+55 ${brazil[1]} ${brazil[2]}-${brazil[3]}`;
  const northAmerica = NORTH_AMERICA.exec(text);
  if (northAmerica) return `+1 ${northAmerica[1]} ${northAmerica[2]}-${northAmerica[3]}`;
  return `+${text}`;
}
