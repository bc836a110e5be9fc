/** The inbox's outbox (outbox.ts), delivering through the API, and a conversation's view of its own line. */
import type { ApiClient } from '@atende/shared/client';
import { useRef, useState, useSyncExternalStore } from 'react';
import { attachmentBlob } from './media.js';
import { createOutbox, type OutboxItem, type OutboxStore } from './outbox.js';

export type Outbox = OutboxStore;

export function useOutbox(api: ApiClient, onError: (error: unknown) => void): Outbox {
  const latestError = useRef(onError);
  latestError.current = onError;
  const [outbox] = useState(() =>
    createOutbox(
      async (ticketId, draft) => {
        const medias = draft.attachment ? [await attachmentBlob(draft.attachment)] : undefined;
        return api.messages.send(ticketId, { body: draft.body, quotedMsg: draft.quote ? { id: draft.quote.id } : null, sign: draft.sign, medias });
      },
      (error) => latestError.current(error),
    ),
  );
  return outbox;
}

/** The ticket's messages not sent yet, kept current. */
export function useOutboxLine(outbox: Outbox, ticketId: string): OutboxItem[] {
  return useSyncExternalStore(outbox.subscribe, () => outbox.items(ticketId));
}
