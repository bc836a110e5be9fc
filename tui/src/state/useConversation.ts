/**
 * The messages of the open ticket: its newest page on opening (and after a reconnection), older
 * pages on demand, pushes of the appMessage channel (new messages; reactions, edits, deletions),
 * and the answers of the agent's own actions on a message. A customer message arriving while the
 * agent looks at the conversation is marked read by fetching the newest page again, as opening does.
 */
import type { Message, Ticket } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { conversationReducer, emptyConversation, type ConversationState } from './conversation.js';
import { useFeedEvent, type Feed } from './useFeed.js';

export interface ConversationHook {
  state: ConversationState;
  loadOlder(): void;
  /** A message as an action answered it (react, edit, delete), shown before its push arrives. */
  update(message: Message): void;
}

export function useConversation(api: ApiClient, feed: Feed, ticketId: string | null, visible: boolean, onError: (error: unknown) => void): ConversationHook {
  const [state, dispatch] = useReducer(conversationReducer, emptyConversation(ticketId));
  const loading = useRef(false);
  const latestError = useRef(onError);
  latestError.current = onError;

  const load = useCallback(
    (id: string, page: number) => {
      loading.current = true;
      api.messages
        .list(id, page)
        .then(({ messages, hasMore }) => dispatch({ type: 'page', ticketId: id, page, messages, hasMore }))
        .catch((error: unknown) => latestError.current(error))
        .finally(() => {
          loading.current = false;
        });
    },
    [api],
  );

  useEffect(() => {
    dispatch({ type: 'open', ticketId });
    if (ticketId) load(ticketId, 1);
  }, [ticketId, load, feed.generation]);

  useFeedEvent(feed, 'appMessage', (event) => {
    const message = event.message as Message | undefined;
    if (!message || message.ticketId !== ticketId) return;
    dispatch({ type: 'message', message });
    const ticket = event.ticket as Ticket | undefined;
    if (event.action === 'create' && !message.fromMe && visible && ticket?.status === 'open') load(message.ticketId, 1);
  });

  const loadOlder = useCallback(() => {
    if (ticketId && state.hasMore && !loading.current) load(ticketId, state.page + 1);
  }, [ticketId, state.hasMore, state.page, load]);

  const update = useCallback((message: Message) => dispatch({ type: 'message', message }), []);

  return { state, loadOlder, update };
}
