/**
 * A company's history written straight to the database in the form the server writes it: contacts
 * with their search keys, tickets with the contact copy and derived keys (lanes), messages with
 * their place in the conversation and keys, and the counters those imply. The same functions as the
 * server's writers derive every key, so the lists read exactly what a company that grew through the
 * API would hold, without paying 1M API calls to get there.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { Types } from 'mongoose';
import { CounterTotals } from '../../server/src/platform/database/counterBuild.js';
import { searchWordsOf } from '../../server/src/platform/database/models.js';
import { contactMove } from '../../server/src/domains/contacts/directory.js';
import { identityKeyOf, nameKeyOf } from '../../server/src/domains/contacts/model.js';
import { searchKeysOf } from '../../server/src/domains/contacts/searchKeys.js';
import { pageKeyOf } from '../../server/src/domains/messages/store.js';
import { moveOf } from '../../server/src/domains/tickets/laneCounts.js';
import { contactCopyOf, type TicketDoc } from '../../server/src/domains/tickets/model.js';
import { derivedKeys } from '../../server/src/domains/tickets/writer.js';

const BATCH = 2_000;
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Pedro', 'Quitéria', 'Rafael', 'Sofia', 'Tiago'];
/** Twenty surnames: a fragment of one of them matches about 5% of the contacts. */
export const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'];
const WORDS = ['pedido', 'entrega', 'boleto', 'troca', 'garantia', 'pagamento', 'nota', 'prazo', 'endereço', 'cupom', 'frete', 'devolução'];

export interface SeedPlan {
  companyId: string;
  whatsappId: string;
  queueIds: string[];
  userIds: string[];
  tickets: number;
  messages: number;
  /** Progress lines. */
  log(message: string): void;
}

export interface Seeded {
  /** Ticket ids, newest first (ticket n was last active n × 30 s ago). */
  ticketIds: Types.ObjectId[];
  /** Documents written, and how long it took. */
  documents: number;
  seconds: number;
}

export function contactName(n: number): string {
  return `${FIRST_NAMES[n % FIRST_NAMES.length]} ${SURNAMES[Math.floor(n / FIRST_NAMES.length) % SURNAMES.length]} ${n}`;
}

export async function seedCompanyHistory(db: Db, plan: SeedPlan): Promise<Seeded> {
  const started = performance.now();
  const companyId = new Types.ObjectId(plan.companyId);
  const whatsappId = new Types.ObjectId(plan.whatsappId);
  const counters = new CounterTotals();
  const now = Date.now();
  const perTicket = Math.max(1, Math.floor(plan.messages / plan.tickets));
  const ticketIds: Types.ObjectId[] = [];
  let documents = 0;

  for (let start = 0; start < plan.tickets; start += BATCH) {
    const size = Math.min(BATCH, plan.tickets - start);
    const contacts = [];
    const tickets = [];
    const messages = [];
    for (let n = start; n < start + size; n += 1) {
      const at = new Date(now - n * 30_000);
      const created = new Date(at.getTime() - 3_600_000);
      const name = contactName(n);
      const nameKey = nameKeyOf(name);
      const number = `5511${String(900_000_000 + n)}`;
      const contact = { _id: new Types.ObjectId(), companyId, name, nameKey, number, numberKey: identityKeyOf({ number }), lid: null, waNumber: number, duplicateKey: null, mergedInto: null, email: '', profilePicUrl: '', isGroup: false, extraInfo: [], createdAt: created, updatedAt: created };
      contacts.push({ ...contact, searchKeys: searchKeysOf({ nameKey, number, email: '', createdAt: created }) });
      counters.add(plan.companyId, contactMove(null, { nameKey, createdAt: created, isGroup: false }).grow);

      const status = n % 10 === 0 ? 'pending' : n % 10 < 4 ? 'open' : 'closed';
      const ticketId = new Types.ObjectId();
      ticketIds.push(ticketId);
      const bodies = Array.from({ length: perTicket }, (_, seq) => `${seq % 2 ? 'Sobre o' : 'Olá, meu'} ${WORDS[(n + seq) % WORDS.length]} número ${n}-${seq}`);
      const ticket = {
        _id: ticketId, companyId, uuid: randomUUID(), status, contactId: contact._id, contact: contactCopyOf(contact), whatsappId,
        userId: status === 'pending' ? null : new Types.ObjectId(plan.userIds[n % plan.userIds.length]), queueId: new Types.ObjectId(plan.queueIds[n % plan.queueIds.length]),
        isGroup: false, chatbot: false, queueOptionId: null, amountUsedBotQueues: 0, lastMessage: bodies[bodies.length - 1]!, unreadMessages: 0, useIntegration: false,
        promptId: null, integrationId: null, lastInteractionAt: at, acceptedAt: status === 'pending' ? null : created, closedAt: status === 'closed' ? at : null, awaitingRating: false,
        createdDay: created.toISOString().slice(0, 10), createdHour: created.getUTCHours(), tagIds: [], messageCount: perTicket, rev: 0, createdAt: created, updatedAt: at,
      } as unknown as TicketDoc;
      tickets.push({ ...ticket, ...derivedKeys(ticket) });
      counters.add(plan.companyId, moveOf(null, ticket).grow);

      for (let seq = 0; seq < perTicket; seq += 1) {
        const fromMe = seq % 2 === 1;
        const sentAt = new Date(created.getTime() + (seq * (at.getTime() - created.getTime())) / perTicket);
        messages.push({
          companyId, ticketId, contactId: fromMe ? null : contact._id, whatsappId, providerMessageId: `seed:${n}:${seq}`, body: bodies[seq]!, fromMe, userId: fromMe ? ticket.userId : null,
          read: true, ack: fromMe ? 3 : 0, mediaType: 'chat', mediaPath: null, mediaMimeType: null, mediaName: null, mediaError: null, quotedMsgId: null, isDeleted: false, isEdited: false,
          sendAttempts: fromMe ? 1 : 0, sendError: null, participant: null, seq, pageKey: pageKeyOf(ticketId, seq), unreadKey: null, words: searchWordsOf(bodies[seq]!), undecryptable: false,
          createdAt: sentAt, updatedAt: sentAt,
        });
      }
    }
    await db.collection('contacts').insertMany(contacts);
    await db.collection('tickets').insertMany(tickets);
    for (let from = 0; from < messages.length; from += BATCH * 2) await db.collection('messages').insertMany(messages.slice(from, from + BATCH * 2));
    documents += contacts.length + tickets.length + messages.length;
    if ((start / BATCH) % 5 === 0) plan.log(`  ${start + size} tickets, ${(start + size) * perTicket} messages`);
  }
  for (const docs of counters.documents(BATCH)) {
    await db.collection('counters').insertMany(docs);
    documents += docs.length;
  }
  return { ticketIds, documents, seconds: (performance.now() - started) / 1000 };
}
