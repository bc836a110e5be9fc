/** Sheet rows (CSV or a workbook's first sheet) to contact records, by the header's columns. */
import { contactColumnOf, type ContactColumn } from '@atende/shared';

export interface SheetContacts {
  /** Records keyed by field (name, number, email); data rows only. */
  records: Record<ContactColumn, string>[];
  /** Whether the first line named the columns; without one the order is name, number, email. */
  header: boolean;
}

/**
 * Data rows as { name, number, email }. The first line is a header when one of its cells names a
 * field (nome, número, telefone, email, nombre...); otherwise columns are taken in that order.
 * Returns null when a header is present but has no number column.
 */
export function contactsFromRows(rows: string[][]): SheetContacts | null {
  const first = rows[0] ?? [];
  const columns = first.map((cell) => contactColumnOf(cell));
  const header = columns.some((column) => column !== null);
  if (header && !columns.includes('number')) return null;
  const positions: (ContactColumn | null)[] = header ? columns : ['name', 'number', 'email'];
  const records = (header ? rows.slice(1) : rows).map((cells) => {
    const record: Record<ContactColumn, string> = { name: '', number: '', email: '' };
    positions.forEach((column, index) => {
      const cell = (cells[index] ?? '').trim();
      if (column && record[column] === '') record[column] = cell;
    });
    return record;
  });
  return { records, header };
}
