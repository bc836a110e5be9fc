/**
 * Conversations (a ticket's messages, a chat's messages) read a page at a time from the place each
 * message took when it was stored (`seq`: its owner's count at the time). Messages carry the key of
 * their page bucket, `<owner id>.<seq / page size>`, so a page is one or two top-level equality
 * queries served by an index on both engines, whatever the conversation's length.
 */
import type { Model, QueryFilter, Types } from 'mongoose';

export interface Placed {
  _id: Types.ObjectId;
  seq: number;
  createdAt: Date;
}

export function pageKeyOf(ownerId: unknown, seq: number, pageSize: number): string {
  return `${String(ownerId)}.${Math.floor(seq / pageSize)}`;
}

export interface PlacedPage<T> {
  /** Oldest first. */
  rows: T[];
  count: number;
  hasMore: boolean;
}

/** Page `pageNumber` (1 = newest) of an owner's `count` messages, each page oldest first. */
export async function placedPage<T extends Placed>(model: Model<T>, companyId: unknown, ownerId: unknown, count: number, pageNumber: number, pageSize: number): Promise<PlacedPage<T>> {
  const end = count - (pageNumber - 1) * pageSize;
  const start = Math.max(0, end - pageSize);
  if (end <= 0) return { rows: [], count, hasMore: false };
  const keys = new Set([pageKeyOf(ownerId, start, pageSize), pageKeyOf(ownerId, end - 1, pageSize)]);
  const buckets = (await Promise.all([...keys].map((pageKey) => model.find({ companyId, pageKey } as QueryFilter<T>).lean()))) as T[][];
  const rows = buckets
    .flat()
    .filter((message) => message.seq >= start && message.seq < end)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq || (String(a._id) < String(b._id) ? -1 : 1));
  return { rows, count, hasMore: start > 0 };
}
