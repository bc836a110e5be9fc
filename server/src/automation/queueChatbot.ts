/**
 * The queue chatbot (document 2, queues and options; issue 3): on a new ticket of a connection
 * with several queues it sends the greeting and the numbered queues; the customer's answer
 * routes the ticket to a queue, then walks that queue's options tree. Out of business hours the
 * out-of-hours message is sent instead (setting scheduleType: company or queue hours).
 */
import { createI18n } from '@atende/shared';
import type { Types } from 'mongoose';
import type { Config } from '../platform/config.js';
import type { MessageService } from '../domains/messages/service.js';
import { CompanyModel, type CompanyDoc } from '../domains/companies/model.js';
import { QueueModel, QueueOptionModel, type QueueDoc, type QueueOptionDoc } from '../domains/queues/model.js';
import { companySetting } from '../domains/settings/service.js';
import type { TicketDoc } from '../domains/tickets/model.js';
import { updateTicket, type TicketChange } from '../domains/tickets/writer.js';
import type { ConnectionSettings } from '../domains/whatsapp/cache.js';
import { isOpen } from './businessHours.js';
import { companyTimeZone } from '../domains/settings/timeZone.js';

/** The customer's answer that goes back one level in the options tree. */
const BACK = ['0', '#'];

function menu(entries: { option: string; title: string }[], back?: string): string {
  const lines = entries.map((e) => `*${e.option}* - ${e.title}`);
  if (back) lines.push(`*#* - ${back}`);
  return lines.join('\n');
}

export function createQueueChatbot(deps: { messages: MessageService; config: Config }) {
  const { messages, config } = deps;
  const texts = createI18n(config.language);

  async function say(ticket: TicketDoc, body: string): Promise<void> {
    if (body.trim()) await messages.storeOutbound({ companyId: String(ticket.companyId), ticket, body, origin: 'chatbot' });
  }

  async function save(ticket: TicketDoc, set: TicketChange['$set']): Promise<TicketDoc> {
    const updated = await updateTicket(ticket.companyId, ticket, { $set: set });
    return updated ?? ticket;
  }

  async function queuesOf(whatsapp: ConnectionSettings): Promise<QueueDoc[]> {
    const ids = (whatsapp.queueIds ?? []) as Types.ObjectId[];
    if (ids.length === 0) return [];
    return QueueModel.find({ companyId: whatsapp.companyId, _id: { $in: ids } }).sort({ orderQueue: 1, name: 1 }).lean<QueueDoc[]>();
  }

  async function options(ticket: TicketDoc, parentId: Types.ObjectId | null): Promise<QueueOptionDoc[]> {
    const rows = await QueueOptionModel.find({ companyId: ticket.companyId, queueId: ticket.queueId, parentId }).lean<QueueOptionDoc[]>();
    return rows.sort((a, b) => String(a.option).localeCompare(String(b.option), undefined, { numeric: true }));
  }

  /** Out of hours (company or queue schedule, per scheduleType): says so and answers true. */
  async function closedNow(ticket: TicketDoc, whatsapp: ConnectionSettings, queue: QueueDoc | null): Promise<boolean> {
    const companyId = String(ticket.companyId);
    const scheduleType = await companySetting(companyId, 'scheduleType');
    if (scheduleType === 'company') {
      const company = await CompanyModel.findById(companyId, { schedules: 1 }).lean<Pick<CompanyDoc, 'schedules'>>();
      if (company && !isOpen(company.schedules ?? [], await companyTimeZone(companyId))) {
        await say(ticket, whatsapp.outOfHoursMessage ?? '');
        return true;
      }
    }
    if (scheduleType === 'queue' && queue && !isOpen(queue.schedules ?? [], await companyTimeZone(companyId))) {
      await say(ticket, queue.outOfHoursMessage ?? '');
      return true;
    }
    return false;
  }

  /**
   * Enters a queue: its greeting, then its options when it has some. A queue answered by a bot
   * (an integration or a prompt) greets only: its bot answers from here (tickets/queueEntered.ts).
   */
  async function enterQueue(ticket: TicketDoc, whatsapp: ConnectionSettings, queue: QueueDoc): Promise<void> {
    const answeredByBot = Boolean(queue.integrationId || queue.promptId);
    let current = await save(ticket, { queueId: queue._id, queueOptionId: null, ...(answeredByBot ? { chatbot: false } : {}) });
    if (await closedNow(current, whatsapp, queue)) {
      await save(current, { chatbot: false });
      return;
    }
    if (answeredByBot) {
      await say(current, queue.greetingMessage ?? '');
      return;
    }
    const top = await options(current, null);
    current = await save(current, { chatbot: top.length > 0 });
    const list = top.length > 0 ? `\n\n${menu(top.map((o) => ({ option: String(o.option), title: o.title })))}` : '';
    await say(current, `${queue.greetingMessage ?? ''}${list}`);
  }

  return {
    /** A new ticket arrived on the connection. */
    async start(ticket: TicketDoc, whatsapp: ConnectionSettings): Promise<void> {
      if (ticket.isGroup) return;
      const queues = await queuesOf(whatsapp);
      if (queues.length === 0) {
        if (!(await closedNow(ticket, whatsapp, null))) await say(ticket, whatsapp.greetingMessage ?? '');
        return;
      }
      if (queues.length === 1) {
        const [queue] = queues as [QueueDoc];
        if ((await companySetting(String(ticket.companyId), 'sendGreetingMessageOneQueues')) === 'enabled' || (await options({ ...ticket, queueId: queue._id }, null)).length > 0) {
          await enterQueue(ticket, whatsapp, queue);
        } else {
          await save(ticket, { queueId: queue._id });
        }
        return;
      }
      if (await closedNow(ticket, whatsapp, null)) return;
      const current = await save(ticket, { chatbot: true, queueOptionId: null });
      const list = menu(queues.map((q, i) => ({ option: String(i + 1), title: q.name })));
      await say(current, `${whatsapp.greetingMessage ? `${whatsapp.greetingMessage}\n\n` : ''}${list}`);
    },

    /** The customer answered while the chatbot holds the ticket. */
    async answer(ticket: TicketDoc, whatsapp: ConnectionSettings, body: string): Promise<void> {
      const choice = body.trim();
      if (!ticket.queueId) {
        const queues = await queuesOf(whatsapp);
        const queue = queues[Number(choice) - 1];
        if (queue && /^\d+$/.test(choice)) {
          await enterQueue(ticket, whatsapp, queue);
          return;
        }
        const used = ticket.amountUsedBotQueues + 1;
        // After maxUseBotQueues wrong answers the bot gives up: the ticket waits for an agent.
        const limit = whatsapp.maxUseBotQueues ?? 3;
        const current = await save(ticket, { amountUsedBotQueues: used, chatbot: limit <= 0 || used < limit });
        if (current.chatbot) await say(current, `${texts.t('inbox.invalidOption')}\n\n${menu(queues.map((q, i) => ({ option: String(i + 1), title: q.name })))}`);
        return;
      }
      const level = ticket.queueOptionId;
      if (BACK.includes(choice) && level) {
        const parent = await QueueOptionModel.findOne({ companyId: ticket.companyId, _id: level }).lean<QueueOptionDoc>();
        const current = await save(ticket, { queueOptionId: parent?.parentId ?? null });
        const siblings = await options(current, current.queueOptionId);
        await say(current, menu(siblings.map((o) => ({ option: String(o.option), title: o.title })), current.queueOptionId ? texts.t('inbox.backOption') : undefined));
        return;
      }
      const children = await options(ticket, level);
      const picked = children.find((o) => String(o.option) === choice);
      if (!picked) {
        await say(ticket, `${texts.t('inbox.invalidOption')}\n\n${menu(children.map((o) => ({ option: String(o.option), title: o.title })), level ? texts.t('inbox.backOption') : undefined)}`);
        return;
      }
      const below = await options(ticket, picked._id);
      const current = await save(ticket, { queueOptionId: below.length > 0 ? picked._id : level, chatbot: below.length > 0 });
      const list = below.length > 0 ? `\n\n${menu(below.map((o) => ({ option: String(o.option), title: o.title })), texts.t('inbox.backOption'))}` : '';
      await say(current, `${picked.message ?? ''}${list}`);
    },
  };
}

export type QueueChatbot = ReturnType<typeof createQueueChatbot>;
