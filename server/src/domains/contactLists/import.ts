/**
 * POST /contact-lists/{id}/upload: the rows of a sheet (contacts/sheet.ts reads and checks them
 * as the contacts import does) become items of that one list. Every row stands alone: good rows
 * are added, each bad one lands in errorBag with its reason (invalid field, number already in the
 * list, number repeated in the sheet). One `reload` event tells the items page to refetch.
 */
import type { ContactImportError, ContactImportResult } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { errorText } from '../../platform/texts.js';
import { checkRows, chunks, duplicateError, type GoodRow } from '../contacts/sheets/rows.js';
import { changeCount } from './counts.js';
import type { CheckRequester } from './items.js';
import { ContactListItemModel, type ContactListItemDoc } from './model.js';
import { announceList, findList } from './service.js';

/** The numbers the list already has, each found by its key (an engine key on both engines). */
async function numbersInList(companyId: string, contactListId: string, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(numbers, 50)) {
    const rows = await Promise.all(part.map((number) => ContactListItemModel.exists({ companyId, number, contactListId })));
    part.forEach((number, index) => rows[index] && found.add(number));
  }
  return found;
}

/** Inserts one chunk; a number added meanwhile by someone else (the unique index) fails only its own row. */
async function insertChunk(companyId: string, contactListId: string, rows: GoodRow[], errorBag: ContactImportError[]): Promise<ContactListItemDoc[]> {
  const docs = rows.map((row) => ({ companyId, contactListId, name: row.name, number: row.number, email: row.email, isWhatsappValid: null, checkKey: contactListId }));
  let inserted: { toObject(): unknown }[];
  try {
    inserted = await ContactListItemModel.insertMany(docs, { ordered: false });
  } catch (err) {
    const partial = (err as { insertedDocs?: { toObject(): unknown }[] }).insertedDocs;
    if (!partial) throw err;
    inserted = partial;
  }
  const stored = inserted.map((doc) => doc.toObject() as ContactListItemDoc);
  const landed = new Set(stored.map((doc) => doc.number));
  const missing = rows.filter((row) => !landed.has(row.number));
  if (missing.length > 0) {
    // Only a number that is in the list now was refused for a good reason.
    const taken = await numbersInList(companyId, contactListId, missing.map((row) => row.number));
    if (missing.some((row) => !taken.has(row.number))) throw new AppError('ERR_INTERNAL_SERVER_ERROR');
    for (const row of missing) errorBag.push(duplicateError(row, errorText('ERR_DUPLICATED_CONTACT')));
  }
  return stored;
}

export async function importListRows(
  companyId: string,
  contactListId: string,
  rows: Record<string, unknown>[],
  deps: { realtime: RealtimePublisher; checks: CheckRequester },
): Promise<ContactImportResult> {
  await findList(companyId, contactListId);
  const errorBag: ContactImportError[] = [];
  const good = await checkRows(rows, errorBag);
  const taken = await numbersInList(companyId, contactListId, good.map((row) => row.number));
  const fresh: GoodRow[] = [];
  for (const row of good) {
    if (taken.has(row.number)) errorBag.push(duplicateError(row, errorText('ERR_DUPLICATED_CONTACT')));
    else fresh.push(row);
  }
  const created: ContactListItemDoc[] = [];
  for (const part of chunks(fresh)) {
    const stored = await insertChunk(companyId, contactListId, part, errorBag);
    created.push(...stored);
    // Counted chunk by chunk: a failure later leaves the count equal to what is stored.
    if (stored.length > 0 && !(await changeCount(companyId, contactListId, stored.length))) {
      // The list was deleted during the import: what was added goes with it.
      await ContactListItemModel.deleteMany({ companyId, contactListId });
      throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
    }
  }
  if (created.length > 0) {
    announceList(deps.realtime, 'update', await findList(companyId, contactListId));
    deps.realtime.publish(companyId, 'contactListItem', { action: 'reload', contactListId, count: created.length });
    await deps.checks.request(companyId, contactListId);
  }
  errorBag.sort((a, b) => a.row - b.row);
  return { newContacts: created.map((doc) => ({ contactId: String(doc._id), contactName: doc.name })), errorBag };
}
