import type { ContactList, ContactListItem } from '@atende/shared';
import type { ContactListDoc, ContactListItemDoc } from './model.js';

export function toContactList(doc: ContactListDoc): ContactList {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    contactsCount: Math.max(0, doc.contactsCount ?? 0),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export function toContactListItem(doc: ContactListItemDoc): ContactListItem {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    contactListId: String(doc.contactListId),
    name: doc.name,
    number: doc.number,
    email: doc.email ?? '',
    isWhatsappValid: doc.isWhatsappValid ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
