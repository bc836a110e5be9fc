/**
 * A typebot integration (or a flow's typebot block) talking with a ticket's customer: one Typebot
 * session per ticket, started afresh after `typebotExpires` minutes of silence (0: never), when
 * an agent accepted the ticket since, or when Typebot no longer knows it; the customer's keyword
 * `typebotKeywordFinish` ends it and hands the ticket over, `typebotKeywordRestart` says
 * `typebotRestartMessage` and starts over. The bot's messages go out `typebotDelayMessage` ms apart;
 * the end of its flow (or a transfer command) hands the ticket over.
 */
import type { TicketDoc } from '../../domains/tickets/model.js';
import type { Outgoing } from './outgoing.js';
import { isSessionOf, saveSession, sessionHolds, sessionOf } from './sessions.js';
import { sameWords, typebotSettingsOf, type IntegrationSource, type TypebotSettings } from './source.js';
import type { TicketState } from './ticketState.js';
import { TypebotError, type TypebotApi, type TypebotReply } from './typebotApi.js';
import { answerTo, renderReply } from './typebotRender.js';

/** Answers of Typebot that mean it no longer has the session. */
const SESSION_GONE = new Set([400, 404, 410]);

export interface CustomerTurn {
  text: string;
  /** The message's key (its provider id): a message is taken once. */
  key: string;
}

function expired(lastActivityAt: Date, settings: TypebotSettings): boolean {
  return settings.expiresMinutes > 0 && Date.now() - lastActivityAt.getTime() > settings.expiresMinutes * 60_000;
}

export function createTypebotRunner(deps: { api: TypebotApi; outgoing: Outgoing; state: TicketState }) {
  const { api, outgoing, state } = deps;

  function start(ticket: TicketDoc, settings: TypebotSettings): Promise<TypebotReply> {
    const contact = ticket.contact ?? { name: '', number: '' };
    return api.startChat(settings.url, settings.slug, { number: contact.number, name: contact.name, pushName: contact.name, ticketId: String(ticket._id) });
  }

  /** Gives the customer's message to the bot and says its answer; the caller holds the ticket's turn. */
  async function turn(ticket: TicketDoc, source: IntegrationSource, customer: CustomerTurn): Promise<void> {
    const companyId = String(ticket.companyId);
    const settings = typebotSettingsOf(source);
    if (!settings.url || !settings.slug) {
      await state.failed(companyId, ticket._id, source, 'the typebot has no URL or slug');
      return;
    }
    if (settings.keywordFinish && sameWords(customer.text, settings.keywordFinish)) {
      await state.handOver(companyId, ticket._id, source, 'keyword');
      return;
    }
    const session = await sessionOf(ticket);
    const current = isSessionOf(session, source) && sessionHolds(session, ticket) && session.typebotSessionId && !expired(session.lastActivityAt, settings) ? session : null;
    let reply: TypebotReply;
    if (settings.keywordRestart && sameWords(customer.text, settings.keywordRestart)) {
      if (settings.restartMessage.trim()) await outgoing.send(companyId, ticket._id, [{ text: settings.restartMessage }], 0);
      reply = await start(ticket, settings);
    } else if (!current?.typebotSessionId) {
      reply = await start(ticket, settings);
    } else {
      try {
        reply = await api.continueChat(settings.url, current.typebotSessionId, answerTo(current.choices ?? [], customer.text));
      } catch (err) {
        if (!(err instanceof TypebotError) || !SESSION_GONE.has(err.status ?? 0)) throw err;
        reply = await start(ticket, settings);
      }
    }
    const rendered = renderReply(reply, settings.unknownMessage);
    await saveSession(ticket, source, { typebotSessionId: reply.sessionId ?? current?.typebotSessionId ?? null, choices: rendered.choices, lastMessageKey: customer.key });
    await outgoing.send(companyId, ticket._id, rendered.items, settings.delayMs);
    if (rendered.handOver) await state.handOver(companyId, ticket._id, source, 'transfer', rendered.handOver);
    else if (rendered.ended) await state.handOver(companyId, ticket._id, source, 'end');
  }

  return { turn };
}

export type TypebotRunner = ReturnType<typeof createTypebotRunner>;
