/** Working hours as typed (##:##, document 2 section 5): digits only, the colon put in after two of them. */
export function maskHour(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
