/**
 * Tickets that a write cut by a database outage left unsettled on this node: a message stored
 * whose ticket never counted it, or a ticket counting a reply that was never stored. Each is set
 * right from what is stored (settle.ts) before this node stores another message on it, so that
 * the next message never takes the place the first one holds, and by a retry every few seconds
 * until the database answers. Meanwhile it holds the clean point (platform/database/cleanPoint.ts):
 * a crash leaves it to the start-up repair.
 */
import type { Language } from '@atende/shared';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { holdCleanPoint } from '../../platform/database/cleanPoint.js';
import { isDatabaseAway } from '../../platform/errors.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { publishTicket } from '../tickets/events.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { settleTicket } from './settle.js';

const RETRY_MS = 2_000;

interface Unsettled {
  companyId: string;
  fromSeq: number;
  release(): void;
}

const waiting = new Map<string, Unsettled>();
const settling = keyedSerial();
let announce: ((ticket: TicketDoc) => void) | undefined;
let logger: Logger | undefined;
/** The company previews' language (the config's), set by retryUnsettled. */
let language: Language = 'pt';

/** A write on the ticket was cut after place `fromSeq` may have been taken. */
export function markUnsettled(companyId: unknown, ticketId: unknown, fromSeq: number): void {
  const known = waiting.get(String(ticketId));
  if (known) {
    known.fromSeq = Math.min(known.fromSeq, fromSeq);
    return;
  }
  logger?.warn({ ticketId: String(ticketId) }, 'a write of a ticket was cut: it is set right from its messages once the database answers');
  waiting.set(String(ticketId), { companyId: String(companyId), fromSeq, release: holdCleanPoint(new Date()) });
}

/** Settles the ticket; only an outage keeps it waiting (any other failure is logged and given up). */
function settle(ticketId: string): Promise<void> {
  return settling.run(ticketId, async () => {
    const entry = waiting.get(ticketId);
    if (!entry) return;
    let updated: TicketDoc | null = null;
    try {
      updated = await settleTicket(entry.companyId, ticketId, entry.fromSeq, language);
    } catch (err) {
      if (isDatabaseAway(err)) throw err;
      logger?.error({ err, ticketId }, 'a ticket a cut write left could not be set right');
    }
    waiting.delete(ticketId);
    entry.release();
    if (updated) announce?.(updated);
  });
}

/** The ticket to write next: `ticket` itself, or, when a cut write left it unsettled here, as it is once settled. */
export async function settledBeforeWrite(ticket: TicketDoc): Promise<TicketDoc> {
  if (!waiting.has(String(ticket._id))) return ticket;
  await settle(String(ticket._id));
  return (await TicketModel.findOne({ companyId: ticket.companyId, _id: ticket._id }).lean<TicketDoc>()) ?? ticket;
}

/** Retries the unsettled tickets every few seconds (the database back, they are settled), pushing each change. */
export function retryUnsettled(deps: { realtime: RealtimePublisher; logger: Logger; language: Language }): { stop(): void } {
  // Left by an earlier app of this process (tests run several): its own clean point kept them for its database's next start.
  for (const entry of waiting.values()) entry.release();
  waiting.clear();
  announce = (ticket) => void publishTicket(deps.realtime, ticket).catch(() => undefined);
  logger = deps.logger;
  language = deps.language;
  const timer = setInterval(() => {
    for (const ticketId of [...waiting.keys()]) {
      settle(ticketId).catch((err: unknown) => deps.logger.debug({ err, ticketId }, 'an unsettled ticket waits for the database'));
    }
  }, RETRY_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      announce = undefined;
      logger = undefined;
    },
  };
}
