import type { User } from '@atende/shared';
import type { UserDoc } from './model.js';

export function toUser(doc: UserDoc, company?: User['company']): User {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email,
    profile: doc.profile,
    super: doc.super,
    companyId: String(doc.companyId),
    ...(company ? { company } : {}),
    queueIds: (doc.queueIds ?? []).map(String),
    whatsappId: doc.whatsappId ? String(doc.whatsappId) : null,
    allTicket: doc.allTicket,
    language: doc.language ?? null,
    online: doc.online,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
