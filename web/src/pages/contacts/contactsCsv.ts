/** The contacts export (document 2 section 2): contatos.csv, semicolon-separated, one contact a row. */
import type { Contact } from '@atende/shared';

export const EXPORT_FILE_NAME = 'contatos.csv';
const HEADER = ['name', 'number', 'email'] as const;

/** A cell quoted when it holds the separator, a quote or a line break (quotes doubled). */
function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function contactsCsv(contacts: Pick<Contact, 'name' | 'number' | 'email'>[]): string {
  const rows = contacts.map((contact) => HEADER.map((column) => cell(contact[column] ?? '')).join(';'));
  return [HEADER.join(';'), ...rows].join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
