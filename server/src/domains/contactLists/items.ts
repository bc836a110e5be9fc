/**
 * Items of a contact list (document 2 sections 3, 5 and 7): one item per number in a list
 * (unique index: ERR_DUPLICATED_CONTACT). Every add and delete moves the list's contactsCount by
 * what really happened (an insert that landed, a delete that found the item), and a new or
 * renumbered item waits for the WhatsApp check (check.ts).
 */
import type { ContactListItem, ContactListItemsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { numberDigitsOf } from '../contacts/search.js';
import { updateDocument } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import { page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { changeCount } from './counts.js';
import { toContactListItem } from './dto.js';
import { ContactListItemModel, type ContactListItemDoc } from './model.js';
import { announceList, findList } from './service.js';

export interface ContactListItemInput {
  contactListId?: string;
  name?: string;
  /** Digits (the shared schema normalises them as contacts' numbers). */
  number?: string;
  email?: string | null;
}

export interface ItemsQuery {
  contactListId: string;
  searchParam: string;
  pageNumber: number;
}

/** Asks for the WhatsApp check of a list's waiting items (the check job). */
export interface CheckRequester {
  request(companyId: string, contactListId: string): Promise<void>;
}

async function findItem(companyId: string, id: string): Promise<ContactListItemDoc> {
  const doc = await ContactListItemModel.findOne({ _id: id, companyId }).lean<ContactListItemDoc>();
  if (!doc) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  return doc;
}

/** A text matches the name or e-mail, and the number when it is typed as one ("(11) 9888-0001"). */
function matcher(text: string): Record<string, unknown> {
  const pattern = searchRegex(text);
  const digits = numberDigitsOf(text);
  const anyOf: Record<string, unknown>[] = [{ name: pattern }, { email: pattern }];
  if (digits) anyOf.push({ number: searchRegex(digits) });
  return { $or: anyOf };
}

export function createContactListItemService(realtime: RealtimePublisher, checks: CheckRequester) {
  function announce(action: 'create' | 'update', doc: ContactListItemDoc): ContactListItem {
    const record = toContactListItem(doc);
    realtime.publish(record.companyId, 'contactListItem', { action, record });
    return record;
  }

  return {
    /** One list's items in name order; the list's equality selects them (an engine key). */
    async page(actor: AuthCredentials, query: ItemsQuery): Promise<ContactListItemsPage> {
      const list = await findList(actor.companyId, query.contactListId);
      const text = query.searchParam.trim();
      const filter = { companyId: actor.companyId, contactListId: query.contactListId, ...(text ? matcher(text) : {}) };
      const window = page(query.pageNumber);
      const rows = await ContactListItemModel.find(filter).sort({ name: 1, _id: 1 }).skip(window.skip).limit(window.limit + 1).lean<ContactListItemDoc[]>();
      return { contacts: rows.slice(0, window.limit).map(toContactListItem), count: Math.max(0, list.contactsCount), hasMore: rows.length > window.limit };
    },

    async get(actor: AuthCredentials, id: string): Promise<ContactListItem> {
      return toContactListItem(await findItem(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: ContactListItemInput): Promise<ContactListItem> {
      const listId = input.contactListId!;
      await findList(actor.companyId, listId);
      const created = await ContactListItemModel.create({
        companyId: actor.companyId,
        contactListId: listId,
        name: input.name,
        number: input.number,
        email: input.email ?? '',
        isWhatsappValid: null,
        checkKey: listId,
      });
      const list = await changeCount(actor.companyId, listId, 1);
      if (!list) {
        // The list was deleted meanwhile (after its items were): this one must not outlive it.
        await ContactListItemModel.deleteOne({ _id: created._id, companyId: actor.companyId });
        throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
      }
      announceList(realtime, 'update', list);
      const item = announce('create', created.toObject() as ContactListItemDoc);
      await checks.request(actor.companyId, listId);
      return item;
    },

    /** A changed number is not known to WhatsApp yet: it waits for the check again. */
    async update(actor: AuthCredentials, id: string, input: ContactListItemInput): Promise<ContactListItem> {
      const current = await findItem(actor.companyId, id);
      const set: Record<string, unknown> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.email !== undefined) set.email = input.email ?? '';
      const renumbered = input.number !== undefined && input.number !== current.number;
      if (renumbered) Object.assign(set, { number: input.number, isWhatsappValid: null, checkKey: String(current.contactListId) });
      const updated = await updateDocument(ContactListItemModel, actor.companyId, id, { $set: set });
      if (!updated) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
      const item = announce('update', updated);
      if (renumbered) await checks.request(actor.companyId, item.contactListId);
      return item;
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findItem(actor.companyId, id);
      // Two deletes of one item at once: only the one whose delete removed it counts it down.
      const { deletedCount } = await ContactListItemModel.deleteOne({ _id: id, companyId: actor.companyId });
      if (deletedCount !== 1) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
      const contactListId = String(current.contactListId);
      const list = await changeCount(actor.companyId, contactListId, -1);
      realtime.publish(actor.companyId, 'contactListItem', { action: 'delete', id, contactListId });
      if (list) announceList(realtime, 'update', list);
    },
  };
}

export type ContactListItemService = ReturnType<typeof createContactListItemService>;
