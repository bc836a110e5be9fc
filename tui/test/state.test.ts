import type { Key } from 'ink';
import { expect } from 'chai';
import { ticketViewerOf } from '@atende/shared';
import { chooseServer, DEFAULT_SERVER, parseArgs } from '../src/app/args.js';
import { inboxUiReducer, initialUi, selectedRow } from '../src/app/inboxUi.js';
import { layoutFor } from '../src/app/layout.js';
import { chooseLanguage } from '../src/app/language.js';
import { createInputSplitter, splitKeys } from '../src/app/pacedInput.js';
import { sessionIdOf } from '../src/state/connection.js';
import { conversationReducer, emptyConversation } from '../src/state/conversation.js';
import { editorActionFor, editorReducer, emptyEditor, type EditorAction } from '../src/state/editor.js';
import { shouldNotify } from '../src/state/notifications.js';
import { createOutbox, type Draft } from '../src/state/outbox.js';
import { stepDown, stepUp } from '../src/state/scroll.js';
import { acceptUpdate, offers, reopenUpdate, resolveUpdate, returnUpdate, transferUpdate } from '../src/state/ticketActions.js';
import { emptyTickets, inQueues, ticketsOfTab, ticketsReducer, unreadOf } from '../src/state/tickets.js';
import { makeMessage, makeTicket, makeUser } from './support/fixtures.js';

const agent = ticketViewerOf(makeUser());
const admin = ticketViewerOf(makeUser({ id: 'boss', profile: 'admin', queueIds: [] }));

function key(overrides: Partial<Key> = {}): Key {
  return {
    upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
    return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
    super: false, hyper: false, capsLock: false, numLock: false, ...overrides,
  };
}

describe('inbox state', () => {
  describe('tickets', () => {
    const page = (status: 'open' | 'pending' | 'closed', tickets = [makeTicket({ status })]) => ({ type: 'page' as const, status, page: 1, tickets, hasMore: false, since: 0 });

    it('keeps the newest copy of a ticket, whatever arrives first', () => {
      const older = makeTicket({ lastMessage: 'old', updatedAt: '2025-03-10T12:00:00.000Z' });
      const newer = makeTicket({ lastMessage: 'new', updatedAt: '2025-03-10T12:05:00.000Z' });
      let state = ticketsReducer(emptyTickets, { type: 'upsert', ticket: newer });
      state = ticketsReducer(state, { type: 'page', status: 'open', page: 1, tickets: [older], hasMore: true, since: 0 });
      expect(state.byId.t1?.lastMessage).to.equal('new');
      expect(state.hasMore.open).to.equal(true);
    });

    it('drops, on a fresh first page, the tickets that left that status unless a push came after the page was asked for', () => {
      let state = ticketsReducer(emptyTickets, page('open', [makeTicket({ id: 'gone' }), makeTicket({ id: 'stays' })]));
      const since = state.serial;
      state = ticketsReducer(state, { type: 'upsert', ticket: makeTicket({ id: 'arrived', updatedAt: '2025-03-10T13:00:00.000Z' }) });
      state = ticketsReducer(state, { type: 'page', status: 'open', page: 1, tickets: [makeTicket({ id: 'stays' })], hasMore: false, since });
      expect(Object.keys(state.byId).sort()).to.deep.equal(['arrived', 'stays']);
    });

    it('moves a ticket between tabs as its status changes, and drops deleted ones', () => {
      let state = ticketsReducer(emptyTickets, page('pending', [makeTicket({ status: 'pending', userId: null, user: null })]));
      expect(ticketsOfTab(state, 'pending', agent, []).map((t) => t.id)).to.deep.equal(['t1']);
      state = ticketsReducer(state, { type: 'upsert', ticket: makeTicket({ status: 'open', updatedAt: '2025-03-10T12:01:00.000Z' }) });
      expect(ticketsOfTab(state, 'pending', agent, [])).to.deep.equal([]);
      expect(ticketsOfTab(state, 'open', agent, []).map((t) => t.id)).to.deep.equal(['t1']);
      state = ticketsReducer(state, { type: 'remove', ticketId: 't1' });
      expect(state.byId).to.deep.equal({});
    });

    it('shows agents their own open tickets and the closed ones of their queues, admins every one, newest activity first', () => {
      const mine = makeTicket({ id: 'a', updatedAt: '2025-03-10T12:00:00.000Z' });
      const colleague = makeTicket({ id: 'b', userId: 'other', updatedAt: '2025-03-10T13:00:00.000Z' });
      const otherQueue = makeTicket({ id: 'c', userId: 'other', queueId: 'q9', updatedAt: '2025-03-10T14:00:00.000Z' });
      const state = ticketsReducer(emptyTickets, page('open', [mine, colleague, otherQueue]));
      expect(ticketsOfTab(state, 'open', agent, []).map((t) => t.id)).to.deep.equal(['a']);
      expect(ticketsOfTab(state, 'open', admin, []).map((t) => t.id)).to.deep.equal(['c', 'b', 'a']);
      expect(ticketsOfTab(state, 'open', admin, ['q9']).map((t) => t.id), 'queue filter').to.deep.equal(['c']);
      const closed = ticketsReducer(emptyTickets, page('closed', [mine, colleague, otherQueue].map((ticket) => ({ ...ticket, status: 'closed' as const }))));
      expect(ticketsOfTab(closed, 'closed', agent, []).map((t) => t.id), 'as the server lists them').to.deep.equal(['b', 'a']);
    });

    it('lists pending tickets of the agent’s queues, and queueless ones only with allTicket', () => {
      const tickets = [makeTicket({ id: 'mine', status: 'pending', userId: null }), makeTicket({ id: 'none', status: 'pending', userId: null, queueId: null, queue: null })];
      const state = ticketsReducer(emptyTickets, page('pending', tickets));
      expect(ticketsOfTab(state, 'pending', agent, []).map((t) => t.id)).to.deep.equal(['mine']);
      const everything = ticketViewerOf(makeUser({ allTicket: 'enabled' }));
      expect(ticketsOfTab(state, 'pending', everything, []).map((t) => t.id).sort()).to.deep.equal(['mine', 'none']);
    });

    it('clears the unread count when the server says the ticket was read, and sums it per tab', () => {
      let state = ticketsReducer(emptyTickets, page('open', [makeTicket({ unreadMessages: 3 }), makeTicket({ id: 't2', unreadMessages: 2 })]));
      expect(unreadOf(ticketsOfTab(state, 'open', agent, []))).to.equal(5);
      state = ticketsReducer(state, { type: 'read', ticketId: 't1' });
      expect(state.byId.t1?.unreadMessages).to.equal(0);
    });
  });

  describe('conversation', () => {
    it('merges pages and pushes by id in chronological order, acks never going back, ignoring other tickets', () => {
      let state = conversationReducer(emptyConversation(), { type: 'open', ticketId: 't1' });
      const first = makeMessage({ id: 'm2', createdAt: '2025-03-10T12:02:00.000Z' });
      const older = makeMessage({ id: 'm1', createdAt: '2025-03-10T12:01:00.000Z' });
      state = conversationReducer(state, { type: 'page', ticketId: 't1', page: 1, messages: [first], hasMore: true });
      state = conversationReducer(state, { type: 'page', ticketId: 't1', page: 2, messages: [older], hasMore: false });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ id: 'm3', createdAt: '2025-03-10T12:03:00.000Z', fromMe: true }) });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ id: 'm3', createdAt: '2025-03-10T12:03:00.000Z', fromMe: true, ack: 3 }) });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ id: 'm3', createdAt: '2025-03-10T12:03:00.000Z', fromMe: true, ack: 1 }) });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ id: 'x', ticketId: 'other' }) });
      expect(state.messages.map((m) => `${m.id}:${m.ack}`)).to.deep.equal(['m1:0', 'm2:0', 'm3:3']);
      expect(state.hasMore).to.equal(false);
      expect(state.page).to.equal(2);
      const reloaded = conversationReducer(state, { type: 'page', ticketId: 't1', page: 1, messages: [first], hasMore: true });
      expect([reloaded.page, reloaded.hasMore, reloaded.messages.length], 'a reload after reconnecting keeps older pages').to.deep.equal([2, false, 3]);
      expect(conversationReducer(state, { type: 'open', ticketId: 't2' }).messages).to.deep.equal([]);
    });

    it('keeps a deletion and the newest edit when an older copy of the message arrives after them', () => {
      const at = (second: number) => `2025-03-10T12:03:0${second}.000Z`;
      const sent = { id: 'm3', createdAt: at(0), fromMe: true, body: 'Wrong answer' };
      let state = conversationReducer(emptyConversation(), { type: 'open', ticketId: 't1' });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ ...sent, updatedAt: at(0) }) });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ ...sent, body: 'Right answer', isEdited: true, updatedAt: at(2) }) });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ ...sent, isEdited: true, isDeleted: true, body: 'Right answer', updatedAt: at(3) }) });
      state = conversationReducer(state, { type: 'message', message: makeMessage({ ...sent, ack: 2, updatedAt: at(1) }) });
      const [message] = state.messages;
      expect([message?.body, message?.isEdited, message?.isDeleted, message?.ack]).to.deep.equal(['Right answer', true, true, 2]);
    });
  });

  describe('text fields', () => {
    const run = (actions: EditorAction[]) => actions.reduce(editorReducer, emptyEditor);

    it('inserts at the cursor, deletes and moves by characters (emoji included)', () => {
      expect(run([{ type: 'insert', text: 'helo' }, { type: 'left' }, { type: 'insert', text: 'l' }])).to.deep.equal({ text: 'hello', cursor: 4 });
      expect(run([{ type: 'insert', text: 'ok👍' }, { type: 'backspace' }])).to.deep.equal({ text: 'ok', cursor: 2 });
      expect(run([{ type: 'insert', text: 'ab\ncd' }, { type: 'home' }])).to.deep.equal({ text: 'ab\ncd', cursor: 3 });
      expect(run([{ type: 'set', text: 'abc' }, { type: 'home' }, { type: 'delete' }])).to.deep.equal({ text: 'bc', cursor: 0 });
    });

    it('moves and deletes by graphemes: a family or a flag is one', () => {
      expect(run([{ type: 'insert', text: 'a👨‍👩‍👧' }, { type: 'backspace' }])).to.deep.equal({ text: 'a', cursor: 1 });
      expect(run([{ type: 'insert', text: '🇧🇷b' }, { type: 'home' }, { type: 'right' }])).to.deep.equal({ text: '🇧🇷b', cursor: 4 });
      expect(run([{ type: 'set', text: '👍🏽x' }, { type: 'home' }, { type: 'delete' }])).to.deep.equal({ text: 'x', cursor: 0 });
    });

    it('removes the word before the cursor, to the line start or end, and puts the last removal back (readline)', () => {
      const typed = run([{ type: 'insert', text: 'rua das flores 12' }]);
      expect(editorReducer(typed, { type: 'killWord' })).to.deep.include({ text: 'rua das flores ', cursor: 15, killed: '12' });
      const twice = [{ type: 'killWord' }, { type: 'killWord' }] as EditorAction[];
      expect(twice.reduce(editorReducer, typed)).to.deep.include({ text: 'rua das ', killed: 'flores ' });
      const lines = run([{ type: 'insert', text: 'linha um\nlinha dois' }, { type: 'left' }, { type: 'left' }]);
      expect(editorReducer(lines, { type: 'killToStart' })).to.deep.include({ text: 'linha um\nis', cursor: 9, killed: 'linha do' });
      expect(editorReducer(lines, { type: 'killToEnd' })).to.deep.include({ text: 'linha um\nlinha do', killed: 'is' });
      const atStart = run([{ type: 'insert', text: 'um\ndois' }, { type: 'home' }]);
      expect(editorReducer(atStart, { type: 'killToStart' }), 'Ctrl+U at a line start joins it to the line above').to.deep.include({ text: 'umdois', cursor: 2 });
      const atEnd = run([{ type: 'insert', text: 'um\ndois' }, { type: 'home' }, { type: 'left' }]);
      expect(editorReducer(atEnd, { type: 'killToEnd' }), 'Ctrl+K at a line end joins the next').to.deep.include({ text: 'umdois', cursor: 2 });
      const yanked = [{ type: 'killWord' }, { type: 'set', text: '' }, { type: 'yank' }] as EditorAction[];
      expect(yanked.reduce(editorReducer, typed)).to.deep.include({ text: '12', cursor: 2 });
      expect(editorReducer(emptyEditor, { type: 'yank' })).to.equal(emptyEditor);
    });

    it('maps Ctrl+W, Ctrl+U, Ctrl+K, Ctrl+Y and Alt+Backspace to those edits; a paste loses its control characters', () => {
      expect(['w', 'u', 'k', 'y', 'a', 'e'].map((letter) => editorActionFor(letter, key({ ctrl: true }), true)?.type)).to.deep.equal(['killWord', 'killToStart', 'killToEnd', 'yank', 'home', 'end']);
      expect(editorActionFor('', key({ backspace: true, meta: true }), true)).to.deep.equal({ type: 'killWord' });
      expect(editorActionFor('a\x1b[31mb', key(), true)).to.deep.equal({ type: 'insert', text: 'a[31mb' });
    });

    it('maps keys to edits: Alt+Enter and Ctrl+J break lines in the composer only; Enter and Esc stay with the owner', () => {
      expect(editorActionFor('', key({ return: true, meta: true }), true)).to.deep.equal({ type: 'insert', text: '\n' });
      expect(editorActionFor('\n', key(), true)).to.deep.equal({ type: 'insert', text: '\n' });
      expect(editorActionFor('a\r\nb', key(), false)).to.deep.equal({ type: 'insert', text: 'a b' });
      expect(editorActionFor('', key({ delete: true }), false)).to.deep.equal({ type: 'backspace' });
      expect(editorActionFor('', key({ return: true }), true)).to.equal(null);
      expect(editorActionFor('', key({ escape: true }), true)).to.equal(null);
      expect(editorActionFor('o', key({ ctrl: true }), true)).to.equal(null);
    });
  });

  describe('notifications', () => {
    const ticket = makeTicket();
    const message = makeMessage();

    it('follow the spec’s rules', () => {
      expect(shouldNotify(message, ticket, agent, null)).to.equal(true);
      expect(shouldNotify(makeMessage({ fromMe: true }), ticket, agent, null), 'from me').to.equal(false);
      expect(shouldNotify(message, makeTicket({ isGroup: true }), agent, null), 'group').to.equal(false);
      expect(shouldNotify(message, ticket, agent, 't1'), 'being viewed').to.equal(false);
      expect(shouldNotify(message, makeTicket({ userId: 'other' }), agent, null), 'someone else’s').to.equal(false);
      expect(shouldNotify(message, makeTicket({ userId: null, queueId: 'q9' }), agent, null), 'not my queue').to.equal(false);
      expect(shouldNotify(message, makeTicket({ userId: null, queueId: null }), agent, null), 'no queue').to.equal(true);
      const pending = makeTicket({ status: 'pending', userId: null });
      expect(shouldNotify(message, pending, agent, null), 'pending').to.equal(false);
      expect(shouldNotify(message, pending, ticketViewerOf(makeUser({ allTicket: 'enabled' })), null), 'pending with allTicket').to.equal(true);
    });
  });

  describe('ticket actions', () => {
    it('send the transitions of the spec', () => {
      const ticket = makeTicket({ queueId: 'q1' });
      expect(acceptUpdate('agent')).to.deep.equal({ status: 'open', userId: 'agent' });
      expect(returnUpdate()).to.deep.equal({ status: 'pending', userId: null });
      expect(resolveUpdate(ticket, 'agent')).to.deep.equal({ status: 'closed', userId: 'agent', queueId: 'q1', useIntegration: false, promptId: false, integrationId: false });
      expect(reopenUpdate(ticket, 'agent')).to.deep.equal({ status: 'open', userId: 'agent', queueId: 'q1' });
      expect(transferUpdate('q2', null)).to.deep.equal({ queueId: 'q2', userId: null });
    });

    it('are offered by status', () => {
      const offered = (status: 'open' | 'pending' | 'closed') =>
        (['accept', 'return', 'resolve', 'reopen', 'transfer', 'tags'] as const).filter((action) => offers(makeTicket({ status }), action));
      expect(offered('pending')).to.deep.equal(['accept', 'resolve', 'transfer', 'tags']);
      expect(offered('open')).to.deep.equal(['return', 'resolve', 'transfer', 'tags']);
      expect(offered('closed')).to.deep.equal(['reopen', 'tags']);
    });
  });

  describe('screen', () => {
    it('follows the selected ticket when others arrive above it', () => {
      let ui = inboxUiReducer(initialUi, { type: 'move', delta: 1, ids: ['a', 'b', 'c'] });
      expect(ui.selectedId).to.equal('b');
      expect(selectedRow(ui, ['new', 'a', 'b', 'c'])).to.equal(2);
      expect(selectedRow(ui, ['a']), 'the selected ticket left').to.equal(0);
      ui = inboxUiReducer(ui, { type: 'move', delta: 10, ids: ['a', 'b', 'c'] });
      expect(ui.selectedId).to.equal('c');
    });

    it('switches tabs in a cycle and puts the keys in the search field on the search tab', () => {
      const search = inboxUiReducer(initialUi, { type: 'nextTab', step: -1 });
      expect([search.tab, search.focus]).to.deep.equal(['search', 'search']);
      expect(inboxUiReducer(search, { type: 'nextTab', step: 1 }).tab).to.equal('open');
      const shown = inboxUiReducer(search, { type: 'show', tab: 'open', ticketId: 't1' });
      expect([shown.tab, shown.openTicketId, shown.focus]).to.deep.equal(['open', 't1', 'conversation']);
      expect(inboxUiReducer(shown, { type: 'close' })).to.include({ openTicketId: null, focus: 'list' });
    });

    it('keeps the messages picked for a forward while their conversation stays open', () => {
      let ui = inboxUiReducer(initialUi, { type: 'open', ticketId: 't1' });
      ui = inboxUiReducer(ui, { type: 'mark', messageId: 'm1' });
      ui = inboxUiReducer(ui, { type: 'mark', messageId: 'm2' });
      ui = inboxUiReducer(ui, { type: 'mark', messageId: 'm1' });
      expect(ui.marked, 'picked again: dropped').to.deep.equal(['m2']);
      ui = inboxUiReducer(ui, { type: 'messageDialog', dialog: 'forward', messageIds: ui.marked });
      expect([ui.dialog, ui.acting]).to.deep.equal(['forward', ['m2']]);
      expect(inboxUiReducer(ui, { type: 'show', tab: 'open', ticketId: 't1' }).marked, 'the same conversation').to.deep.equal(['m2']);
      expect(inboxUiReducer(ui, { type: 'open', ticketId: 't2' }).marked, 'another conversation').to.deep.equal([]);
      expect(inboxUiReducer(ui, { type: 'unmarkAll' }).marked).to.deep.equal([]);
    });

    it('lays out two panes from 90 columns, one below', () => {
      expect(layoutFor(120, 40)).to.include({ wide: true, listWidth: 43, conversationWidth: 77, bodyHeight: 35 });
      expect(layoutFor(200, 50)).to.include({ listWidth: 52 });
      expect(layoutFor(80, 24)).to.include({ wide: false, listWidth: 80, conversationWidth: 80, bodyHeight: 19 });
    });
  });

  describe('command line', () => {
    it('reads --version, --no-bell and -V', () => {
      expect(parseArgs(['--version'])).to.deep.equal({ kind: 'version' });
      expect(parseArgs(['-V'])).to.deep.equal({ kind: 'version' });
      expect(parseArgs(['--no-bell', '--server', 'http://a:1'])).to.deep.equal({ kind: 'run', muted: true, server: 'http://a:1' });
    });

    it('takes the language from --lang, ATENDE_LANGUAGE, the user, then LC_ALL, LC_MESSAGES, LANG', () => {
      expect(chooseLanguage({ env: {} })).to.equal('en');
      expect(chooseLanguage({ env: { LANG: 'pt_BR.UTF-8' } })).to.equal('pt');
      expect(chooseLanguage({ env: { LANG: 'de_DE.UTF-8' } }), 'a language Atende lacks: English').to.equal('en');
      expect(chooseLanguage({ env: { LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'pt_BR.UTF-8' } })).to.equal('en');
      expect(chooseLanguage({ env: { LANG: 'pt_BR.UTF-8', LC_MESSAGES: 'es_ES.UTF-8' } })).to.equal('es');
      expect(chooseLanguage({ env: { LANG: 'pt_BR.UTF-8', LC_ALL: 'C.UTF-8' } }), 'LC_ALL decides even when Atende lacks its language').to.equal('en');
      expect(chooseLanguage({ env: { LANG: 'pt_BR.UTF-8' }, user: 'es' }), "the user's choice before the terminal's").to.equal('es');
      expect(chooseLanguage({ env: { ATENDE_LANGUAGE: 'pt', LANG: 'es_ES' }, user: 'es' })).to.equal('pt');
      expect(chooseLanguage({ flag: 'en', env: { ATENDE_LANGUAGE: 'pt' }, user: 'es' })).to.equal('en');
    });

    it('reads --server and --lang, and refuses what it does not know', () => {
      expect(parseArgs([])).to.deep.equal({ kind: 'run' });
      expect(parseArgs(['--server', 'https://atende.example.com/', '--lang=es'])).to.deep.equal({ kind: 'run', server: 'https://atende.example.com', language: 'es' });
      expect(parseArgs(['--help'])).to.deep.equal({ kind: 'help' });
      expect(parseArgs(['--lang', 'fr'])).to.deep.include({ kind: 'error', key: 'tui.args.badLanguage' });
      expect(parseArgs(['--server'])).to.deep.include({ kind: 'error', key: 'tui.args.missingValue' });
      expect(parseArgs(['--server', 'atende.example.com'])).to.deep.include({ kind: 'error', key: 'tui.args.badServer' });
      expect(parseArgs(['-x'])).to.deep.include({ kind: 'error', key: 'tui.args.unknown' });
      // The help and the errors speak the --lang given, wherever it stands.
      expect(parseArgs(['--help', '--lang', 'pt'])).to.deep.equal({ kind: 'help', language: 'pt' });
      expect(parseArgs(['--lang=es', '-x'])).to.deep.include({ kind: 'error', key: 'tui.args.unknown', language: 'es' });
    });

    it('takes the server from the flag, then $ATENDE_SERVER, then the saved session', () => {
      expect(chooseServer('http://a:1', { ATENDE_SERVER: 'http://b:2' }, 'http://c:3')).to.equal('http://a:1');
      expect(chooseServer(undefined, { ATENDE_SERVER: 'http://b:2/' }, 'http://c:3')).to.equal('http://b:2');
      expect(chooseServer(undefined, {}, 'http://c:3')).to.equal('http://c:3');
      expect(chooseServer(undefined, {}, undefined)).to.equal(DEFAULT_SERVER);
    });
  });

  describe('terminal input', () => {
    it('cuts a chunk before and after control keys and escape sequences, keeping each whole', () => {
      expect(splitKeys('ana@x.com\rsecret\r')).to.deep.equal(['ana@x.com', '\r', 'secret', '\r']);
      expect(splitKeys('ab\x1b[Acd\x7f')).to.deep.equal(['ab', '\x1b[A', 'cd', '\x7f']);
      expect(splitKeys('olá 👍')).to.deep.equal(['olá 👍']);
      // Down then Space typed at once (tmux send-keys Down Space): two keys, the second acting after the first.
      expect(splitKeys('\x1b[B ')).to.deep.equal(['\x1b[B', ' ']);
      expect(splitKeys('\x1bOB \x1b[5~x\x1b[1;5Cy')).to.deep.equal(['\x1bOB', ' ', '\x1b[5~', 'x', '\x1b[1;5C', 'y']);
    });

    it('keeps Esc with the key after it as one Alt key: Alt+Enter as tmux sends it (ESC CR), Alt+letter, Alt+arrow', () => {
      expect(splitKeys('um\x1b\rdois')).to.deep.equal(['um', '\x1b\r', 'dois']);
      expect(splitKeys('\x1bbx')).to.deep.equal(['\x1bb', 'x']);
      expect(splitKeys('\x1b\x7f')).to.deep.equal(['\x1b\x7f']);
      expect(splitKeys('\x1b\x1b[A\x1b\x1bq')).to.deep.equal(['\x1b\x1b[A', '\x1b', '\x1bq']);
      // Esc typed twice at once: two Escs (out of the composer, then out of the conversation).
      expect(splitKeys('\x1b\x1b')).to.deep.equal(['\x1b', '\x1b']);
      expect(splitKeys('\x1b')).to.deep.equal(['\x1b']);
      expect(createInputSplitter()('texto\x1b\r')).to.deep.equal(['texto', '\x1b\r']);
    });

    it('hands a bracketed paste over whole, its line breaks as text, even split across chunks', () => {
      const split = createInputSplitter();
      expect(split('a\x1b[200~Rua X, 1\r\nApto 2\rSP\x1b[201~\r')).to.deep.equal(['a', 'Rua X, 1\nApto 2\nSP', '\r']);
      expect(split('\x1b[20')).to.deep.equal([]);
      expect(split('0~linha\x1b')).to.deep.equal([]);
      expect(split('[31m um\r')).to.deep.equal([]);
      expect(split('dois\x1b[2')).to.deep.equal([]);
      expect(split('01~x')).to.deep.equal(['linha[31m um\ndois', 'x']);
    });
  });

  describe('scrolling a conversation', () => {
    const heights = [3, 40, 2];
    const heightOf = (index: number) => heights[index]!;

    it('goes through a message taller than the pane a page at a time, to its first line, then to the previous message', () => {
      let place = { index: 1, below: 0 };
      const seen = [];
      for (let step = 0; step < 5 && place; step += 1) {
        seen.push(place);
        place = stepUp(place, heightOf, 14)!;
      }
      expect(seen).to.deep.equal([
        { index: 1, below: 0 },
        { index: 1, below: 12 },
        { index: 1, below: 24 },
        { index: 1, below: 27 },
        { index: 0, below: 0 },
      ]);
      expect(stepUp({ index: 0, below: 0 }, heightOf, 14), 'nothing older loaded').to.equal(null);
    });

    it('comes down through it to its last line, and shows the next message from its first line', () => {
      expect(stepDown({ index: 1, below: 27 }, heightOf, 14, 3)).to.deep.equal({ index: 1, below: 15 });
      expect(stepDown({ index: 1, below: 5 }, heightOf, 14, 3)).to.deep.equal({ index: 1, below: 0 });
      expect(stepDown({ index: 0, below: 0 }, heightOf, 14, 3)).to.deep.equal({ index: 1, below: 27 });
      expect(stepDown({ index: 2, below: 0 }, heightOf, 14, 3)).to.deep.equal({ index: 2, below: 0 });
    });
  });

  describe('outbox', () => {
    const draft = (body: string): Draft => ({ body, attachment: null, quote: null, sign: false });

    it('sends one message at a time per ticket, in order; a failure holds the line until it is retried or taken back', async () => {
      const sent: string[] = [];
      const failures: unknown[] = [];
      let failNext = false;
      const pending: (() => void)[] = [];
      const outbox = createOutbox(
        (ticketId, { body }) =>
          new Promise<void>((resolve, reject) => {
            pending.push(() => {
              if (failNext) {
                failNext = false;
                reject(new Error('offline'));
              } else {
                sent.push(`${ticketId}:${body}`);
                resolve();
              }
            });
          }),
        (error) => failures.push(error),
      );
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      const next = async () => {
        pending.shift()!();
        await settle();
      };
      outbox.enqueue('t1', draft('um'));
      outbox.enqueue('t1', draft('dois'));
      outbox.enqueue('t2', draft('outro ticket'));
      expect(outbox.items('t1').map((item) => [item.body, item.state])).to.deep.equal([
        ['um', 'sending'],
        ['dois', 'waiting'],
      ]);
      expect(pending, 'one send per ticket at a time').to.have.length(2);
      failNext = true;
      await next();
      expect(failures).to.have.length(1);
      expect(outbox.items('t1').map((item) => item.state)).to.deep.equal(['failed', 'waiting']);
      await next();
      expect(sent).to.deep.equal(['t2:outro ticket']);
      outbox.retry('t1');
      await next();
      await next();
      expect(sent).to.deep.equal(['t2:outro ticket', 't1:um', 't1:dois']);
      expect(outbox.items('t1')).to.deep.equal([]);

      outbox.enqueue('t1', draft('três'));
      failNext = true;
      await next();
      expect(outbox.takeBack('t1')).to.deep.equal(draft('três'));
      expect(outbox.items('t1')).to.deep.equal([]);
      expect(outbox.takeBack('t1'), 'nothing failed').to.equal(null);
    });
  });

  it('shows queueless tickets alongside the queues picked in the filter', () => {
    expect(inQueues(makeTicket({ queueId: null, queue: null }), ['q2'])).to.equal(true);
    expect(inQueues(makeTicket({ queueId: 'q1' }), ['q2'])).to.equal(false);
    expect(inQueues(makeTicket({ queueId: 'q1' }), [])).to.equal(true);
  });

  it('reads the session id of an access token', () => {
    const token = ['h', Buffer.from(JSON.stringify({ sub: 'u', sid: 'session-1' })).toString('base64url'), 's'].join('.');
    expect(sessionIdOf(token)).to.equal('session-1');
    expect(sessionIdOf('not-a-token')).to.equal(null);
    expect(sessionIdOf(undefined)).to.equal(null);
  });
});
