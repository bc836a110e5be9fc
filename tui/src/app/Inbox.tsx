/**
 * The signed-in inbox: the realtime feed, the tickets and the open conversation (a pending one
 * read-only), laid out by the terminal's size (two panes when wide, one at a time when narrow),
 * the dialogs, the notification line with the bell (m mutes it), the outbox of what the agent
 * sends, the drafts of what they write (q asks before quitting with either), and the notice and
 * key lines.
 */
import { ticketViewerOf, type Ticket, type User } from '@atende/shared';
import type { AccountOpenedElsewhere } from '@atende/shared/client';
import { Box, Text, useApp } from 'ink';
import { useCallback, useEffect, useMemo, useReducer, useState, useSyncExternalStore } from 'react';
import { Conversation } from '../screens/Conversation.js';
import { TicketList } from '../screens/TicketList.js';
import { sessionIdOf, type Connection } from '../state/connection.js';
import { createDraftStore } from '../state/drafts.js';
import { editorActionFor, editorReducer, emptyEditor } from '../state/editor.js';
import { inQueues, LIST_TABS, ticketsOfTab, unreadOf } from '../state/tickets.js';
import { useConversation } from '../state/useConversation.js';
import { useFeed } from '../state/useFeed.js';
import { useQuickMessages } from '../state/useQuickMessages.js';
import { useSearch } from '../state/useSearch.js';
import { useOutbox } from '../state/useOutbox.js';
import { useSignedInUser } from '../state/useSignedInUser.js';
import { useTickets } from '../state/useTickets.js';
import { Footer } from './Footer.js';
import { InboxDialog } from './InboxDialog.js';
import { useTexts } from './i18n.js';
import { initialUi, inboxUiReducer, selectedRow } from './inboxUi.js';
import { layoutFor } from './layout.js';
import { NoticeLine, StatusBar, type Notice } from './StatusBar.js';
import { useInboxKeys } from './useInboxKeys.js';
import { useNotification } from './useNotification.js';
import { useNow } from './useNow.js';
import { useConnectionHealth } from '../state/useConnectionHealth.js';
import { runTicketAction } from './ticketCommands.js';
import { useTerminalSize } from './useTerminalSize.js';
import { useKeys } from '../ui/keys.js';

export interface InboxProps {
  connection: Connection;
  user: User;
  notice: Notice | null;
  onNotice(text: string): void;
  onError(error: unknown): void;
  /** The session is over here (account opened elsewhere): back to the sign-in with this text. */
  onSignOut(text: string): void;
  bell(): void;
  /** The bell starts muted (--no-bell). */
  muted?: boolean;
  /** The user changed on the server (language, queues, profile...). */
  onUser(user: Partial<User> & { id: string }): void;
  downloadDir: string;
  /** Where the drafts are kept across restarts (memory only without it). */
  draftsFile?: string;
}

export function Inbox({ connection, user, notice, onNotice, onError, onSignOut, bell, muted: startMuted = false, onUser, downloadDir, draftsFile }: InboxProps) {
  const { api, server } = connection;
  const { exit } = useApp();
  const texts = useTexts();
  const { t } = texts;
  const { columns, rows } = useTerminalSize();
  const layout = layoutFor(columns, rows);
  const now = useNow();
  const viewer = useMemo(() => ticketViewerOf(user), [user]);
  const [ui, dispatchUi] = useReducer(inboxUiReducer, initialUi);
  const [queueFilter, setQueueFilter] = useState<string[]>([]);
  const [searchEditor, editSearch] = useReducer(editorReducer, emptyEditor);
  const [muted, setMuted] = useState(startMuted);
  // signOption: on unless turned off, for this run of the inbox (it keeps no settings file).
  const [sign, setSign] = useState(true);

  const onAccountOpenedElsewhere = useCallback(
    (event: AccountOpenedElsewhere) => {
      // Another inbox on this machine signed in: the session file it shares with this one holds that new session.
      if (event.sessionId && sessionIdOf(api.session.get()?.token) === event.sessionId) return;
      api.session.set(null);
      onSignOut(t('auth.accountOpenedElsewhere'));
    },
    [api, onSignOut, t],
  );
  const feed = useFeed(connection, `${user.id}:${user.companyId}`, { onAccountOpenedElsewhere, onError });
  useSignedInUser(api, feed, user.id, onUser, onError);
  const tickets = useTickets(api, feed, viewer.isAdmin, onError);
  const outbox = useOutbox(api, onError);
  const drafts = useMemo(() => createDraftStore({ server, userId: user.id }, draftsFile), [server, user.id, draftsFile]);
  useEffect(() => () => drafts.flush(), [drafts]);
  const draftTexts = useSyncExternalStore(drafts.subscribe, drafts.all);
  const search = useSearch(api, ui.tab === 'search' ? searchEditor.text : '', queueFilter, viewer.isAdmin, onError);
  const quickMessages = useQuickMessages(api, feed, onError);
  const connections = useConnectionHealth(connection, feed, onError);
  const showConversation = ui.focus === 'conversation' || ui.focus === 'composer';
  const conversationVisible = ui.openTicketId !== null && ui.dialog === null && (layout.wide || showConversation);
  const conversation = useConversation(api, feed, ui.openTicketId, conversationVisible, onError);

  const lists = Object.fromEntries(LIST_TABS.map((status) => [status, ticketsOfTab(tickets.state, status, viewer, queueFilter)])) as Record<(typeof LIST_TABS)[number], Ticket[]>;
  const tabTickets =
    ui.tab === 'search' ? search.tickets.map((found) => tickets.state.byId[found.id] ?? found).filter((ticket) => inQueues(ticket, queueFilter)) : lists[ui.tab];
  const ids = tabTickets.map((ticket) => ticket.id);
  const row = selectedRow(ui, ids);
  const selected = tabTickets[row] ?? null;
  const openTicket = ui.openTicketId ? (tickets.state.byId[ui.openTicketId] ?? null) : null;
  const current = showConversation ? openTicket : selected;

  const { notification, seen } = useNotification({
    feed,
    viewer,
    viewingTicketId: conversationVisible ? ui.openTicketId : null,
    server,
    known: tickets.state.byId,
    bell: () => (muted ? undefined : bell()),
  });

  /** Opens the ticket's conversation; a pending one is read-only until accepted (a). */
  function open(ticket: Ticket) {
    tickets.dispatch({ type: 'upsert', ticket });
    dispatchUi({ type: 'open', ticketId: ticket.id });
    seen(ticket.id);
  }

  const commandDeps = { api, viewer, openTicketId: ui.openTicketId, dispatchUi, dispatchTickets: tickets.dispatch, t, onNotice, onError };
  useInboxKeys({
    ui,
    dispatchUi,
    ids,
    act: (action) => runTicketAction(action, current, commandDeps),
    openSelected: () => (selected ? open(selected) : undefined),
    toggleBell: () => {
      onNotice(t(muted ? 'tui.bell.on' : 'tui.bell.off'));
      setMuted(!muted);
    },
    loadMore: () => (ui.tab !== 'search' && row >= ids.length - 1 ? tickets.loadMore(ui.tab) : undefined),
    quit: () => (draftTexts.size > 0 || outbox.unsent() > 0 ? dispatchUi({ type: 'dialog', dialog: 'quit' }) : exit()),
  });

  useKeys(
    (input, key) => {
      if (key.escape || ((key.downArrow || key.return) && ids.length > 0)) dispatchUi({ type: 'focus', focus: 'list' });
      else if (key.tab) dispatchUi({ type: 'nextTab', step: key.shift ? -1 : 1 });
      else {
        const action = editorActionFor(input, key, false);
        if (action) editSearch(action);
      }
    },
    { isActive: ui.dialog === null && ui.focus === 'search' },
  );

  const counts = Object.fromEntries(LIST_TABS.map((status) => [status, { count: lists[status].length, unread: unreadOf(lists[status]) }]));
  const listPane = (
    <TicketList
      tab={ui.tab}
      tickets={tabTickets}
      counts={counts}
      selectedRow={row}
      focused={ui.focus === 'list'}
      width={layout.wide ? layout.listWidth : columns}
      height={layout.bodyHeight}
      now={now}
      drafts={draftTexts}
      search={ui.tab === 'search' ? { editor: searchEditor, focused: ui.focus === 'search', searched: search.searched } : null}
    />
  );
  const conversationWidth = layout.wide ? layout.conversationWidth : columns;
  const conversationPane = openTicket ? (
    <Conversation
      key={openTicket.id}
      connection={connection}
      ticket={openTicket}
      conversation={conversation}
      outbox={outbox}
      drafts={drafts}
      hidden={ui.dialog !== null}
      focus={ui.dialog ? null : ui.focus === 'conversation' ? 'messages' : ui.focus === 'composer' ? 'composer' : null}
      onFocus={(focus) => dispatchUi({ type: 'focus', focus: focus === 'messages' ? 'conversation' : 'composer' })}
      width={conversationWidth}
      height={layout.bodyHeight}
      now={now}
      quickMessages={quickMessages}
      downloadDir={downloadDir}
      onNotice={onNotice}
      onError={onError}
      user={user}
      sign={sign}
      onSign={() => setSign(!sign)}
      marked={ui.marked}
      onMark={(messageId) => dispatchUi({ type: 'mark', messageId })}
      onMessageDialog={(dialog, messageIds) => dispatchUi({ type: 'messageDialog', dialog, messageIds })}
    />
  ) : (
    <Box width={conversationWidth} height={layout.bodyHeight} borderStyle="round" borderColor="gray" alignItems="center" justifyContent="center">
      <Text dimColor>{t('tui.conversation.none')}</Text>
    </Box>
  );
  const conversationOnly = !layout.wide && showConversation && openTicket !== null;
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <StatusBar user={user} status={feed.status} notification={notification?.text ?? null} connections={connections} now={now} muted={muted} />
      <Box flexDirection="row" height={layout.bodyHeight}>
        {ui.dialog ? (
          <InboxDialog
            dialog={ui.dialog}
            api={api}
            viewer={viewer}
            ticket={current}
            openTicketId={ui.openTicketId}
            queueFilter={queueFilter}
            width={columns}
            height={layout.bodyHeight}
            dispatchUi={dispatchUi}
            dispatchTickets={tickets.dispatch}
            onQueueFilter={setQueueFilter}
            onNotice={onNotice}
            onError={onError}
            server={server}
            messages={conversation.state.messages}
            acting={ui.acting}
            onMessage={conversation.update}
            unsentWork={{ drafts: draftTexts.size, unsent: outbox.unsent() }}
            onQuit={exit}
          />
        ) : null}
        {!ui.dialog && !conversationOnly ? listPane : null}
        {/* An open conversation stays under a dialog, hidden: its place, quote and edit are kept. */}
        {(layout.wide || conversationOnly) && (openTicket || !ui.dialog) ? conversationPane : null}
      </Box>
      <NoticeLine notice={notice} />
      <Footer focus={ui.focus} width={columns} />
    </Box>
  );
}
