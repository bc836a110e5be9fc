import { expect } from 'chai';
import { textsFor } from '../src/app/i18n.js';
import { keysThatFit } from '../src/app/Footer.js';
import { helpLines } from '../src/app/HelpDialog.js';
import { FOOTER_KEYS, KEY_SECTIONS } from '../src/app/keymap.js';
import { composerLines } from '../src/screens/composerLines.js';
import { conversationLines, messageLines } from '../src/screens/messageLines.js';
import { tabLabels, tabLines, ticketLines } from '../src/screens/ticketLines.js';
import { textWidth } from '../src/format/text.js';
import { TABS } from '../src/state/tickets.js';
import type { Line } from '../src/ui/lines.js';
import { makeMessage, makeTicket } from './support/fixtures.js';

const texts = textsFor('en');
const { t } = texts;
const plain = (line: Line) => line.map((segment) => segment.text).join('');
const now = new Date('2025-03-10T12:10:00.000Z');
const context = { texts, server: 'http://inbox.test', now, width: 40, contactName: 'Maria Cliente', userId: 'agent' };

describe('screen lines', () => {
  describe('ticket list', () => {
    it('packs the tabs with their counts and unread marks into the width', () => {
      const labels = tabLabels(TABS, { open: { count: 2, unread: 3 }, pending: { count: 1, unread: 0 }, closed: { count: 0, unread: 0 } }, t);
      const wide = tabLines(labels, 'open', 60);
      expect(wide.map(plain)).to.deep.equal([' Open 2 ●3  Pending 1  Closed 0  Search ']);
      expect(wide[0]!.filter((segment) => segment.inverse).map((segment) => segment.text).join('')).to.equal(' Open 2 ●3 ');
      expect(tabLines(labels, 'search', 24).map(plain)).to.deep.equal([' Open 2 ●3  Pending 1 ', ' Closed 0  Search ']);
    });

    it('shows a ticket on two rows of the exact width: contact and time; last message and unread count', () => {
      const ticket = makeTicket({ lastMessage: 'Preciso de ajuda\ncom o pedido', unreadMessages: 2, updatedAt: '2025-03-10T12:05:00.000Z' });
      const [first, second] = ticketLines(ticket, false, { t, now, width: 30 });
      expect(plain(first!)).to.equal('▌Maria Cliente           5 min');
      expect(plain(second!)).to.equal('▌ Preciso de ajuda…         2 ');
      expect(first![0]!.color, 'queue colour').to.equal('#1d4ed8');
      expect([textWidth(plain(first!)), textWidth(plain(second!))]).to.deep.equal([30, 30]);
      const selected = ticketLines(ticket, true, { t, now, width: 30 });
      expect(selected.flat().every((segment) => segment.inverse)).to.equal(true);
    });

    it("previews a waiting customer's last message, not the bot's greeting sent after it", () => {
      const waiting = makeTicket({ status: 'pending', lastMessage: 'Olá! Escolha uma opção', lastCustomerMessage: 'Meu pedido não chegou' });
      expect(plain(ticketLines(waiting, false, { t, now, width: 40 })[1]!)).to.include('Meu pedido não chegou');
      expect(plain(ticketLines({ ...waiting, status: 'open' }, false, { t, now, width: 40 })[1]!), 'an open ticket shows the last message').to.include('Olá! Escolha');
      expect(plain(ticketLines({ ...waiting, lastCustomerMessage: '' }, false, { t, now, width: 40 })[1]!), 'tickets stored before the field').to.include('Olá! Escolha');
    });

    it('says how long a waiting customer has waited, in minutes, hours or days (never a date)', () => {
      const waiting = makeTicket({ status: 'pending', updatedAt: '2025-03-10T12:09:00.000Z', waitingSince: '2025-03-10T11:54:00.000Z' });
      expect(plain(ticketLines(waiting, false, { t, now, width: 40 })[0]!)).to.equal('▌Maria Cliente            waiting 16 min');
      const longAgo = { ...waiting, waitingSince: '2025-03-01T11:00:00.000Z' };
      expect(plain(ticketLines(longAgo, false, { t, now, width: 40 })[0]!)).to.match(/ waiting 9 d$/);
      expect(textsFor('pt').t('tui.time.waiting', { time: '3 h' })).to.equal('aguarda há 3 h');
      expect(plain(ticketLines({ ...waiting, status: 'open', waitingSince: null }, false, { t, now, width: 40 })[0]!), 'an open ticket: its last activity').to.match(/ 1 min$/);
    });

    it('cuts a long contact name before the time', () => {
      const [first] = ticketLines(makeTicket({ contact: { ...makeTicket().contact!, name: 'Maria Aparecida dos Santos Oliveira' } }), false, { t, now, width: 24 });
      expect(plain(first!)).to.equal('▌Maria Aparecida… 10 min');
      expect(textWidth(plain(first!))).to.equal(24);
    });
  });

  describe('conversation', () => {
    it('shows the sender, time and acks, the quoted message, and wraps the text', () => {
      const quoted = { id: 'm0', body: 'Qual o prazo?', fromMe: false, mediaType: 'chat' as const, mediaUrl: null, contact: { id: 'c1', name: 'Maria Cliente' } };
      const message = makeMessage({ fromMe: true, contact: null, userId: 'agent', ack: 3, body: 'O prazo de entrega é de três dias úteis', quotedMsg: quoted, createdAt: '2025-03-10T12:05:00.000Z' });
      const lines = messageLines(message, false, context);
      expect(lines.map(plain)).to.deep.equal([`${new Date(message.createdAt).toTimeString().slice(0, 5)} You ✓✓`, '  │ Maria Cliente: Qual o prazo?', '  O prazo de entrega é de três dias', '  úteis']);
      const ack = lines[0]!.at(-1)!;
      expect([ack.bold, ack.color], 'read is highlighted').to.deep.equal([true, 'blueBright']);
    });

    it('names who sent each message of ours: "You", another agent, or the chatbot, a flow, the AI, the API..., else "Automatic"', () => {
      const header = (overrides: Parameters<typeof makeMessage>[0]) => plain(messageLines(makeMessage({ fromMe: true, contact: null, ack: 1, ...overrides }), false, context)[0]!).replace(/^\d\d:\d\d /, '');
      expect(header({ userId: 'agent', user: { id: 'agent', name: 'Ana' } })).to.equal('You ✓');
      expect(header({ userId: 'boss', user: { id: 'boss', name: 'Carla Supervisora' } }), "a supervisor's reply").to.equal('Carla Supervisora ✓');
      expect(header({ origin: 'chatbot' })).to.equal('Chatbot ✓');
      expect(header({ origin: 'flow' })).to.equal('Flow ✓');
      expect(header({ origin: 'ai' })).to.equal('AI ✓');
      expect(header({ origin: 'api' })).to.equal('API ✓');
      expect(header({ origin: 'phone' })).to.equal('Phone ✓');
      expect(header({ origin: null }), 'a greeting or closing text').to.equal('Automatic ✓');
      expect(header({ userId: 'gone', user: null }), 'an agent removed since').to.equal('Agent ✓');
      const bot = messageLines(makeMessage({ fromMe: true, contact: null, origin: 'chatbot' }), false, context)[0]!.find((segment) => segment.text === 'Chatbot');
      expect(bot?.color, "bots are drawn apart from agents").to.equal('magenta');
      expect(plain(messageLines(makeMessage({ fromMe: true, contact: null, origin: 'api' }), false, { ...context, texts: textsFor('pt') })[0]!)).to.include('API');
      // A quote names the quoted message's author when it is loaded.
      const menu = makeMessage({ id: 'menu', fromMe: true, contact: null, origin: 'chatbot', body: '1 - Vendas' });
      const quoted = { id: 'menu', body: '1 - Vendas', fromMe: true, mediaType: 'chat' as const, mediaUrl: null, contact: null };
      const reply = makeMessage({ id: 'm9', body: '1', quotedMsg: quoted });
      expect(messageLines(reply, false, { ...context, loaded: new Map([['menu', menu]]) }).map(plain)[1]).to.equal('  │ Chatbot: 1 - Vendas');
      expect(messageLines(reply, false, context).map(plain)[1], 'not loaded').to.equal('  │ Us: 1 - Vendas');
    });

    it('labels media with the address to open it, and marks edits', () => {
      const lines = messageLines(makeMessage({ mediaType: 'image', body: 'foto.png', mediaUrl: '/public/co1/ab.png', isEdited: true }), true, context);
      expect(lines.map(plain).slice(1)).to.deep.equal(['  [Image] foto.png', '  ↳ http://inbox.test/public/co1/ab.png']);
      expect(plain(lines[0]!)).to.match(/^▶ \d\d:\d\d Maria Cliente \(edited\)$/);
    });

    it('shows a signed message as WhatsApp does: the name in bold on its own line, then the text', () => {
      const lines = messageLines(makeMessage({ fromMe: true, contact: null, body: '*Ana Agente*:\nBom dia!', signed: true }), false, context);
      expect(lines.map(plain).slice(1)).to.deep.equal(['  Ana Agente:', '  Bom dia!']);
      expect(lines[1]![0]!.bold).to.equal(true);
      const unsigned = messageLines(makeMessage({ body: '*Promoção*:\nhoje', signed: false }), false, context);
      expect(unsigned.map(plain).slice(1), "a customer's asterisks are text").to.deep.equal(['  *Promoção*:', '  hoje']);
    });

    it('shows the reactions under the message, the company’s own in green, and marks forwarded and picked messages', () => {
      const reactions = [
        { sender: '5511', name: 'Maria', emoji: '❤️', fromMe: false, userId: null, createdAt: '2025-03-10T12:01:00.000Z' },
        { sender: 'me', name: 'Ana', emoji: '👍', fromMe: true, userId: 'agent', createdAt: '2025-03-10T12:02:00.000Z' },
        { sender: '5522', name: 'João', emoji: '❤️', fromMe: false, userId: null, createdAt: '2025-03-10T12:03:00.000Z' },
      ];
      const message = makeMessage({ id: 'm7', reactions, forwarded: true });
      const lines = messageLines(message, false, { ...context, marked: new Set(['m7']) });
      expect(plain(lines.at(-1)!), 'grouped by emoji, in the order they came').to.equal('  ❤️ 2  👍 1');
      expect(lines.at(-1)!.find((segment) => segment.text === '👍 1')).to.include({ color: 'green', bold: true });
      expect(plain(lines[0]!)).to.match(/^✓ \d\d:\d\d Maria Cliente ↪ forwarded$/);
      expect(plain(messageLines(message, false, { ...context, width: 8 }).at(-1)!), 'only whole chips that fit').to.equal('  ❤️ 2');
    });

    it('names who reacted with each emoji while the message is selected, the agents by their names', () => {
      const reactions = [
        { sender: '5511', name: 'Maria', emoji: '❤️', fromMe: false, userId: null, createdAt: '2025-03-10T12:01:00.000Z' },
        { sender: 'me', name: 'Ana', emoji: '👍', fromMe: true, userId: 'agent', createdAt: '2025-03-10T12:02:00.000Z' },
        { sender: '5522', name: "João D'Ávila", emoji: '❤️', fromMe: false, userId: null, createdAt: '2025-03-10T12:03:00.000Z' },
        { sender: '5533', name: '', emoji: '❤️', fromMe: false, userId: null, createdAt: '2025-03-10T12:04:00.000Z' },
      ];
      const message = makeMessage({ reactions });
      // Drawn as terminals measure it: the heart without its emoji variation selector.
      expect(messageLines(message, true, context).map(plain).slice(-2)).to.deep.equal(["  ┆ ❤ from Maria, João D'Ávila, +1", '  ┆ 👍 from Ana']);
      expect(messageLines(message, false, context).map(plain).join('\n'), 'only the chips when not selected').not.to.include('from');
      expect(plain(messageLines(message, true, { ...context, width: 16 }).at(-2)!), 'cut to the width').to.equal('  ┆ ❤ from Mari…');
    });

    it('shows the earlier bodies of an edited message only while it is selected, without the signature', () => {
      const edited = makeMessage({
        fromMe: true,
        body: '*Ana*:\nEnviamos hoje',
        signed: true,
        isEdited: true,
        editHistory: [{ body: '*Ana*:\nEnviamos amanhã', editedAt: '2025-03-10T12:04:00.000Z' }],
      });
      const time = new Date('2025-03-10T12:04:00.000Z').toTimeString().slice(0, 5);
      expect(messageLines(edited, true, context).map(plain).slice(-1)).to.deep.equal([`  ┆ before (${time}): Enviamos amanhã`]);
      expect(messageLines(edited, false, context).map(plain).join('\n')).not.to.include('amanhã');
    });

    it('fills the rows with the newest messages up to the anchor', () => {
      const messages = ['one', 'two', 'three', 'four'].map((body, index) => makeMessage({ id: body, body, createdAt: `2025-03-10T12:0${index}:00.000Z` }));
      expect(conversationLines(messages, 3, null, 3, context).map(plain).filter((line) => line.startsWith('  '))).to.deep.equal(['  three', '  four']);
      const anchored = conversationLines(messages, 1, 1, 10, context);
      expect(anchored.map(plain).filter((line) => line.startsWith('  '))).to.deep.equal(['  one', '  two']);
      expect(plain(anchored[2]!).startsWith('▶')).to.equal(true);
    });
  });

  describe('a message taller than the pane', () => {
    it('hides its last lines when scrolled up, and says how many are below', () => {
      const tall = makeMessage({ id: 'tall', body: Array.from({ length: 30 }, (_, index) => `row ${index + 1}`).join('\n') });
      const shown = conversationLines([tall], 0, 0, 10, context, 12).map(plain);
      expect(shown).to.have.length(10);
      expect(shown.at(-1)).to.equal('↓ 12 more lines below');
      expect(shown.at(-2)).to.equal('  row 18');
      const top = conversationLines([tall], 0, 0, 10, context, 22).map(plain);
      expect(top[0]!.startsWith('▶')).to.equal(true);
      expect(top[1]).to.equal('  row 1');
    });
  });

  describe('keys on screen', () => {
    it('keeps help and quit in the footer at any width, and whole keys only', () => {
      expect(FOOTER_KEYS.list.pinned.map((key) => key.keys)).to.deep.equal(['?', 'q']);
      const shown = keysThatFit(FOOTER_KEYS.list.keys, 31, t);
      expect(shown.map((key) => key.keys)).to.deep.equal(['↑↓', 'Enter', 'a']);
      expect(keysThatFit(FOOTER_KEYS.list.keys, 3, t)).to.deep.equal([]);
    });

    it('lays the help out in as many columns as fit, no line wider than the dialog', () => {
      const every = Object.values(KEY_SECTIONS).flat().length + Object.keys(KEY_SECTIONS).length;
      for (const width of [40, 56, 76, 116, 200]) {
        const lines = helpLines(t, width);
        expect(Math.max(...lines.map((line) => textWidth(plain(line)))), `at ${width}`).to.be.at.most(width);
        const text = lines.map(plain).join('\n');
        expect(Object.values(KEY_SECTIONS).flat().filter((key) => !text.includes(t(`tui.keys.${key.action}`).slice(0, 8))), `at ${width}`).to.deep.equal([]);
        expect(lines.length, `at ${width}`).to.be.at.least(Math.ceil(every / Math.max(1, Math.floor((width + 2) / 43))));
      }
      expect(helpLines(t, 200).length, 'wide terminals use columns').to.be.below(helpLines(t, 56).length);
    });
  });

  describe('composer', () => {
    it('wraps the text with the cursor as an inverted cell, five rows at most', () => {
      const text = 'first line\nsecond';
      expect(composerLines({ text, cursor: text.length }, 20, true)).to.deep.equal([[{ text: 'first line' }], [{ text: 'second' }, { text: ' ', inverse: true }, { text: '' }]]);
      expect(composerLines({ text: 'abc', cursor: 1 }, 20, true)).to.deep.equal([[{ text: 'a' }, { text: 'b', inverse: true }, { text: 'c' }]]);
      const tall = Array.from({ length: 8 }, (_, index) => `line ${index}`).join('\n');
      const shown = composerLines({ text: tall, cursor: tall.length }, 20, true).map(plain);
      expect(shown).to.have.length(5);
      expect(shown.at(-1)).to.equal('line 7 ');
      expect(composerLines({ text: 'abc', cursor: 0 }, 20, false)).to.deep.equal([[{ text: 'abc' }]]);
      expect(composerLines({ text: 'a👍🏽b', cursor: 1 }, 20, true), 'the cursor on a whole grapheme, shown as terminals draw it').to.deep.equal([[{ text: 'a' }, { text: '👍', inverse: true }, { text: 'b' }]]);
    });
  });
});
