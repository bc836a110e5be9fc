/**
 * A team's first hour in the inbox (issue 30), against a real server: who wrote each message of
 * ours (the chatbot, the API, a supervisor, the agent), the conversation following new messages
 * (a row says when newer ones are below), quick answers created meanwhile, and drafts kept per
 * ticket while the agent goes elsewhere and across a restart, with q asking before quitting.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionStore } from '@atende/shared/client';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { KEYS, lineAbove, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

/** The right-hand pane of two: the conversation. */
const conversationPane = (frame: string) =>
  frame
    .split('\n')
    .map((row) => row.split('││')[1] ?? '')
    .join('\n');

describe('a first hour in the inbox (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest | undefined;
  let session: SessionStore;
  let dir: string;
  let draftsFile: string;
  const maria = customerNumber();
  const joao = customerNumber();

  async function ticketOf(number: string) {
    const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
    return tickets.find((ticket) => ticket.contact?.number === number)!;
  }

  /** A customer's ticket, accepted by the agent. */
  async function assigned(number: string, name: string, body: string) {
    await customerSays(company, number, name, body);
    const ticket = await until(() => ticketOf(number), `${name}'s ticket`);
    return company.admin.tickets.update(ticket.id, { status: 'open', userId: company.agent.id });
  }

  /** The inbox, its list showing both customers. */
  async function start() {
    inbox = renderInbox(server, { session, draftsFile });
    await inbox.see('Open 2', 'Maria Cliente', 'João Comprador');
    return inbox;
  }

  /** Opens the customer's conversation, found by the search tab. */
  async function openConversation(screen: InboxUnderTest, name: string, number: string) {
    await screen.press(KEYS.escape, KEYS.escape, '/', KEYS.ctrlU);
    await screen.see('Search:');
    await screen.type(name.split(' ')[0]!);
    await screen.see(`▌${name}`);
    await screen.press(KEYS.down, KEYS.enter);
    await screen.see(`${name} +${number}`);
  }

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    dir = await mkdtemp(path.join(tmpdir(), 'atende-inbox-first-hour-'));
    draftsFile = path.join(dir, 'inbox-drafts.json');
    await assigned(maria, 'Maria Cliente', 'Oi, preciso de ajuda');
    await assigned(joao, 'João Comprador', 'Cadê meu pedido?');
    session = await sessionOf(server, company.agentAccount);
  });

  afterEach(() => {
    inbox?.unmount();
    inbox = undefined;
  });

  after(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names who sent each message of ours: the chatbot, the API, a supervisor, and the agent as "You"', async () => {
    const screen = await start();
    await openConversation(screen, 'Maria Cliente', maria);
    // The queue's greeting went out by the chatbot when Maria wrote.
    await screen.seeWhere((frame) => lineAbove(frame, 'Olá!').includes('Chatbot'), 'the greeting under "Chatbot"');
    const { id: ticketId } = await ticketOf(maria);
    const token = (await company.admin.whatsapp.get(company.whatsapp.id)).token!;
    await company.admin.externalSend.send({ token, number: maria, body: 'Seu pedido saiu para entrega' });
    await screen.seeWhere((frame) => lineAbove(frame, 'Seu pedido saiu para entrega').includes('API'), 'the API send under "API"');
    const supervisor = await company.admin.auth.me();
    await company.admin.messages.send(ticketId, { body: 'Maria, aqui é a supervisora' });
    await screen.seeWhere((frame) => lineAbove(frame, 'Maria, aqui é a supervisora').includes(supervisor.name), "the supervisor's reply under her name");
    await screen.press(KEYS.enter);
    await screen.press(KEYS.ctrlS);
    await screen.type('Já estou vendo, Maria');
    await screen.press(KEYS.enter);
    await screen.seeWhere((frame) => lineAbove(frame, 'Já estou vendo, Maria').includes('You'), 'the agent’s own reply under "You"');
    for (const text of ['Olá!', 'Seu pedido saiu para entrega', 'Maria, aqui é a supervisora']) expect(lineAbove(screen.frame(), text), text).not.to.include('You');
  });

  it('says how many newer messages are below while an older one is selected, and follows again at the end or on sending', async () => {
    const screen = await start();
    await openConversation(screen, 'João Comprador', joao);
    await screen.seeWhere((frame) => lineAbove(frame, 'Olá!').includes('▶'), 'the conversation loaded, its newest message selected');
    // Up to the customer's first message: the greeting is below it.
    await screen.press(KEYS.up);
    await screen.see('↓ 1 newer message below · End shows it');
    await customerSays(company, joao, 'João Comprador', 'Alguém aí?');
    await screen.see('↓ 2 newer messages below · End shows them');
    expect(conversationPane(screen.frame()), 'the pane stays where the agent is').not.to.include('Alguém aí?');
    await screen.press(KEYS.down, KEYS.down);
    await screen.seeWhere((frame) => frame.includes('Alguém aí?') && !frame.includes('newer message'), 'at the end: the newest shown, no marker');
    await customerSays(company, joao, 'João Comprador', 'Vocês entregam hoje?');
    await screen.seeWhere((frame) => frame.includes('Vocês entregam hoje?') && !frame.includes('newer message'), 'at the end, a new message is followed');

    // Sending from an older place goes back to the newest.
    await screen.press(KEYS.up, KEYS.up, KEYS.up);
    await screen.see('newer messages below');
    await screen.press('i');
    await screen.type('Entregamos sim');
    await screen.press(KEYS.enter);
    await screen.seeWhere((frame) => frame.includes('Entregamos sim') && !frame.includes('newer message'), 'the reply shown at the bottom');
  });

  it('offers a quick answer created while the inbox is open', async () => {
    const screen = await start();
    await openConversation(screen, 'João Comprador', joao);
    await screen.press(KEYS.enter);
    await screen.type('/hor');
    await screen.see('No quick answer with this shortcode.');
    await company.admin.quickMessages.create({ shortcode: 'horario', message: 'Atendemos das 8h às 18h.', geral: true });
    await screen.see('/horario');
    await screen.press(KEYS.enter);
    await screen.see('> Atendemos das 8h às 18h.');
    await screen.press(KEYS.enter);
    await until(async () => (await received(company, joao)).some((message) => message.body.endsWith('Atendemos das 8h às 18h.')), 'the quick answer reaches the phone');
  });

  it('keeps a draft per ticket while the agent looks elsewhere and across a restart, shows it in the list, and q asks before quitting', async () => {
    let screen = await start();
    await openConversation(screen, 'Maria Cliente', maria);
    await screen.press(KEYS.enter);
    await screen.type('Maria, vou verificar o');
    await screen.press(KEYS.ctrlJ);
    await screen.type('seu pedido');
    await openConversation(screen, 'João Comprador', joao);
    expect(screen.frame(), "another ticket's composer is empty").not.to.include('vou verificar');
    await screen.press(KEYS.escape, '1');
    await screen.see('✎ Draft: Maria, vou verificar o');
    await openConversation(screen, 'Maria Cliente', maria);
    await screen.see('> Maria, vou verificar o', 'seu pedido');

    await screen.press(KEYS.escape, KEYS.escape, 'q');
    await screen.see('Quit the inbox?', '1 conversation has a draft you have not sent (it stays for the next start).', 'y quits · any other key goes back');
    await screen.press('n');
    await screen.seeWhere((frame) => !frame.includes('Quit the inbox?') && frame.includes('✎ Draft:'), 'back in the inbox');
    screen.unmount();

    screen = await start();
    await screen.see('✎ Draft: Maria, vou verificar o');
    expect((await stat(draftsFile)).mode & 0o777, 'the drafts file is private').to.equal(0o600);
    expect(JSON.parse(await readFile(draftsFile, 'utf8'))).to.deep.equal({ [`${server.url} ${company.agent.id}`]: { [(await ticketOf(maria)).id]: 'Maria, vou verificar o\nseu pedido' } });
    await openConversation(screen, 'Maria Cliente', maria);
    await screen.see('> Maria, vou verificar o', 'seu pedido');
    await screen.press(KEYS.enter);
    await screen.press(KEYS.enter);
    await until(async () => (await received(company, maria)).some((message) => message.body.endsWith('Maria, vou verificar o\nseu pedido')), 'the draft sent');
    await screen.press(KEYS.escape, KEYS.escape, '1');
    await screen.seeWhere((frame) => frame.includes('Maria Cliente') && !frame.includes('✎ Draft:'), 'no draft once sent');
    await until(async () => JSON.stringify(JSON.parse(await readFile(draftsFile, 'utf8'))) === '{}', 'the file emptied');
  });
});
