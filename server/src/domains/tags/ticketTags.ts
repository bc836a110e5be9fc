/** Tags of tickets (document 2: /tags/sync, /ticket-tags) and the helpers the tickets domain reuses. */
import { Types } from 'mongoose';
import type { TicketTags } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket } from '../tickets/writer.js';
import { ticketView } from '../tickets/view.js';
import { canSee, viewerOf } from '../tickets/visibility.js';
import { companyTags } from './cache.js';
import { TagModel, TicketTagModel, type TicketTagDoc } from './model.js';

const objectIds = (ids: (string | Types.ObjectId)[]) => ids.map((id) => (typeof id === 'string' ? new Types.ObjectId(id) : id));

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
  /**
   * Copies the ticket's links onto the ticket (lists read its tags there) and announces a `ticket`
   * update with the whole ticket (the channel's visibility filter reads it), its id and tags.
   */
  async function announce(companyId: string, ticket: TicketDoc): Promise<TicketTags> {
    const links = await TicketTagModel.find({ companyId, ticketId: ticket._id }, { tagId: 1 }).lean<Pick<TicketTagDoc, 'tagId'>[]>();
    const updated = (await updateTicket(companyId, ticket._id, { $set: { tagIds: links.map((link) => link.tagId) } }, { touch: false })) ?? ticket;
    const view = await ticketView(companyId, updated);
    const answer = { ticketId: String(ticket._id), tags: view.tags };
    realtime.publish(companyId, 'ticket', { action: 'update', ...answer, ticket: view });
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

    /** Removes the ticket's lane (kanban) tags, keeping its other tags, as the seed does for a card moved off its lane. */
    async clear(actor: AuthCredentials, ticketId: string): Promise<void> {
      const ticket = await actableTicket(actor, ticketId);
      const lanes = [...(await companyTags.get(actor.companyId)).values()].filter((tag) => tag.kanban === 1).map((tag) => tag._id);
      if (lanes.length > 0) await TicketTagModel.deleteMany({ companyId: actor.companyId, ticketId: ticket._id, tagId: { $in: lanes } });
      await announce(actor.companyId, ticket);
    },
  };
}
