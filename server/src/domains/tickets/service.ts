/**
 * Ticket rules (document 1 section 4): creation, every transition of PUT /tickets/{id} with its
 * side effects (greeting on accept, transfer message, rating request or completion message on
 * resolve), deletion.
 */
import { createI18n, type FlowRunEndReason, type OtherOpenTicket, type OtherTicketRef, type Ticket, type TicketCreate, type TicketUpdate } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import type { MessageService } from '../messages/service.js';
import { MessageActionModel } from '../messages/actionModel.js';
import { MessageModel } from '../messages/model.js';
import { greetingNow } from '../messages/variables.js';
import { refuseUnknownPrompt } from '../prompts/dto.js';
import { refuseUnknownIntegration } from '../queueIntegrations/dto.js';
import { QueueModel, type QueueDoc } from '../queues/model.js';
import { companySetting } from '../settings/service.js';
import { TicketTagModel } from '../tags/model.js';
import { TicketNoteModel } from '../ticketNotes/model.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import { ticketForActor } from './access.js';
import { findActiveTicket } from './contactTickets.js';
import { publishTicket, publishTicketDeleted } from './events.js';
import { contactCopyOf, TicketModel, type TicketDoc } from './model.js';
import { ticketView } from './view.js';
import { canSee, viewerOf } from './visibility.js';
import { createTicket, deleteTickets, updateTicket } from './writer.js';
import { companyTimeZone } from '../settings/timeZone.js';


async function connectionFor(companyId: string, whatsappId?: string | null): Promise<WhatsappDoc> {
  const filter = whatsappId ? { companyId, _id: whatsappId } : { companyId, isDefault: true };
  const whatsapp = await WhatsappModel.findOne(filter).lean<WhatsappDoc>();
  if (!whatsapp) throw new AppError(whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  return whatsapp;
}

async function queueOf(companyId: string, queueId: string): Promise<QueueDoc> {
  const queue = await QueueModel.findOne({ companyId, _id: queueId }).lean<QueueDoc>();
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
  return queue;
}

async function userOf(companyId: string, userId: string): Promise<UserDoc> {
  const user = await UserModel.findOne({ companyId, _id: userId }).lean<UserDoc>();
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

/** Null for "clear" (null, '' or false), the id otherwise, undefined when not sent. */
function idOrClear(value: string | false | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value ? value : null;
}

/** Why an update takes the ticket out of a running flow (null: it stays in it). */
function flowLeftBy(ticket: TicketDoc, set: Record<string, unknown>): FlowRunEndReason | null {
  if (!ticket.flowRun) return null;
  if (set.status === 'closed') return 'closed';
  if (set.status === 'open') return 'accepted';
  const moved = (field: 'queueId' | 'userId') => field in set && String(set[field] ?? null) !== String(ticket[field] ?? null);
  return moved('queueId') || moved('userId') ? 'transferred' : null;
}

export function createTicketService(deps: {
  realtime: RealtimePublisher;
  messages: MessageService;
  config: Config;
  /** Ends the flow run of a ticket an agent took (automation/flows). */
  leaveFlow?: (companyId: string, ticketId: TicketDoc['_id'], reason: FlowRunEndReason) => Promise<boolean>;
}) {
  const { realtime, messages, config } = deps;
  const texts = createI18n(config.language);

  async function say(ticket: TicketDoc, body: string): Promise<void> {
    await messages.storeOutbound({ companyId: String(ticket.companyId), ticket, body });
  }

  /** The other ticket goes whole to whoever may see it; others learn only who has it and in which queue. */
  async function refuseOtherOpenTicket(actor: AuthCredentials, contactId: string, whatsappId: string): Promise<void> {
    const { companyId } = actor;
    const other = await findActiveTicket(companyId, contactId, whatsappId);
    if (!other) return;
    const view = await ticketView(companyId, other);
    const visible = canSee(await viewerOf(actor), other);
    const extra: OtherOpenTicket = {
      ticket: visible ? view : { id: view.id, uuid: view.uuid, status: view.status, userId: view.userId, queueId: view.queueId },
      user: view.user,
      queue: view.queue ? { id: view.queue.id, name: view.queue.name } : null,
    };
    throw new AppError('ERR_OTHER_OPEN_TICKET', { ...extra });
  }

  /** Side effects of a transition, once the ticket is saved. */
  async function afterTransition(before: TicketDoc, after: TicketDoc, actor: AuthCredentials): Promise<void> {
    const companyId = String(after.companyId);
    if (after.isGroup) return;
    const contact = after.contact;
    const accepted = before.status === 'pending' && after.status === 'open';
    if (accepted && (await companySetting(companyId, 'sendGreetingAccepted')) === 'enabled') {
      const user = await userOf(companyId, String(after.userId ?? actor.userId));
      await say(after, texts.t('inbox.greetingAccepted', { greeting: greetingNow(texts, await companyTimeZone(companyId)), name: contact?.name ?? '', user: user.name }));
    }
    const queueChanged = String(before.queueId) !== String(after.queueId) && after.queueId !== null;
    const userChanged = String(before.userId) !== String(after.userId) && after.userId !== null && !accepted && before.userId !== null;
    if ((queueChanged || userChanged) && after.status !== 'closed' && (await companySetting(companyId, 'sendMsgTransfTicket')) === 'enabled') {
      if (userChanged) {
        const user = await userOf(companyId, String(after.userId));
        await say(after, texts.t('inbox.transferredToUser', { user: user.name }));
      } else {
        const queue = await queueOf(companyId, String(after.queueId));
        await say(after, texts.t('inbox.transferredToQueue', { queue: queue.name }));
      }
    }
    if (before.status !== 'closed' && after.status === 'closed') {
      const whatsapp = after.whatsappId ? await WhatsappModel.findOne({ companyId, _id: after.whatsappId }).lean<WhatsappDoc>() : null;
      if (after.awaitingRating) await say(after, whatsapp?.ratingMessage || texts.t('inbox.ratingRequest'));
      else if (whatsapp?.complationMessage) await say(after, whatsapp.complationMessage);
    }
  }

  /** The new state of a ticket for an update, following section 4's transitions. */
  async function nextState(ticket: TicketDoc, input: TicketUpdate, actor: AuthCredentials): Promise<Record<string, unknown>> {
    const companyId = actor.companyId;
    const set: Record<string, unknown> = {};
    const userId = idOrClear(input.userId);
    const queueId = idOrClear(input.queueId);
    if (userId) await userOf(companyId, userId);
    if (queueId) await queueOf(companyId, queueId);
    // Another company's prompt or integration is no more a ticket's than its queue (issue 29).
    await refuseUnknownPrompt(companyId, idOrClear(input.promptId));
    await refuseUnknownIntegration(companyId, idOrClear(input.integrationId));
    if (input.whatsappId) set.whatsappId = (await connectionFor(companyId, input.whatsappId))._id;
    if (queueId !== undefined) set.queueId = queueId;
    if (input.useIntegration !== undefined) set.useIntegration = input.useIntegration;
    if (input.promptId !== undefined) set.promptId = idOrClear(input.promptId);
    if (input.integrationId !== undefined) set.integrationId = idOrClear(input.integrationId);

    if (input.status === undefined) {
      // Transfer: to a queue without a user the ticket waits in that queue; with a user, only
      // user and queue change.
      if (queueId !== undefined && userId === null) Object.assign(set, { status: 'pending', userId: null });
      else if (userId !== undefined) set.userId = userId;
      return set;
    }
    if (input.status === 'closed') {
      const rater = userId ?? ticket.userId;
      const rating = Boolean(rater) && ticket.status !== 'closed' && !ticket.isGroup && (await companySetting(companyId, 'userRating')) === 'enabled';
      return {
        ...set,
        ...(userId !== undefined ? { userId } : {}),
        status: 'closed',
        closedAt: new Date(),
        useIntegration: false,
        promptId: null,
        integrationId: null,
        integrationRun: null,
        handedOver: false,
        aiError: null,
        flowEnd: null,
        chatbot: false,
        queueOptionId: null,
        awaitingRating: rating,
      };
    }
    if (input.status === 'pending') return { ...set, status: 'pending', userId: null };
    // open: accept a pending ticket or reopen a closed one, assigned to the user sent or the actor.
    const reopened = ticket.status !== 'open' ? { acceptedAt: new Date(), closedAt: null, chatbot: false, awaitingRating: false } : {};
    return { ...set, ...reopened, status: 'open', userId: userId ?? ticket.userId ?? actor.userId };
  }

  return {
    /** One ticket, its contact with the extra information (lists carry only the contact's copy). */
    async get(actor: AuthCredentials, ref: string): Promise<Ticket> {
      const { ticket } = await ticketForActor(actor, ref);
      const [view, contact] = await Promise.all([
        ticketView(actor.companyId, ticket),
        ContactModel.findOne({ companyId: actor.companyId, _id: ticket.contactId }, { extraInfo: 1 }).lean<Pick<ContactDoc, 'extraInfo'>>(),
      ]);
      if (view.contact) view.contact.extraInfo = (contact?.extraInfo ?? []).map((info) => ({ id: String(info._id), name: info.name, value: info.value }));
      return view;
    },

    async create(actor: AuthCredentials, input: TicketCreate): Promise<Ticket> {
      const companyId = actor.companyId;
      const contact = await ContactModel.findOne({ companyId, _id: input.contactId }).lean<ContactDoc>();
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      const isAdmin = actor.super || actor.profile === 'admin';
      if (!input.queueId && !isAdmin) throw new AppError('ERR_VALIDATION', { field: 'queueId', rule: 'any.required' }, 'queueId: select a queue');
      if (input.queueId) {
        await queueOf(companyId, input.queueId);
        const me = await userOf(companyId, actor.userId);
        if (!isAdmin && !me.queueIds.map(String).includes(input.queueId)) throw new AppError('ERR_NO_PERMISSION');
      }
      const whatsapp = await connectionFor(companyId, input.whatsappId);
      await refuseOtherOpenTicket(actor, input.contactId, String(whatsapp._id));
      const userId = input.userId || actor.userId;
      await userOf(companyId, userId);
      const ticket = await createTicket({
        companyId,
        status: 'open',
        contactId: contact._id,
        contact: contactCopyOf(contact),
        whatsappId: whatsapp._id,
        userId,
        queueId: input.queueId || null,
        isGroup: contact.isGroup,
        acceptedAt: new Date(),
      });
      await publishTicket(realtime, ticket);
      return ticketView(companyId, ticket);
    },

    async update(actor: AuthCredentials, ref: string, input: TicketUpdate): Promise<Ticket> {
      const { ticket } = await ticketForActor(actor, ref);
      const set = await nextState(ticket, input, actor);
      if (set.status === 'open' && ticket.status !== 'open') {
        await refuseOtherOpenTicket(actor, String(ticket.contactId), String(set.whatsappId ?? ticket.whatsappId)).catch((err: unknown) => {
          // The ticket itself is not "another" open ticket.
          if (err instanceof AppError && (err.extra.ticket as OtherTicketRef | undefined)?.id === String(ticket._id)) return;
          throw err;
        });
      }
      const leftFlow = flowLeftBy(ticket, set);
      if (leftFlow) set.flowRun = null;
      const updated = await updateTicket(actor.companyId, ticket, { $set: set });
      if (!updated) throw new AppError('ERR_NO_TICKET_FOUND');
      if (leftFlow) await deps.leaveFlow?.(actor.companyId, ticket._id, leftFlow);
      await publishTicket(realtime, updated);
      await afterTransition(ticket, updated, actor);
      const latest = await TicketModel.findOne({ companyId: actor.companyId, _id: ticket._id }).lean<TicketDoc>();
      return ticketView(actor.companyId, latest ?? updated);
    },

    /** Admins only (route access); the messages, tags and notes go with it. */
    async remove(actor: AuthCredentials, ref: string): Promise<void> {
      const { ticket } = await ticketForActor(actor, ref);
      const scope = { companyId: actor.companyId, ticketId: ticket._id };
      await Promise.all([MessageModel.deleteMany(scope), MessageActionModel.deleteMany(scope), TicketTagModel.deleteMany(scope), TicketNoteModel.deleteMany(scope)]);
      await deleteTickets(actor.companyId, [ticket]);
      publishTicketDeleted(realtime, ticket);
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
