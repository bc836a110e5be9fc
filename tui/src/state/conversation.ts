/**
 * The messages of the open ticket: pages of GET /messages/{ticketId} (newest page first, each in
 * chronological order) and the appMessage pushes (create, update: acks, deletion, edits).
 */
import { mergeMessage, type Message } from '@atende/shared';

export interface ConversationState {
  ticketId: string | null;
  messages: Message[];
  /** Last page loaded (0: loading the first). */
  page: number;
  hasMore: boolean;
}

export type ConversationAction =
  | { type: 'open'; ticketId: string | null }
  | { type: 'page'; ticketId: string; page: number; messages: Message[]; hasMore: boolean }
  | { type: 'message'; message: Message };

export function emptyConversation(ticketId: string | null = null): ConversationState {
  return { ticketId, messages: [], page: 0, hasMore: false };
}

function chronological(a: Message, b: Message): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Merges by id (see mergeMessage: copies may arrive out of order), in chronological order. */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, mergeMessage(byId.get(message.id), message));
  return [...byId.values()].sort(chronological);
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'open':
      return state.ticketId === action.ticketId ? state : emptyConversation(action.ticketId);
    case 'page':
      if (action.ticketId !== state.ticketId) return state;
      // A first page after a reconnect keeps the older pages already shown.
      return {
        ...state,
        messages: merge(state.messages, action.messages),
        page: Math.max(state.page, action.page),
        hasMore: action.page === 1 && state.page > 1 ? state.hasMore : action.hasMore,
      };
    case 'message':
      if (action.message.ticketId !== state.ticketId) return state;
      return { ...state, messages: merge(state.messages, [action.message]) };
  }
}
