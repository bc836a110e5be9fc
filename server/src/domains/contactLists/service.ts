/**
 * Contact lists (document 2 sections 2, 3 and 7): a company's reusable audiences for campaigns.
 * Deleting a list removes its items. `contactsCount` is kept by the item writers (counts.ts).
 */
import type { ContactList, ContactListsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { updateList } from './counts.js';
import { toContactList } from './dto.js';
import { ContactListItemModel, ContactListModel, type ContactListDoc } from './model.js';

export async function findList(companyId: string, id: string): Promise<ContactListDoc> {
  const doc = await ContactListModel.findOne({ _id: id, companyId }).lean<ContactListDoc>();
  if (!doc) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  return doc;
}

/** Announces a list as it is now (its count changed, or its name). */
export function announceList(realtime: RealtimePublisher, action: 'create' | 'update', doc: ContactListDoc): ContactList {
  const record = toContactList(doc);
  realtime.publish(record.companyId, 'contactList', { action, record });
  return record;
}

export function createContactListService(realtime: RealtimePublisher) {
  return {
    /** A company has few lists: one read of the page plus one row tells whether more follow. */
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number }): Promise<ContactListsPage> {
      const filter = { companyId: actor.companyId, ...(query.searchParam ? { name: searchRegex(query.searchParam) } : {}) };
      const window = page(query.pageNumber);
      const rows = await ContactListModel.find(filter).sort({ name: 1, _id: 1 }).skip(window.skip).limit(window.limit + 1).lean<ContactListDoc[]>();
      return { records: rows.slice(0, window.limit).map(toContactList), hasMore: rows.length > window.limit };
    },

    /** Every list of the company, for pickers (the campaign dialog). */
    async listAll(actor: AuthCredentials): Promise<ContactList[]> {
      const rows = await ContactListModel.find({ companyId: actor.companyId }).sort({ name: 1, _id: 1 }).lean<ContactListDoc[]>();
      return rows.map(toContactList);
    },

    async get(actor: AuthCredentials, id: string): Promise<ContactList> {
      return toContactList(await findList(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: { name: string }): Promise<ContactList> {
      const created = await ContactListModel.create({ companyId: actor.companyId, name: input.name, contactsCount: 0 });
      return announceList(realtime, 'create', created.toObject() as ContactListDoc);
    },

    async update(actor: AuthCredentials, id: string, input: { name: string }): Promise<ContactList> {
      const updated = await updateList(actor.companyId, id, { name: input.name });
      if (!updated) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
      return announceList(realtime, 'update', updated);
    },

    /** The list goes first (nothing adds to a list that is gone), then its items. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const { deletedCount } = await ContactListModel.deleteOne({ _id: id, companyId: actor.companyId });
      if (deletedCount !== 1) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
      await ContactListItemModel.deleteMany({ companyId: actor.companyId, contactListId: id });
      realtime.publish(actor.companyId, 'contactList', { action: 'delete', id });
    },
  };
}

export type ContactListService = ReturnType<typeof createContactListService>;
