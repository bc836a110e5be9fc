import { Types } from 'mongoose';
import { TAG_DEFAULT_COLOR, type KanbanFlag, type Tag, type TagsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket } from '../tickets/writer.js';
import { UserModel } from '../users/model.js';
import { companyTags } from './cache.js';
import { toTag } from './dto.js';
import { TagModel, TicketTagModel, tagNameKey, type TagDoc } from './model.js';

export interface TagInput {
  name?: string;
  color?: string;
  kanban?: KanbanFlag;
  userId?: string | null;
}

/** A tag of the company, or ERR_NO_TAG_FOUND (also for another company's id). */
export async function findTag(companyId: string, id: string): Promise<TagDoc> {
  const tag = await TagModel.findOne({ _id: id, companyId }).lean<TagDoc>();
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND');
  return tag;
}

/** Tickets per tag, for the given tags: one $group with one $sum (FerretDB rules). */
export async function ticketCounts(companyId: string, tagIds: Types.ObjectId[]): Promise<Map<string, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await TicketTagModel.aggregate<{ _id: Types.ObjectId; count: number }>([
    { $match: { companyId: new Types.ObjectId(companyId), tagId: { $in: tagIds } } },
    { $group: { _id: '$tagId', count: { $sum: 1 } } },
  ]);
  return new Map(rows.map((row) => [String(row._id), row.count]));
}

/** Only admins and supervisors (and super users) turn a tag into a kanban lane, or change or remove a lane. */
function mayFlagKanban(actor: AuthCredentials): boolean {
  return actor.super || actor.profile === 'admin' || actor.profile === 'supervisor';
}

function refuseLaneChange(actor: AuthCredentials, tag: TagDoc): void {
  if (tag.kanban === 1 && !mayFlagKanban(actor)) throw new AppError('ERR_NO_PERMISSION', { field: 'kanban' });
}

async function refuseDuplicateName(companyId: string, name: string | undefined, exceptId?: string): Promise<void> {
  if (name === undefined) return;
  const filter = { companyId, nameKey: tagNameKey(name), ...(exceptId ? { _id: { $ne: exceptId } } : {}) };
  if (await TagModel.exists(filter)) throw new AppError('ERR_DUPLICATED_TAG');
}

async function refuseUnknownUser(companyId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  if (!(await UserModel.exists({ _id: userId, companyId }))) throw new AppError('ERR_NO_USER_FOUND');
}

function targetCompany(actor: AuthCredentials, companyId?: string): string {
  return actor.super && companyId ? companyId : actor.companyId;
}

export function createTagService(realtime: RealtimePublisher) {
  function announce(companyId: string, action: 'create' | 'update', tag: Tag): void {
    companyTags.invalidate(companyId);
    realtime.publish(companyId, 'tag', { action, tag });
  }

  return {
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number; companyId?: string }): Promise<TagsPage> {
      const companyId = targetCompany(actor, query.companyId);
      const filter: Record<string, unknown> = { companyId };
      if (query.searchParam) filter.name = searchRegex(query.searchParam);
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        TagModel.countDocuments(filter),
        TagModel.find(filter).sort({ nameKey: 1, _id: 1 }).skip(window.skip).limit(window.limit).lean<TagDoc[]>(),
      ]);
      const counts = await ticketCounts(companyId, rows.map((row) => row._id));
      return {
        tags: rows.map((row) => toTag(row, counts.get(String(row._id)) ?? 0)),
        count,
        hasMore: hasMore(count, window, rows.length),
      };
    },

    /** Every tag of the company (pickers, filters), optionally only the kanban lanes. */
    async all(actor: AuthCredentials, query: { kanban?: KanbanFlag; companyId?: string }): Promise<Tag[]> {
      const filter: Record<string, unknown> = { companyId: targetCompany(actor, query.companyId) };
      if (query.kanban !== undefined) filter.kanban = query.kanban;
      const rows = await TagModel.find(filter).sort({ nameKey: 1, _id: 1 }).lean<TagDoc[]>();
      return rows.map((row) => toTag(row));
    },

    async get(actor: AuthCredentials, id: string): Promise<Tag> {
      const tag = await findTag(actor.companyId, id);
      const counts = await ticketCounts(actor.companyId, [tag._id]);
      return toTag(tag, counts.get(id) ?? 0);
    },

    async create(actor: AuthCredentials, input: TagInput): Promise<Tag> {
      const { companyId } = actor;
      if (input.kanban === 1 && !mayFlagKanban(actor)) throw new AppError('ERR_NO_PERMISSION', { field: 'kanban' });
      await refuseDuplicateName(companyId, input.name);
      await refuseUnknownUser(companyId, input.userId);
      const created = await TagModel.create({
        companyId,
        name: input.name,
        nameKey: tagNameKey(input.name ?? ''),
        color: input.color || TAG_DEFAULT_COLOR,
        kanban: input.kanban ?? 0,
        userId: input.userId || actor.userId,
      });
      const tag = toTag(created.toObject() as TagDoc, 0);
      announce(companyId, 'create', tag);
      return tag;
    },

    async update(actor: AuthCredentials, id: string, input: TagInput): Promise<Tag> {
      const { companyId } = actor;
      const current = await findTag(companyId, id);
      refuseLaneChange(actor, current);
      if (input.kanban !== undefined && input.kanban !== current.kanban && !mayFlagKanban(actor)) {
        throw new AppError('ERR_NO_PERMISSION', { field: 'kanban' });
      }
      await refuseDuplicateName(companyId, input.name, id);
      await refuseUnknownUser(companyId, input.userId);
      const set: Record<string, unknown> = {};
      if (input.name !== undefined) Object.assign(set, { name: input.name, nameKey: tagNameKey(input.name) });
      if (input.color !== undefined) set.color = input.color || TAG_DEFAULT_COLOR;
      if (input.kanban !== undefined) set.kanban = input.kanban;
      if (input.userId !== undefined) set.userId = input.userId || null;
      const updated = await TagModel.findOneAndUpdate({ _id: id, companyId }, { $set: set }, { returnDocument: 'after' }).lean<TagDoc>();
      if (!updated) throw new AppError('ERR_NO_TAG_FOUND');
      const counts = await ticketCounts(companyId, [updated._id]);
      const tag = toTag(updated, counts.get(id) ?? 0);
      announce(companyId, 'update', tag);
      return tag;
    },

    /** Deletes the tag and its ticket links. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const { companyId } = actor;
      const tag = await findTag(companyId, id);
      refuseLaneChange(actor, tag);
      await TagModel.deleteOne({ _id: tag._id, companyId });
      companyTags.invalidate(companyId);
      await TicketTagModel.deleteMany({ companyId, tagId: tag._id });
      for (const ticket of await TicketModel.find({ companyId, tagIds: tag._id }).lean<TicketDoc[]>()) {
        await updateTicket(companyId, ticket, { $set: { tagIds: ticket.tagIds.filter((tagId) => String(tagId) !== id) } }, { touch: false });
      }
      realtime.publish(companyId, 'tag', { action: 'delete', tagId: id });
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
