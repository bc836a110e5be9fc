/**
 * The conversation pane: header, messages anchored at the newest (or at the one the agent moved
 * to, with a row saying how many newer ones are below; sending goes back to the newest), the
 * messages picked for a forward, composer. Its keys: move between messages, and through a
 * message taller than the pane a page at a time (older pages load at the top); write, quote the
 * selected message, save its media, and what agents do to a message (useMessageActions). A pending
 * ticket is shown read-only until it is accepted.
 */
import type { Message, QuickMessage, Ticket, User } from '@atende/shared';
import { Box, measureElement, Text, type DOMElement } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { describeMessage } from '../format/messages.js';
import type { Connection } from '../state/connection.js';
import type { DraftStore } from '../state/drafts.js';
import type { Outbox } from '../state/useOutbox.js';
import type { ConversationHook } from '../state/useConversation.js';
import { downloadMedia, downloadName } from '../state/media.js';
import { stepDown, stepUp, type Place } from '../state/scroll.js';
import { BottomLines } from '../ui/lines.js';
import { clamp } from '../ui/window.js';
import { Composer } from './Composer.js';
import { ConversationHeader } from './ConversationHeader.js';
import { conversationLines, messageHeight } from './messageLines.js';
import { useKeys } from '../ui/keys.js';
import type { MessageDialog } from '../app/inboxUi.js';
import { useMessageActions } from './useMessageActions.js';

const BORDER = 2;
const PAGE = 5;

export interface ConversationProps {
  connection: Connection;
  ticket: Ticket;
  conversation: ConversationHook;
  outbox: Outbox;
  drafts: DraftStore;
  focus: 'messages' | 'composer' | null;
  /** Under a dialog: not drawn, but kept. */
  hidden: boolean;
  onFocus(focus: 'messages' | 'composer'): void;
  width: number;
  height: number;
  now: Date;
  quickMessages: QuickMessage[];
  downloadDir: string;
  onNotice(text: string): void;
  onError(error: unknown): void;
  /** The signed-in agent: what they may do to a message, the signature's name. */
  user: User;
  sign: boolean;
  onSign(): void;
  /** Messages picked for a forward. */
  marked: string[];
  onMark(messageId: string): void;
  onMessageDialog(dialog: MessageDialog, messageIds: string[]): void;
}

/** Where the pane is: following the newest message, or at a message (and lines hidden below it). */
interface Position {
  selectedId: string | null;
  below: number;
}

export function Conversation(props: ConversationProps) {
  const { connection, ticket, conversation, focus, onFocus, width, height, now, onNotice, onError } = props;
  const texts = useTexts();
  const { t } = texts;
  const [position, setPosition] = useState<Position>({ selectedId: null, below: 0 });
  const [quote, setQuote] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const linesBox = useRef<DOMElement>(null);
  const [rows, setRows] = useState(height);
  const { messages, hasMore } = conversation.state;
  const last = messages.length - 1;
  const found = position.selectedId ? messages.findIndex((message) => message.id === position.selectedId) : -1;
  const anchor = found >= 0 ? found : last;
  const below = found >= 0 ? position.below : 0;
  /** Messages after the one at the bottom of the pane: said on a row of their own (End follows again). */
  const newer = last - anchor;
  const open = ticket.status === 'open';
  const inner = width - BORDER;
  const loaded = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);
  const context = { texts, server: connection.server, now, width: inner, contactName: ticket.contact?.name ?? '', userId: props.user.id, loaded, marked: new Set(props.marked) };

  // The rows left for the messages once the header and the composer took theirs. Inside a tall
  // message, the line at the top stays there: the rows gained or lost are those at the bottom.
  useEffect(() => {
    const measured = linesBox.current ? measureElement(linesBox.current).height : rows;
    if (measured <= 0 || measured === rows) return;
    setRows(measured);
    if (below > 0) setPosition((current) => ({ ...current, below: Math.max(0, current.below + rows - measured) }));
  });

  function place(next: Place) {
    const following = next.index >= last && next.below === 0;
    setPosition({ selectedId: following ? null : (messages[next.index]?.id ?? null), below: next.below });
  }

  function select(index: number) {
    if (index < 0 && hasMore) conversation.loadOlder();
    place({ index: clamp(index, messages.length), below: 0 });
  }

  // The message moved to is the selected one: its height with its details.
  const heightOf = (index: number) => messageHeight(messages[index]!, focus === 'messages', context);

  function up() {
    const next = stepUp({ index: anchor, below }, heightOf, rows);
    if (next) place(next);
    else if (hasMore) conversation.loadOlder();
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

  const actions = useMessageActions({
    api: connection.api,
    user: props.user,
    ticket,
    messages,
    marked: props.marked,
    onMark: props.onMark,
    onDialog: props.onMessageDialog,
    onEdit: (message) => {
      if (open) setEditing(message);
      compose();
    },
    onUpdate: conversation.update,
    onNotice,
    onError,
  });

  useKeys(
    (input, key) => {
      if (key.ctrl || key.meta) return;
      if (messages[anchor] && actions.onKey(input, messages[anchor]!)) return;
      if (messages.length > 0 && (key.upArrow || input === 'k')) up();
      else if (messages.length > 0 && (key.downArrow || input === 'j')) place(stepDown({ index: anchor, below }, heightOf, rows, messages.length));
      else if (key.pageUp) select(anchor - PAGE);
      else if (key.pageDown) select(anchor + PAGE);
      else if (key.end || input === 'G') setPosition({ selectedId: null, below: 0 });
      else if (key.return || input === 'i') compose();
      else if (input === 'r' && messages[anchor]) {
        setQuote(messages[anchor]!);
        compose();
      } else if (input === 'd') save(messages[anchor]);
    },
    { isActive: focus === 'messages' },
  );

  const lines = messages.length > 0 ? conversationLines(messages, anchor, focus === 'messages' ? anchor : null, rows, context, below) : [];
  return (
    <Box display={props.hidden ? 'none' : 'flex'} flexDirection="column" width={width} height={height} borderStyle="round" borderColor={focus ? 'cyan' : 'gray'}>
      <ConversationHeader ticket={ticket} />
      {hasMore && anchor < PAGE ? <Text dimColor>{t('tui.conversation.older')}</Text> : null}
      {conversation.state.page === 0 ? <Text dimColor>{t('tui.conversation.loading')}</Text> : null}
      <BottomLines lines={lines} boxRef={linesBox} />
      {newer > 0 ? <Text color="yellow" wrap="truncate">{t('tui.conversation.newer', { count: newer })}</Text> : null}
      {props.marked.length > 0 ? <Text color="magenta" wrap="truncate">{t('tui.messageActions.marked', { count: props.marked.length })}</Text> : null}
      <Composer
        key={ticket.id}
        server={connection.server}
        ticket={ticket}
        outbox={props.outbox}
        draft={props.drafts.get(ticket.id)}
        onDraft={(text) => props.drafts.set(ticket.id, text)}
        quote={quote}
        onQuote={setQuote}
        focused={focus === 'composer'}
        width={inner}
        quickMessages={props.quickMessages}
        onLeave={() => onFocus('messages')}
        onNotice={onNotice}
        sign={props.sign}
        signer={props.user.name}
        onSign={props.onSign}
        editing={editing}
        onSaveEdit={actions.saveEdit}
        onSend={() => setPosition({ selectedId: null, below: 0 })}
        onEditEnd={() => {
          setEditing(null);
          onFocus('messages');
        }}
      />
    </Box>
  );
}
