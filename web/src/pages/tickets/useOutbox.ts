/** The outbox of the tickets screen (outbox.ts) and a conversation's view of its own line. */
import { useState, useSyncExternalStore } from 'react';
import { useApi } from '../../app/api.js';
import { useErrorToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import type { Message } from '@atende/shared';
import { createOutbox, type Outbox, type OutboxItem } from './outbox.js';

/** One outbox while the tickets screen is open: sends go on when the agent switches tickets. */
export function useOutbox(): Outbox {
  const { api } = useApi();
  const showError = useLatest(useErrorToast());
  const [outbox] = useState(() =>
    createOutbox(
      (ticketId, draft) => {
        const common = { body: draft.body, quotedMsg: draft.quotedMsgId ? { id: draft.quotedMsgId } : null, sign: draft.sign ?? false };
        return api.messages.send(ticketId, draft.files.length > 0 ? { ...common, medias: draft.files.map((file) => ({ blob: file, fileName: file.name })) } : common);
      },
      (error) => showError.current(error),
    ),
  );
  return outbox;
}

const NOTHING: never[] = [];
const noChanges = () => () => undefined;

/** The ticket's pending and delivered messages; nothing without an outbox (the read-only peek). */
export function useOutboxLine(outbox: Outbox | undefined, ticketId: string): { items: OutboxItem[]; delivered: Message[] } {
  const subscribe = outbox?.subscribe ?? noChanges;
  const items = useSyncExternalStore(subscribe, () => outbox?.items(ticketId) ?? NOTHING);
  const delivered = useSyncExternalStore(subscribe, () => outbox?.delivered(ticketId) ?? NOTHING);
  return { items, delivered };
}
