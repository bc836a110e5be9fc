/**
 * What the model reads: the assistant's instructions as the system message, then the last
 * `maxMessages` messages of the ticket as user (the customer) and assistant (us: the assistant,
 * agents, automatic messages) turns. The messages are read by the conversation's pages, newest
 * first, never by sorting the ticket's whole history.
 */
import { MESSAGES_PAGE_SIZE } from '@atende/shared';
import type { MessageDoc } from '../../domains/messages/model.js';
import { conversationPage } from '../../domains/messages/store.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import type { ChatMessage } from './endpoint.js';
import type { AiTranscript } from './stateModel.js';

/** Messages that are no turn of the conversation. */
const NOT_TURNS = new Set(['reaction', 'call_log']);

/** The last `count` messages of the ticket, oldest first. */
export async function lastMessages(ticket: Pick<TicketDoc, '_id' | 'companyId' | 'messageCount'>, count: number): Promise<MessageDoc[]> {
  const rows: MessageDoc[] = [];
  const pages = Math.ceil(count / MESSAGES_PAGE_SIZE) + 1;
  for (let pageNumber = 1; pageNumber <= pages && rows.length < count; pageNumber++) {
    const page = await conversationPage(ticket, pageNumber);
    rows.unshift(...page.rows);
    if (!page.hasMore) break;
  }
  return rows.slice(-count);
}

/** Whether messages of this type are turns of the conversation (a reaction, a call are not). */
export function isTurnType(mediaType: string): boolean {
  return !NOT_TURNS.has(mediaType);
}

/** Whether a message is a turn the assistant reads (and may answer). */
export function isTurn(message: Pick<MessageDoc, 'mediaType' | 'isDeleted'>): boolean {
  return !message.isDeleted && isTurnType(message.mediaType);
}

/** The text of a message as the model reads it: its body, an audio's transcription, or what it is. */
export function turnText(message: Pick<MessageDoc, '_id' | 'body' | 'mediaType'>, transcripts: AiTranscript[]): string {
  if (message.mediaType === 'audio') {
    const heard = transcripts.find((transcript) => transcript.messageId === String(message._id));
    if (heard) return heard.text;
  }
  const body = message.body.trim();
  if (message.mediaType === 'chat') return body;
  return body ? `[${message.mediaType}] ${body}` : `[${message.mediaType}]`;
}

export function chatMessages(instructions: string, history: MessageDoc[], transcripts: AiTranscript[]): ChatMessage[] {
  const turns = history
    .filter(isTurn)
    .map((message): ChatMessage => ({ role: message.fromMe ? 'assistant' : 'user', content: turnText(message, transcripts) }))
    .filter((turn) => turn.content.length > 0);
  return [{ role: 'system', content: instructions }, ...turns];
}
