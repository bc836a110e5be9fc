/**
 * The kept `contactsCount` of a list. Every change of a list document goes through
 * `updateDocument` (one after another per list): the embedded engine loses concurrent updates of
 * one document, and a rename racing an import would otherwise drop the import's increment.
 */
import type { Types } from 'mongoose';
import { updateDocument } from '../../platform/database/serial.js';
import { ContactListModel, type ContactListDoc } from './model.js';

type Ref = string | Types.ObjectId;

export function changeCount(companyId: Ref, contactListId: Ref, by: number): Promise<ContactListDoc | null> {
  return updateDocument(ContactListModel, companyId, contactListId, { $inc: { contactsCount: by } });
}

export function updateList(companyId: Ref, contactListId: Ref, set: Partial<Pick<ContactListDoc, 'name' | 'checkState'>>): Promise<ContactListDoc | null> {
  return updateDocument(ContactListModel, companyId, contactListId, { $set: set });
}
