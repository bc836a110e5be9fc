/**
 * The conversation pane: header, messages anchored at the newest (or at the one the agent moved
 * to), composer. Its keys: move between messages (older pages load at the top), write, quote the
 * selected message, save its media.
 */
import type { Message, QuickMessage, Ticket } from '@atende/shared';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { describeMessage } from '../format/messages.js';
import type { Connection } from '../state/connection.js';
import type { ConversationHook } from '../state/useConversation.js';
import { downloadMedia, downloadName } from '../state/media.js';
import { BottomLines } from '../ui/lines.js';
import { clamp } from '../ui/window.js';
import { Composer } from './Composer.js';
import { ConversationHeader } from './ConversationHeader.js';
import { conversationLines } from './messageLines.js';
import { useKeys } from '../ui/keys.js';

const BORDER = 2;
const PAGE = 5;

export interface ConversationProps {
  connection: Connection;
  ticket: Ticket;
  conversation: ConversationHook;
  focus: 'messages' | 'composer' | null;
  onFocus(focus: 'messages' | 'composer'): void;
  width: number;
  height: number;
  now: Date;
  quickMessages: QuickMessage[];
  downloadDir: string;
  onNotice(text: string): void;
  onError(error: unknown): void;
}

export function Conversation(props: ConversationProps) {
  const { connection, ticket, conversation, focus, onFocus, width, height, now, onNotice, onError } = props;
  const texts = useTexts();
  const { t } = texts;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [quote, setQuote] = useState<Message | null>(null);
  const { messages, hasMore } = conversation.state;
  const last = messages.length - 1;
  const found = selectedId ? messages.findIndex((message) => message.id === selectedId) : -1;
  const anchor = found >= 0 ? found : last;
  const open = ticket.status === 'open';

  function select(index: number) {
    if (index < 0 && hasMore) conversation.loadOlder();
    const next = clamp(index, messages.length);
    setSelectedId(next >= last ? null : (messages[next]?.id ?? null));
  }

  function compose() {
    if (open) onFocus('composer');
    else onNotice(t(ticket.status === 'pending' ? 'tui.composer.acceptFirst' : 'tui.composer.reopenFirst'));
  }

  function save(message: Message | undefined) {
    const view = message ? describeMessage(message, texts, connection.server) : null;
    if (!message || !view?.url || view.kind === 'location') {
      onNotice(t('tui.conversation.noMedia'));
      return;
    }
    downloadMedia(view.url, props.downloadDir, downloadName(message.body, view.url)).then((saved) => onNotice(t('tui.conversation.saved', { path: saved })), onError);
  }

  useKeys(
    (input, key) => {
      if (key.ctrl || key.meta) return;
      if (key.upArrow || input === 'k') select(anchor - 1);
      else if (key.downArrow || input === 'j') select(anchor + 1);
      else if (key.pageUp) select(anchor - PAGE);
      else if (key.pageDown) select(anchor + PAGE);
      else if (key.end || input === 'G') setSelectedId(null);
      else if (key.return || input === 'i') compose();
      else if (input === 'r' && messages[anchor]) {
        setQuote(messages[anchor]!);
        compose();
      } else if (input === 'd') save(messages[anchor]);
    },
    { isActive: focus === 'messages' },
  );

  const inner = width - BORDER;
  const context = { texts, server: connection.server, now, width: inner, contactName: ticket.contact?.name ?? '' };
  const lines = messages.length > 0 ? conversationLines(messages, anchor, focus === 'messages' ? anchor : null, height, context) : [];
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" borderColor={focus ? 'cyan' : 'gray'}>
      <ConversationHeader ticket={ticket} />
      {hasMore && anchor < PAGE ? <Text dimColor>{t('tui.conversation.older')}</Text> : null}
      {conversation.state.page === 0 ? <Text dimColor>{t('tui.conversation.loading')}</Text> : null}
      <BottomLines lines={lines} />
      <Composer
        key={ticket.id}
        api={connection.api}
        server={connection.server}
        ticket={ticket}
        quote={quote}
        onClearQuote={() => setQuote(null)}
        focused={focus === 'composer'}
        width={inner}
        quickMessages={props.quickMessages}
        onLeave={() => onFocus('messages')}
        onNotice={onNotice}
        onError={onError}
      />
    </Box>
  );
}
