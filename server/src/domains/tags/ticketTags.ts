/** Tags of tickets (document 2: /tags/sync, /ticket-tags) and the helpers the tickets domain reuses. */
import { Types } from 'mongoose';
import type { TicketTags, TicketTagShort } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { ticketView } from '../tickets/view.js';
import { canSee, viewerOf } from '../tickets/visibility.js';
import { toTagShort } from './dto.js';
import { TagModel, TicketTagModel, type TagDoc, type TicketTagDoc } from './model.js';

const objectIds = (ids: (string | Types.ObjectId)[]) => ids.map((id) => (typeof id === 'string' ? new Types.ObjectId(id) : id));

/** Tags of each ticket (two queries, no $lookup), in name order; tickets without tags are absent. */
export async function tagsOfTickets(companyId: string, ticketIds: (string | Types.ObjectId)[]): Promise<Map<string, TicketTagShort[]>> {
  const result = new Map<string, TicketTagShort[]>();
  if (ticketIds.length === 0) return result;
  const links = await TicketTagModel.find({ companyId, ticketId: { $in: objectIds(ticketIds) } }, { ticketId: 1, tagId: 1 }).lean<TicketTagDoc[]>();
  if (links.length === 0) return result;
  const tags = await TagModel.find({ companyId, _id: { $in: [...new Set(links.map((l) => String(l.tagId)))] } }, { name: 1, nameKey: 1, color: 1 })
    .sort({ nameKey: 1 })
    .lean<TagDoc[]>();
  const order = new Map(tags.map((tag, index) => [String(tag._id), index]));
  const byId = new Map(tags.map((tag) => [String(tag._id), toTagShort(tag)]));
  for (const link of links) {
    const tag = byId.get(String(link.tagId));
    if (!tag) continue;
    const list = result.get(String(link.ticketId)) ?? [];
    list.push(tag);
    result.set(String(link.ticketId), list);
  }
  for (const list of result.values()) list.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return result;
}

/** Ids of the tickets carrying any of the tags (the ticket list's tags filter). */
export async function ticketIdsWithTags(companyId: string, tagIds: (string | Types.ObjectId)[]): Promise<Types.ObjectId[]> {
  if (tagIds.length === 0) return [];
  const ids = await TicketTagModel.distinct('ticketId', { companyId, tagId: { $in: objectIds(tagIds) } });
  return ids as Types.ObjectId[];
}

/** Removes every tag link of the tickets (a ticket deleted by the tickets domain). */
export async function removeTicketTags(companyId: string, ticketIds: (string | Types.ObjectId)[]): Promise<void> {
  if (ticketIds.length > 0) await TicketTagModel.deleteMany({ companyId, ticketId: { $in: objectIds(ticketIds) } });
}

/** A ticket of the company the actor may act on. */
async function actableTicket(actor: AuthCredentials, ticketId: string): Promise<TicketDoc> {
  const ticket = await TicketModel.findOne({ _id: ticketId, companyId: actor.companyId }).lean<TicketDoc>();
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!canSee(await viewerOf(actor), ticket)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
}

async function refuseUnknownTags(companyId: string, tagIds: string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const found = await TagModel.countDocuments({ companyId, _id: { $in: objectIds(tagIds) } });
  if (found !== new Set(tagIds).size) throw new AppError('ERR_NO_TAG_FOUND');
}

/** Inserts the missing links; a link made meanwhile by someone else is no failure. */
async function link(companyId: string, ticketId: Types.ObjectId, tagIds: string[]): Promise<void> {
  const existing = new Set(
    (await TicketTagModel.find({ companyId, ticketId }, { tagId: 1 }).lean<TicketTagDoc[]>()).map((row) => String(row.tagId)),
  );
  for (const tagId of tagIds.filter((id) => !existing.has(id))) {
    try {
      await TicketTagModel.create({ companyId, ticketId, tagId });
    } catch (err) {
      if (!(await TicketTagModel.exists({ companyId, ticketId, tagId }))) throw err;
    }
  }
}

export function createTicketTagService(realtime: RealtimePublisher) {
  /** A `ticket` update with the whole ticket (the channel's visibility filter reads it), its id and tags. */
  async function announce(companyId: string, ticket: TicketDoc): Promise<TicketTags> {
    const tags = (await tagsOfTickets(companyId, [ticket._id])).get(String(ticket._id)) ?? [];
    const answer = { ticketId: String(ticket._id), tags };
    realtime.publish(companyId, 'ticket', { action: 'update', ...answer, ticket: await ticketView(companyId, ticket) });
    return answer;
  }

  return {
    /** The ticket ends up with exactly these tags. */
    async sync(actor: AuthCredentials, input: { ticketId: string; tags: { id: string }[] }): Promise<TicketTags> {
      const { companyId } = actor;
      const ticket = await actableTicket(actor, input.ticketId);
      const tagIds = input.tags.map((tag) => tag.id);
      await refuseUnknownTags(companyId, tagIds);
      await TicketTagModel.deleteMany({ companyId, ticketId: ticket._id, tagId: { $nin: objectIds(tagIds) } });
      await link(companyId, ticket._id, tagIds);
      return announce(companyId, ticket);
    },

    async add(actor: AuthCredentials, ticketId: string, tagId: string): Promise<TicketTags> {
      const { companyId } = actor;
      const ticket = await actableTicket(actor, ticketId);
      await refuseUnknownTags(companyId, [tagId]);
      await link(companyId, ticket._id, [tagId]);
      return announce(companyId, ticket);
    },

    async clear(actor: AuthCredentials, ticketId: string): Promise<void> {
      const ticket = await actableTicket(actor, ticketId);
      await TicketTagModel.deleteMany({ companyId: actor.companyId, ticketId: ticket._id });
      await announce(actor.companyId, ticket);
    },
  };
}
