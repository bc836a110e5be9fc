/**
 * The per-row check of an imported sheet, shared by the contacts import and the contact lists'
 * upload, with the shared contact rules (errors land in the errorBag, numbers repeated within the
 * sheet too). The check gives way to other requests every few hundred rows.
 */
import { contactRowFromRecord, contactRowSchema, numberKeyOf, type ContactImportError } from '@atende/shared';

const CHUNK = 500;

export interface GoodRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.trim() : String(value);
}

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function duplicateError(row: GoodRow, message: string): ContactImportError {
  return { row: row.row, contactName: row.name, number: row.number, error: { code: 'ERR_DUPLICATED_CONTACT', field: 'number', message } };
}

const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks each row with the shared contact rules; numbers come back as digits. */
export async function checkRows(rows: Record<string, unknown>[], errorBag: ContactImportError[]): Promise<GoodRow[]> {
  const good: GoodRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const [index, record] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const row = index + 1;
    const raw = contactRowFromRecord(record);
    const name = typeof raw.name === 'number' ? String(raw.name) : raw.name;
    const { value, error } = contactRowSchema.validate({ name: name ?? '', number: raw.number ?? '', email: raw.email ?? '' }, { abortEarly: true, convert: true });
    if (error) {
      const detail = error.details[0]!;
      const field = detail.path.join('.');
      errorBag.push({ row, contactName: cellText(raw.name), number: cellText(raw.number), error: { code: 'ERR_VALIDATION', field, message: detail.message.replace(/"/g, '') } });
      continue;
    }
    const checked: GoodRow = { row, name: value.name as string, number: value.number as string, email: (value.email as string | null) ?? '' };
    // One person per number key: the two forms of a Brazilian mobile number are one person.
    const key = numberKeyOf(checked.number);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      errorBag.push(duplicateError(checked, `Number repeated in the sheet (row ${first})`));
      continue;
    }
    firstRowOf.set(key, row);
    good.push(checked);
  }
  return good;
}
