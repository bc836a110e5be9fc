/**
 * The agent's inbox live against a real server: a sandbox customer writes, the list updates and
 * the bell rings for the new waiting customer (m mutes it), the ticket reads before it is
 * accepted, accept and reply reach the customer's phone, the notification rules, the ticket
 * transitions, and a reconnection after the server restarts.
 */
import { expect } from 'chai';
import { signatureOf, formatPhoneNumber } from '@atende/shared';
import { rm } from 'node:fs/promises';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { KEYS, lineAbove, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

describe('inbox (live, against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;
  const maria = customerNumber();
  const joao = customerNumber();
  const pedro = customerNumber();
  const ines = customerNumber();

  async function ticketOf(number: string) {
    const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
    return tickets.find((ticket) => ticket.contact?.number === number);
  }

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    inbox = renderInbox(server, { session: await sessionOf(server, company.agentAccount) });
    await inbox.see('Ana Agente', '● Connected');
  });

  after(async () => {
    inbox?.unmount();
    await server?.stop();
    if (server) await rm(server.dataDir, { recursive: true, force: true });
  });

  it('rings the bell once for a new waiting customer, and opens the ticket read-only before it is accepted', async () => {
    await customerSays(company, maria, 'Maria Cliente', 'Preciso de ajuda com o pedido 123');
    await inbox.see('Pending 1', '🔔 New customer waiting: Maria Cliente: Preciso de ajuda com o pedido 123');
    expect(inbox.bells(), 'one bell for the new waiting customer').to.equal(1);
    await customerSays(company, maria, 'Maria Cliente', 'Alguém aí?');
    await inbox.press('2');
    // The pending row: the customer's last words and how long they have waited.
    await inbox.see('Maria Cliente', ' waiting ', 'Alguém aí?');
    expect(inbox.bells(), 'more messages of a waiting ticket ring no more (no allTicket)').to.equal(1);
    await inbox.press(KEYS.enter);
    await inbox.see(`Maria Cliente ${formatPhoneNumber(maria)}`, '[pending]', 'Preciso de ajuda com o pedido 123', 'Read only: accept the ticket (a) to reply.');
    await inbox.press('i');
    expect(inbox.frame()).not.to.include('Enter send');
    const ticket = await ticketOf(maria);
    expect([ticket?.status, ticket?.userId], 'reading it changed nothing').to.deep.equal(['pending', null]);
  });

  it('mutes the bell with m (the line still says who waits), and rings again after a second m', async () => {
    await inbox.press('m');
    await inbox.see('Bell off (m turns it on again).', '🔕 ● Connected');
    const before = inbox.bells();
    await customerSays(company, pedro, 'Pedro Novo', 'Vocês abrem domingo?');
    await inbox.see('🔔 New customer waiting: Pedro Novo: Vocês abrem domingo?');
    expect(inbox.bells(), 'muted').to.equal(before);
    await inbox.press('m');
    await inbox.see('Bell on.');
    expect(inbox.frame()).not.to.include('🔕');
    await customerSays(company, ines, 'Inês Nova', 'Bom dia!');
    await inbox.see('🔔 New customer waiting: Inês Nova: Bom dia!');
    expect(inbox.bells()).to.equal(before + 1);
  });

  it('accepts the ticket and opens its conversation', async () => {
    await inbox.press('a');
    await inbox.see('Ticket accepted.', 'Open 1', `Maria Cliente ${formatPhoneNumber(maria)}`, '[open]', 'Preciso de ajuda com o pedido 123');
    const ticket = await ticketOf(maria);
    expect([ticket?.status, ticket?.userId]).to.deep.equal(['open', company.agent.id]);
  });

  it('sends the reply to the customer’s phone, and shows ✓✓ once the customer read it', async () => {
    await inbox.press(KEYS.enter);
    await inbox.type('Claro! Vou verificar o pedido.');
    await inbox.press(KEYS.enter);
    // Signed with the agent's name, as the composer does unless the signature is turned off.
    const body = `${signatureOf(company.agent.name)}Claro! Vou verificar o pedido.`;
    const sent = await until(async () => (await received(company, maria)).find((message) => message.body === body), 'the reply reaches the phone');
    // Sent (✓) means the server recorded the phone's message id, which the read receipt refers to.
    await inbox.seeWhere((frame) => lineAbove(frame, `${company.agent.name}:`).includes('You ✓'), 'the reply marked sent');
    await company.admin.sandbox.read(company.whatsapp.id, [sent.providerMessageId]);
    await inbox.seeWhere((frame) => lineAbove(frame, `${company.agent.name}:`).includes('You ✓✓'), 'the reply marked read');
  });

  it('shows the customer’s answer live, without the bell while the conversation is on screen', async () => {
    const before = inbox.bells();
    await customerSays(company, maria, 'Maria Cliente', 'Obrigada, fico no aguardo');
    await inbox.see('Obrigada, fico no aguardo');
    expect(inbox.bells()).to.equal(before);
    expect(inbox.frame()).not.to.include('New message from');
  });

  it('rings the bell with a notification line for a message on another ticket of the agent', async () => {
    await customerSays(company, joao, 'João Comprador', 'Vocês entregam no sábado?');
    await inbox.press(KEYS.escape, KEYS.escape, '2');
    await inbox.see('João Comprador');
    await inbox.press('a');
    await inbox.see('João Comprador +' + joao);
    // In the conversation (the pending list and the notification line showed the same words): its header is above them.
    await inbox.seeWhere((frame) => lineAbove(frame, '  Vocês entregam no sábado?').includes('João Comprador'), 'João’s conversation');
    const bellsBefore = inbox.bells();
    await customerSays(company, maria, 'Maria Cliente', 'Esqueci de dizer: é urgente');
    await inbox.see('🔔 New message from Maria Cliente: Esqueci de dizer: é urgente');
    expect(inbox.bells()).to.equal(bellsBefore + 1);
    expect(lineAbove(inbox.frame(), '  Vocês entregam no sábado?'), 'João’s conversation stays on screen').to.include('João Comprador');
  });

  it('returns a ticket to the queue, resolves one and reopens it', async () => {
    const bells = inbox.bells();
    await inbox.press('p');
    await inbox.see('Ticket returned to the queue.', 'Pick a ticket and press Enter.');
    expect(inbox.bells(), 'a ticket the agent returned is no new customer').to.equal(bells);
    await until(async () => (await ticketOf(joao))?.status === 'pending', 'João waits in the queue');
    expect((await ticketOf(joao))?.userId).to.equal(null);

    await inbox.press('1', KEYS.enter);
    await inbox.see(`Maria Cliente ${formatPhoneNumber(maria)}`);
    await inbox.press('x');
    await inbox.see('Ticket resolved.', 'Closed 1', 'Open 0');
    expect((await ticketOf(maria))?.status).to.equal('closed');

    await inbox.press('3', 'o');
    await inbox.see('Ticket reopened.', 'Open 1', '[open]');
    expect((await ticketOf(maria))?.status).to.equal('open');
  });

  it('shows the reconnection when the server restarts, and keeps receiving afterwards', async function () {
    this.timeout(90_000);
    const { port, dataDir } = server;
    await server.stop({ keepData: true });
    await inbox.see('Reconnecting…');
    server = await spawnServer({ port, dataDir });
    await inbox.see('● Connected');
    await customerSays(company, maria, 'Maria Cliente', 'Voltei depois da queda');
    await inbox.see('Voltei depois da queda');
  });
});
