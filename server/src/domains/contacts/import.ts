/**
 * Bulk creation of contacts from a spreadsheet: POST /contacts/upload (rows parsed by the client)
 * and POST /contacts/import (the file itself). Every row stands alone: good rows are created,
 * each bad one lands in errorBag with its reason (invalid field, number already in the company,
 * number repeated in the sheet), a number counting as its person's (either form of a Brazilian
 * mobile number).
 */
import type { ContactImportError, ContactImportResult } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { errorText } from '../../platform/texts.js';
import { toContact } from './dto.js';
import { ContactModel, identityKeyOf, type ContactDoc } from './model.js';
import { checkRows, chunks, duplicateError, type GoodRow } from './sheets/rows.js';
import { createContacts } from './writer.js';

/** Above this many new contacts, one `reload` event replaces the create events. */
const LIVE_CREATE_EVENTS_MAX = 50;

/** The numbers whose person the company already has (in either form), each found by its identity key (an index on both engines). */
async function existingNumbers(companyId: string, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(numbers, 50)) {
    const rows = await Promise.all(part.map((number) => ContactModel.exists({ companyId, numberKey: identityKeyOf({ number }) })));
    part.forEach((number, index) => rows[index] && found.add(number));
  }
  return found;
}

/** Inserts one chunk. A number created meanwhile by someone else (the unique index) fails only its own row. */
async function insertChunk(companyId: string, rows: GoodRow[], errorBag: ContactImportError[]): Promise<ContactDoc[]> {
  const stored = await createContacts(
    companyId,
    rows.map((row) => ({ name: row.name, number: row.number, email: row.email })),
  );
  const landed = new Set(stored.map((doc) => doc.numberKey));
  const missing = rows.filter((row) => !landed.has(identityKeyOf(row)));
  if (missing.length > 0) {
    // Only a number that exists now was refused for a good reason; anything else is a real failure.
    const taken = await existingNumbers(companyId, missing.map((row) => row.number));
    if (missing.some((row) => !taken.has(row.number))) throw new AppError('ERR_INTERNAL_SERVER_ERROR');
    for (const row of missing) errorBag.push(duplicateError(row, errorText('ERR_DUPLICATED_CONTACT')));
  }
  const byNumber = new Map(stored.map((doc) => [doc.number, doc]));
  return rows.map((row) => byNumber.get(row.number)).filter((doc): doc is ContactDoc => doc !== undefined);
}

export async function importContactRows(companyId: string, rows: Record<string, unknown>[], realtime: RealtimePublisher): Promise<ContactImportResult> {
  const errorBag: ContactImportError[] = [];
  const good = await checkRows(rows, errorBag);
  const taken = await existingNumbers(companyId, good.map((row) => row.number));
  const fresh: GoodRow[] = [];
  for (const row of good) {
    if (taken.has(row.number)) errorBag.push(duplicateError(row, errorText('ERR_DUPLICATED_CONTACT')));
    else fresh.push(row);
  }
  const created: ContactDoc[] = [];
  for (const part of chunks(fresh)) created.push(...(await insertChunk(companyId, part, errorBag)));

  if (created.length > LIVE_CREATE_EVENTS_MAX) {
    realtime.publish(companyId, 'contact', { action: 'reload', count: created.length });
  } else {
    for (const doc of created) realtime.publish(companyId, 'contact', { action: 'create', contact: toContact(doc) });
  }
  errorBag.sort((a, b) => a.row - b.row);
  return { newContacts: created.map((doc) => ({ contactId: String(doc._id), contactName: doc.name })), errorBag };
}
