import type { Contact, ContactSummary } from '@atende/shared';
import type { ContactDoc } from './model.js';

export function toContact(doc: ContactDoc): Contact {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    number: doc.number,
    email: doc.email ?? '',
    profilePicUrl: doc.profilePicUrl ?? '',
    isGroup: doc.isGroup ?? false,
    extraInfo: (doc.extraInfo ?? []).map((info) => ({ id: String(info._id), name: info.name, value: info.value ?? '' })),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export function toContactSummary(doc: Pick<ContactDoc, '_id' | 'name' | 'number' | 'email'>): ContactSummary {
  return { id: String(doc._id), name: doc.name, number: doc.number, email: doc.email ?? '' };
}
