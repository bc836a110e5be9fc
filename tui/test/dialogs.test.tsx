/**
 * The dialogs and the layout against a real server: transfer to a queue and a user or to a queue
 * alone, tags, search, the queue filter (queueless tickets alongside the queues picked), help, and
 * one pane at a time on a narrow terminal.
 */
import { formatPhoneNumber } from '@atende/shared';
import { expect } from 'chai';
import type { Queue, User } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, unique, type TestCompany } from './support/company.js';
import { KEYS, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

describe('dialogs and layout (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;
  let sales: Queue;
  let bruno: User;
  const maria = customerNumber();
  const joao = customerNumber();
  const carla = customerNumber();
  const lia = customerNumber();

  async function ticketOf(number: string) {
    const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
    return tickets.find((ticket) => ticket.contact?.number === number)!;
  }

  /** Opens the pending tab and accepts the first ticket there. */
  async function acceptFirstPending(name: string) {
    await inbox.press(KEYS.escape, KEYS.escape, '2');
    await inbox.see(name);
    await inbox.press('a');
    await inbox.see('Ticket accepted.', `${name} +`);
  }

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    sales = await company.admin.queues.create({ name: 'Vendas', color: '#b91c1c', greetingMessage: 'Vendas, bom dia!' });
    bruno = await company.admin.users.create({ name: 'Bruno Vendedor', email: `${unique('bruno')}@inbox.test`, password: 'bruno-secret', profile: 'user', queueIds: [sales.id] });
    await company.admin.users.update(company.agent.id, { queueIds: [company.queue.id, sales.id] });
    await company.admin.users.create({ name: 'Bruna Suporte', email: `${unique('bruna')}@inbox.test`, password: 'bruna-secret', profile: 'user', queueIds: [company.queue.id] });
    await company.admin.tags.create({ name: 'urgente', color: '#dc2626' });
    await company.admin.tags.create({ name: 'vip', color: '#7c3aed' });
    await customerSays(company, maria, 'Maria Cliente', 'Quero falar com vendas');
    await customerSays(company, joao, 'João Comprador', 'Minha entrega atrasou');
    inbox = renderInbox(server, { session: await sessionOf(server, company.agentAccount) });
    await inbox.see('Pending 2');
  });

  after(async () => {
    inbox?.unmount();
    await server?.stop();
  });

  it('transfers a ticket to another queue and agent: it leaves the agent’s list', async () => {
    await acceptFirstPending('João Comprador');
    await inbox.press('t');
    await inbox.see('Transfer — pick the queue', 'Suporte', 'Vendas');
    await inbox.press(KEYS.down, KEYS.enter);
    await inbox.see('agent in Vendas (optional)', 'No agent (queue only)', 'Bruno Vendedor', 'Ana Agente');
    expect(inbox.frame(), 'only the members of the queue are offered').not.to.include('Bruna Suporte');
    await inbox.type('bru');
    // The cursor is on the first match, not on "no agent": Enter transfers to Bruno.
    await inbox.seeWhere((frame) => frame.includes('║ › Bruno Vendedor') && !frame.includes('║   Ana Agente') && !frame.includes('No agent'), 'the first match under the cursor');
    await inbox.press(KEYS.enter);
    await inbox.see('Ticket transferred.', 'Open 0', 'Pick a ticket and press Enter.');
    const ticket = await ticketOf(joao);
    expect([ticket.status, ticket.queueId, ticket.userId]).to.deep.equal(['open', sales.id, bruno.id]);
  });

  it('transfers a ticket to a queue alone: it waits there, pending', async () => {
    await acceptFirstPending('Maria Cliente');
    await inbox.press('t');
    await inbox.see('Transfer — pick the queue', 'Vendas');
    await inbox.press(KEYS.down, KEYS.enter);
    await inbox.see('No agent (queue only)');
    await inbox.press(KEYS.enter);
    await inbox.see('Ticket transferred.', 'Pending 1');
    const ticket = await ticketOf(maria);
    expect([ticket.status, ticket.queueId, ticket.userId]).to.deep.equal(['pending', sales.id, null]);
  });

  it('tags a ticket', async () => {
    await acceptFirstPending('Maria Cliente');
    await inbox.press('g');
    await inbox.see('Tags of Maria Cliente', '[ ] urgente', '[ ] vip');
    await inbox.press(' ');
    await inbox.see('[x] urgente');
    await inbox.press(KEYS.enter);
    await inbox.see('Tags saved.', '#urgente');
    expect((await ticketOf(maria)).tags.map((tag) => tag.name)).to.deep.equal(['urgente']);
  });

  it('searches tickets by contact and opens a result', async () => {
    await inbox.press(KEYS.escape, KEYS.escape, '/');
    await inbox.see('Search:', 'Type a name');
    await inbox.type('Compra');
    await inbox.see('João Comprador');
    expect(inbox.frame()).not.to.include('▌Maria Cliente');
    await inbox.press(KEYS.down, KEYS.enter);
    await inbox.see('João Comprador +' + joao, 'Minha entrega atrasou');
  });

  it('filters the lists by queue', async () => {
    await customerSays(company, carla, 'Carla Suporte', 'Preciso de suporte');
    await inbox.press(KEYS.escape, KEYS.escape, '2');
    await inbox.see('▌Carla Suporte');
    await inbox.press('f');
    await inbox.see('Filter by queue', '[ ] Suporte', '[ ] Vendas');
    await inbox.press(KEYS.down, ' ', KEYS.enter);
    await inbox.seeWhere((frame) => frame.includes('Pending 0') && !frame.includes('▌Carla Suporte'), 'only the Vendas queue');
    await inbox.press('f');
    await inbox.see('[x] Vendas');
    await inbox.press(' ', KEYS.enter);
    await inbox.see('Pending 1', '▌Carla Suporte');
  });

  it('shows every key in the help dialog, a page at a time', async () => {
    await inbox.press('?');
    await inbox.see('Keys', 'accept', 'Any key closes');
    await inbox.press(KEYS.pageDown, KEYS.pageDown);
    await inbox.see('quick answers', 'attach file');
    await inbox.press('x');
    await until(() => !inbox.frame().includes('Any key closes'), 'the help closed');
    expect(inbox.frame()).to.include('Pending 1');
  });

  it('shows an admin the tickets without a queue alongside the queues picked, in the lists and the search', async () => {
    const queueless = await company.admin.whatsapp.create({ name: 'Sem fila', provider: 'sandbox', queueIds: [] });
    await until(async () => (await company.admin.whatsapp.get(queueless.id)).status === 'qrcode', 'the second connection shows its QR');
    await company.admin.sandbox.pair(queueless.id);
    await company.admin.sandbox.send(queueless.id, { from: lia, name: 'Lia Semfila', body: 'Alguém me atende?' });
    const admin = renderInbox(server, { session: await sessionOf(server, company.adminAccount) });
    try {
      await admin.press('2');
      await admin.see('▌Lia Semfila', '▌Carla Suporte');
      await admin.press('f');
      await admin.see('Filter by queue', '[ ] Suporte');
      await admin.press(' ', KEYS.enter);
      await admin.see('▌Lia Semfila', '▌Carla Suporte');
      // João and Maria are open in Vendas: the filter leaves them out.
      await admin.press('1');
      await admin.seeWhere((frame) => frame.includes('Open 0') && !frame.includes('João Comprador'), 'the open tickets of Vendas filtered out');
      await admin.press('/');
      await admin.type('Semfila');
      await admin.see('▌Lia Semfila');
    } finally {
      admin.unmount();
    }
    // An agent without allTicket does not see it (document 1: allTicket lets a user see queueless tickets).
    await inbox.press(KEYS.escape, '2');
    await inbox.see('▌Carla Suporte');
    expect(inbox.frame()).not.to.include('Lia Semfila');
  });

  it('shows one pane at a time on a narrow terminal', async () => {
    await inbox.press('1');
    await inbox.see('Open 1', 'Maria Cliente');
    inbox.resize(70);
    await inbox.seeWhere((frame) => frame.includes('Open 1') && !frame.includes('Pick a ticket'), 'the list alone');
    await inbox.press(KEYS.enter);
    await inbox.seeWhere((frame) => frame.includes(`Maria Cliente ${formatPhoneNumber(maria)}`) && !frame.includes('Open 1'), 'the conversation alone');
    await inbox.press(KEYS.escape);
    await inbox.seeWhere((frame) => frame.includes('Open 1') && !frame.includes(`Maria Cliente ${formatPhoneNumber(maria)}`), 'back to the list');
    inbox.resize(100);
    await inbox.see('Open 1', `Maria Cliente ${formatPhoneNumber(maria)}`);
  });
});
