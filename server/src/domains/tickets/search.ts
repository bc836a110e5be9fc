/**
 * The tickets a text finds (the list's searchParam): those of the contacts whose name, number or
 * e-mail contain it, and those with a message containing it. Messages are found by one of the
 * text's words (their `words`), so a message search needs a whole word of three letters or more.
 */
import { foldText, searchWordsOf } from '../../platform/database/models.js';
import { searchContacts } from '../contacts/search.js';
import { MessageModel, type MessageDoc } from '../messages/model.js';
import { TicketModel, type TicketDoc } from './model.js';

/** Contacts, and messages, a search reads at most: bounds its cost on a large company. */
const CONTACTS_MAX = 40;
const MESSAGES_MAX = 400;

async function ticketsOfMessages(companyId: string, text: string): Promise<TicketDoc[]> {
  const words = searchWordsOf(text);
  if (words.length === 0) return [];
  // The longest word matches the fewest messages; the whole text is then checked on each.
  const word = words.reduce((longest, each) => (each.length > longest.length ? each : longest));
  const folded = foldText(text).trim();
  const messages = await MessageModel.find({ companyId, words: word }, { ticketId: 1, body: 1, createdAt: 1 }).lean<Pick<MessageDoc, 'ticketId' | 'body' | 'createdAt'>[]>();
  const ticketIds = [
    ...new Set(
      messages
        .filter((message) => foldText(message.body).includes(folded))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, MESSAGES_MAX)
        .map((message) => String(message.ticketId)),
    ),
  ];
  const tickets = await Promise.all(ticketIds.map((_id) => TicketModel.findOne({ companyId, _id }).lean<TicketDoc>()));
  return tickets.filter((ticket): ticket is TicketDoc => ticket !== null);
}

async function ticketsOfContacts(companyId: string, text: string): Promise<TicketDoc[]> {
  const { rows } = await searchContacts(companyId, text, 0, CONTACTS_MAX);
  return (await Promise.all(rows.map((contact) => TicketModel.find({ companyId, contactId: contact._id }).lean<TicketDoc[]>()))).flat();
}

export async function ticketSearchCandidates(companyId: string, text: string): Promise<TicketDoc[]> {
  const found = (await Promise.all([ticketsOfContacts(companyId, text), ticketsOfMessages(companyId, text)])).flat();
  return [...new Map(found.map((ticket) => [String(ticket._id), ticket])).values()];
}
