import { safeColor, type Tag, type TicketTagShort } from '@atende/shared';
import type { TagDoc } from './model.js';

export function toTag(doc: TagDoc, ticketsCount?: number): Tag {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    color: safeColor(doc.color),
    kanban: doc.kanban === 1 ? 1 : 0,
    userId: doc.userId ? String(doc.userId) : null,
    ...(ticketsCount !== undefined ? { ticketsCount } : {}),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export function toTagShort(doc: Pick<TagDoc, '_id' | 'name' | 'color'>): TicketTagShort {
  return { id: String(doc._id), name: doc.name, color: safeColor(doc.color) };
}
