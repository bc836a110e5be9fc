/**
 * atende contacts import|export|merge (document 2, contacts): import sends the sheet's rows in
 * chunks to POST /contacts/upload with a progress bar and reports every refused row at its line in
 * the sheet (the spec's newContacts / errorBag; exit 5 when some rows were refused, 6 when all
 * were); export writes the semicolon-separated contatos.csv; merge joins the contacts that are one
 * person (POST /contacts/merge), listing the pairs first.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CONTACT_UPLOAD_MAX_ROWS, CONTACTS_EXPORT_FILE, contactsCsv, type ContactImportResult, type ContactMergeResult, formatPhoneNumber } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { RowsRefused, UsageError } from '../support/errors.js';
import { readLocalFile } from '../support/files.js';
import { confirmed } from '../support/prompts.js';
import type { Texts } from '../support/i18n.js';
import { emit, print, printData, table } from '../support/output.js';
import { progressBar } from '../support/progress.js';
import { refusedRows } from './contactImportReport.js';
import { readContactSheet } from './contactSheet.js';

const DEFAULT_CHUNK = 500;

function chunkSize(ctx: Context, raw: string): number {
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > CONTACT_UPLOAD_MAX_ROWS) {
    throw new UsageError(ctx.t('errors.invalid', { option: '--chunk', reason: ctx.texts.validation('max', { limit: CONTACT_UPLOAD_MAX_ROWS }) }));
  }
  return size;
}

async function importContacts(ctx: Context, options: { chunk: string }, path: string): Promise<void> {
  const size = chunkSize(ctx, options.chunk);
  const sheet = await readContactSheet(ctx, await readLocalFile(ctx, path));
  const { api } = await connect(ctx);
  const result: ContactImportResult = { newContacts: [], errorBag: [] };
  const progress = progressBar(ctx.t('contacts.importing'), sheet.rows.length);
  try {
    for (let start = 0; start < sheet.rows.length; start += size) {
      const chunk = sheet.rows.slice(start, start + size);
      const answer = await api.contacts.upload(chunk);
      result.newContacts.push(...answer.newContacts);
      // Rows are numbered within each call: renumbered within the whole upload.
      result.errorBag.push(...answer.errorBag.map((failure) => ({ ...failure, row: failure.row + start })));
      progress.advance(chunk.length);
    }
  } finally {
    progress.done();
  }
  const refused = refusedRows(ctx, sheet, result.errorBag);
  const { t } = ctx;
  emit(ctx, { newContacts: result.newContacts, errorBag: refused, rows: sheet.rows.length }, () => {
    const summary = t('contacts.imported', { created: t('contacts.createdCount', { count: result.newContacts.length }), refused: t('contacts.refusedCount', { count: refused.length }), rows: sheet.rows.length });
    if (refused.length === 0) return summary;
    const report = table(refused, [
      { label: t('contacts.line'), value: (failure) => failure.row },
      { label: t('common.name'), value: (failure) => failure.contactName },
      { label: t('contacts.number'), value: (failure) => failure.number },
      { label: t('contacts.reason'), value: (failure) => failure.reason },
    ]);
    return `${summary}\n${report}`;
  });
  if (refused.length === sheet.rows.length) throw new RowsRefused(t('contactImport.allRefused', { count: sheet.rows.length }), true);
  if (refused.length > 0) throw new RowsRefused(t('contactImport.someRefused', { count: refused.length, rows: sheet.rows.length }), false);
}

async function exportContacts(ctx: Context, _options: object, file = CONTACTS_EXPORT_FILE): Promise<void> {
  const { api } = await connect(ctx);
  const contacts = await api.contacts.list();
  const csv = contactsCsv(contacts);
  if (file === '-') {
    printData(csv);
    return;
  }
  await writeFile(file, csv);
  emit(ctx, { file, count: contacts.length }, () => ctx.t('contacts.exported', { count: contacts.length, file }));
}

/** The pairs as a table: the contact kept, the one merged into it, the tickets that move. */
function pairsTable(ctx: Context, result: ContactMergeResult): string {
  const { t } = ctx;
  const person = (contact: { name: string; number: string }) => `${contact.name} (${formatPhoneNumber(contact.number)})`;
  return table(result.pairs, [
    { label: t('contacts.kept'), value: (pair) => person(pair.keep) },
    { label: t('contacts.mergedAway'), value: (pair) => person(pair.drop) },
    { label: t('contacts.tickets'), value: (pair) => pair.tickets },
  ]);
}

/**
 * Lists the pairs, then (unless --dry-run) merges them once confirmed: --yes, or a yes at the
 * terminal; in a script without --yes nothing is merged (exit 1).
 */
async function mergeContacts(ctx: Context, options: { dryRun?: boolean }): Promise<void> {
  const { t } = ctx;
  const { api } = await connect(ctx);
  const found = await api.contacts.merge({ dryRun: true });
  if (found.pairs.length === 0) {
    emit(ctx, found, () => t('contacts.noDuplicates'));
    return;
  }
  if (options.dryRun) {
    emit(ctx, found, () => `${pairsTable(ctx, found)}\n${t('contacts.wouldMerge', { count: found.pairs.length })}`);
    return;
  }
  if (!ctx.json) print(`${pairsTable(ctx, found)}\n`);
  if (!(await confirmed(ctx, t('contacts.confirmMerge', { count: found.pairs.length })))) {
    emit(ctx, found, () => t('common.cancelled'));
    return;
  }
  const result = await api.contacts.merge();
  emit(ctx, result, () => t('contacts.merged', { count: result.merged }));
}

export function contactsCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const contacts = program.command('contacts').description(t('contacts.description'));
  contacts
    .command('import <file>')
    .description(t('contacts.importDescription'))
    .option('--chunk <rows>', t('contacts.chunkOption'), String(DEFAULT_CHUNK))
    .addHelpText('after', `${examples(texts, ['atende contacts import clientes.xlsx', 'atende contacts import contatos.csv --json'])}\n\n${t('contactImport.exitCodes')}`)
    .action(action(texts, importContacts));
  contacts
    .command('export [file]')
    .description(t('contacts.exportDescription'))
    .addHelpText('after', examples(texts, ['atende contacts export', 'atende contacts export - > contacts.csv']))
    .action(action(texts, exportContacts));
  contacts
    .command('merge')
    .description(t('contacts.mergeDescription'))
    .option('--dry-run', t('contacts.dryRunOption'))
    .addHelpText('after', examples(texts, ['atende contacts merge --dry-run', 'atende contacts merge --yes --json']))
    .action(action(texts, mergeContacts));
}
