import { expect } from 'chai';
import type { Ticket } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createTenant, eventually, signIn, signInSuper } from './support/api.js';
import { cli, parse, sessionEnv, type Env } from './support/cli.js';

interface Seeded {
  company: { id: string };
  connection: { id: string; status: string };
  logins: { name: string; email: string; password: string; profile: string; queue: string | null }[];
  queues: string[];
  tickets: { open: number; pending: number; closed: number; choosing: number };
  contacts: number;
  tags: number;
  kanbanLanes: number;
  quickMessages: number;
  chat: string;
  scheduled: number;
}

/** The names of the customers in a list tab as this login sees it. */
async function names(api: ApiClient, status: 'open' | 'pending' | 'closed'): Promise<string[]> {
  const { tickets } = await api.tickets.list({ status });
  return tickets.map((ticket: Ticket) => ticket.contact?.name ?? '').sort();
}

describe('atende db seed-demo: the whole product, working, for every demo login', () => {
  let server: SpawnedServer;
  let operatorEnv: Env;
  let adminEnv: Env;
  let seeded: Seeded;

  before(async function () {
    // A server start and a whole demo company: generous on a loaded machine.
    this.timeout(240_000);
    server = await spawnServer();
    const operator = await signInSuper(server.url);
    operatorEnv = await sessionEnv(server.url, operator.api.session.get()!);
    const tenant = await createTenant(server.url, operator);
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    seeded = parse<Seeded>(await cli(['db', 'seed-demo', '--json'], operatorEnv));
  });
  after(() => server?.stop());

  const login = (name: string) => {
    const found = seeded.logins.find((item) => item.name === name)!;
    return signIn(server.url, found.email, found.password);
  };

  it('reports what it made, and the report agrees with the company', async () => {
    expect(seeded.connection.status).to.equal('CONNECTED');
    expect(seeded.logins.map((item) => [item.name, item.profile, item.queue])).to.deep.equal([
      ['Admin Demo', 'admin', null],
      ['Ana Vendas', 'user', 'Vendas'],
      ['Bruno Suporte', 'user', 'Suporte'],
    ]);
    expect(seeded.queues).to.deep.equal(['Vendas', 'Suporte']);
    expect(seeded.tickets).to.deep.equal({ pending: 3, choosing: 1, open: 2, closed: 1 });
    expect(seeded).to.include({ contacts: 7, tags: 5, kanbanLanes: 2, quickMessages: 3, chat: 'Equipe', scheduled: 1 });
    const admin = await login('Admin Demo');
    expect((await admin.api.contacts.list()).length).to.equal(seeded.contacts);
    expect((await admin.api.whatsapp.get(seeded.connection.id)).queueIds).to.have.length(2);
  });

  it('shows each login its inbox: waiting customers of its queues, its own conversations, the ones still choosing a queue for the admin', async () => {
    const admin = await login('Admin Demo');
    expect(await names(admin.api, 'pending')).to.deep.equal(['Carla Souza', 'Elisa Martins', 'Igor Pereira']);
    const ana = await login('Ana Vendas');
    expect(await names(ana.api, 'pending')).to.deep.equal(['Carla Souza']);
    expect(await names(ana.api, 'open')).to.deep.equal(['Helena Costa']);
    expect(await names(ana.api, 'closed')).to.deep.equal(['Gabriel Alves']);
    const bruno = await login('Bruno Suporte');
    expect(await names(bruno.api, 'pending')).to.deep.equal(['Igor Pereira']);
    expect(await names(bruno.api, 'open')).to.deep.equal(['Diego Lima']);
    // Their conversations hold what the customer wrote and what the agent answered.
    const [diego] = (await bruno.api.tickets.list({ status: 'open' })).tickets;
    const bodies = (await bruno.api.messages.list(diego!.id)).messages.map((message) => message.body);
    expect(bodies).to.include('O número é 4512.').and.include('Oi, Diego! Já estou verificando o pedido 4512.');
  });

  it('has tags on tickets, kanban lanes with cards, quick answers and a team chat the agents can read', async () => {
    const admin = await login('Admin Demo');
    const { tickets } = await admin.api.tags.kanbanTickets({ showAll: true });
    const lanes = Object.fromEntries(tickets.filter((ticket) => ticket.tags.length > 0).map((ticket) => [ticket.contact?.name, ticket.tags.map((tag) => tag.name).sort()]));
    expect(lanes['Diego Lima']).to.deep.equal(['Em andamento', 'Reclamação']);
    expect(lanes['Helena Costa']).to.deep.equal(['Aguardando cliente', 'Cliente VIP']);
    const ana = await login('Ana Vendas');
    expect((await ana.api.quickMessages.list()).map((item) => item.shortcode).sort()).to.deep.equal(['bomdia', 'horario', 'pix']);
    const { records } = await ana.api.chats.page();
    expect(records.map((chat) => chat.title)).to.deep.equal(['Equipe']);
    expect((await ana.api.chats.messages(records[0]!.id)).records.map((message) => message.message)).to.have.length(1);
  });

  it('serves a new customer: the chatbot offers the queues, and the answer reaches that queue\'s agent', async () => {
    const admin = await login('Admin Demo');
    await admin.api.sandbox.send(seeded.connection.id, { from: '5511955554444', name: 'Nina Nova', body: 'Oi!' });
    let menu = '';
    await eventually(async () => {
      const outbox = await admin.api.sandbox.outbox(seeded.connection.id, { to: '5511955554444' });
      menu = outbox.messages.map((message) => message.body).join('\n');
      return /Suporte/.test(menu);
    }, 'the menu reached the customer', 20_000);
    expect(menu).to.include('Com quem você quer falar?').and.match(/1\D+Vendas/).and.match(/2\D+Suporte/);
    await admin.api.sandbox.send(seeded.connection.id, { from: '5511955554444', name: 'Nina Nova', body: '2' });
    const bruno = await login('Bruno Suporte');
    await eventually(async () => (await names(bruno.api, 'pending')).includes('Nina Nova'), 'Nina reached Suporte');
  });

  it('running it again completes and changes nothing; a company admin may not run it', async () => {
    const admin = await login('Admin Demo');
    const before = { contacts: (await admin.api.contacts.list()).length, tickets: (await admin.api.tickets.list({ showAll: true })).tickets.length };
    const again = parse<Seeded>(await cli(['db', 'seed-demo', '--json'], operatorEnv));
    expect(again.company.id).to.equal(seeded.company.id);
    expect(again.connection.id).to.equal(seeded.connection.id);
    const after = await login('Admin Demo');
    expect({ contacts: (await after.api.contacts.list()).length, tickets: (await after.api.tickets.list({ showAll: true })).tickets.length }).to.deep.equal(before);

    const human = await cli(['db', 'seed-demo'], operatorEnv);
    expect(human.stdout).to.include(`Demo company ready: Atende Demo (${seeded.company.id}).`).and.include('ana@atende-demo.test').and.include('demo-agent');

    const refused = await cli(['db', 'seed-demo'], adminEnv);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.include('ERR_NO_PERMISSION');
  });
});
