import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectionHealth, Message, QuickMessage, Queue, Tag, Ticket } from '@atende/shared';
import type { ExternalSendAnswer } from '@atende/shared/client';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, eventually, pairedSandbox, signInSuper, type Signed, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, unreachableEnv, type Env, type Run } from './support/cli.js';

describe('atende tags, quick-messages and tickets', function () {
  // Each case runs the binary many times, one after another: generous on a loaded machine.
  this.timeout(90_000);
  let server: SpawnedServer;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Signed & { id: string };
  let adminEnv: Env;
  let agentEnv: Env;
  let otherEnv: Env;
  let downEnv: Env;
  let paired: string;
  let vendas: Queue;

  let numbers = 0;
  const customer = () => `55119${String(Date.now()).slice(-5)}${String((numbers += 1)).padStart(3, '0')}`;
  const as = (signed: Signed) => sessionEnv(server.url, signed.api.session.get()!);

  function expectUsage(run: Run, text: string): void {
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stderr).to.include(text);
  }

  function expectRefused(run: Run, code: string): void {
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.include(`${code}: `);
  }

  /** A customer writes to the paired sandbox: their new pending ticket. */
  async function newTicket(name: string): Promise<Ticket> {
    const number = customer();
    await tenant.admin.api.sandbox.send(paired, { from: number, name, body: `Hello from ${name}` });
    let ticket: Ticket | undefined;
    await eventually(async () => {
      ticket = (await tenant.admin.api.tickets.list({ searchParam: number, showAll: true })).tickets.find((found) => found.contact?.number === number);
      return ticket !== undefined;
    }, `ticket of ${name}`);
    return ticket!;
  }

  before(async () => {
    server = await spawnServer();
    const operator = await signInSuper(server.url);
    [tenant, other] = await Promise.all([createTenant(server.url, operator), createTenant(server.url, operator)]);
    vendas = await tenant.admin.api.queues.create({ name: 'Vendas', color: '#111111' });
    await tenant.admin.api.queues.create({ name: 'Suporte', color: '#222222', greetingMessage: 'Pick one:' });
    agent = await createMember(server.url, tenant, 'user');
    await tenant.admin.api.users.update(agent.id, { queueIds: [vendas.id] });
    [adminEnv, agentEnv, otherEnv, downEnv] = await Promise.all([as(tenant.admin), as(agent), as(other.admin), unreachableEnv()]);
    paired = await pairedSandbox(tenant.admin.api, 'Front desk');
  });
  after(() => server?.stop());

  it('tags: create, list with ticket counts and kanban lanes, update and delete by name', async () => {
    const vip = parse<Tag>(await cli(['tags', 'create', '--name', 'VIP', '--color', '#c62828', '--json'], adminEnv));
    expect(vip).to.include({ name: 'VIP', color: '#c62828', kanban: 0 });
    const lane = parse<Tag>(await cli(['tags', 'create', '--name', 'Waiting payment', '--kanban', '--json'], adminEnv));
    expect(lane.kanban).to.equal(1);

    const [list, lanes, duplicate, short, agentLane] = await Promise.all([
      cli(['tags', 'list'], adminEnv),
      cli(['tags', 'list', '--kanban', '--json'], adminEnv),
      cli(['tags', 'create', '--name', 'vip'], adminEnv),
      cli(['tags', 'create', '--name', 'ab'], adminEnv),
      cli(['tags', 'create', '--name', 'Agents lane', '--kanban'], agentEnv),
    ]);
    expect(list.stdout).to.match(new RegExp(`^${vip.id}\\s+VIP\\s+#c62828\\s+no\\s+0$`, 'm')).and.match(new RegExp(`^${lane.id}\\s+Waiting payment\\s+\\S+\\s+yes\\s+0$`, 'm'));
    expect(parse<Tag[]>(lanes).map((tag) => tag.id)).to.deep.equal([lane.id]);
    expectRefused(duplicate, 'ERR_DUPLICATED_TAG');
    expectUsage(short, 'Invalid --name: Too Short!');
    expectRefused(agentLane, 'ERR_NO_PERMISSION');

    const renamed = parse<Tag>(await cli(['tags', 'update', 'waiting PAYMENT', '--name', 'Awaiting payment', '--no-kanban', '--json'], adminEnv));
    expect(renamed).to.include({ id: lane.id, name: 'Awaiting payment', kanban: 0 });
    expect((await cli(['tags', 'delete', 'awaiting payment', '--yes'], adminEnv)).stdout).to.include(`Deleted Awaiting payment (${lane.id}).`);
    expect((await tenant.admin.api.tags.list()).map((tag) => tag.name)).to.deep.equal(['VIP']);
  });

  it('quick-messages (also quick-answers): create with a file, list, update by shortcode, deactivate, delete', async () => {
    await writeFile(path.join(adminEnv.ATENDE_CONFIG_DIR!, 'menu.txt'), 'Today: feijoada\n');
    const pix = parse<QuickMessage>(await cli(['quick-messages', 'create', '--shortcode', 'pix', '--message', 'Our Pix key is 12.345', '--json'], adminEnv));
    expect(pix).to.include({ shortcode: 'pix', message: 'Our Pix key is 12.345', geral: false, status: true });
    const menu = parse<QuickMessage>(await cli(['quick-answers', 'create', '--shortcode', 'menu', '--message', 'Our menu', '--shared', '--file', path.join(adminEnv.ATENDE_CONFIG_DIR!, 'menu.txt'), '--json'], adminEnv));
    expect(menu).to.include({ shortcode: 'menu', geral: true, isMedia: true, mediaName: 'menu.txt' });

    const list = await cli(['quick-messages', 'list'], adminEnv);
    expect(list.stdout).to.match(new RegExp(`^${menu.id}\\s+menu\\s+yes\\s+active\\s+menu\\.txt\\s+Our menu$`, 'm')).and.match(new RegExp(`^${pix.id}\\s+pix\\s+no\\s+active\\s+-\\s+Our Pix key is 12\\.345$`, 'm'));
    const inactive = parse<QuickMessage>(await cli(['quick-messages', 'update', 'PIX', '--inactive', '--allow-view', '--json'], adminEnv));
    expect(inactive).to.include({ id: pix.id, status: false, allowView: true });
    const bare = parse<QuickMessage>(await cli(['quick-messages', 'update', 'menu', '--remove-file', '--json'], adminEnv));
    expect(bare).to.include({ id: menu.id, isMedia: false, mediaName: null });

    // The agent sees the shared one and the one allowed to be seen, but may not change them.
    const [agentList, agentEdit, agentShared] = await Promise.all([
      cli(['quick-messages', 'list', '--json'], agentEnv),
      cli(['quick-messages', 'update', 'menu', '--message', 'Changed'], agentEnv),
      cli(['quick-messages', 'create', '--shortcode', 'mine', '--message', 'x', '--shared'], agentEnv),
    ]);
    expect(parse<QuickMessage[]>(agentList).map((message) => message.shortcode)).to.have.members(['menu', 'pix']);
    expectRefused(agentEdit, 'ERR_NO_PERMISSION');
    expectRefused(agentShared, 'ERR_NO_PERMISSION');

    // Personal shortcodes may repeat between users: an admin, who sees both, must pick by id.
    await agent.api.quickMessages.create({ shortcode: 'oi', message: 'Oi!' });
    await tenant.admin.api.quickMessages.create({ shortcode: 'oi', message: 'Olá!' });
    expectUsage(await cli(['quick-messages', 'delete', 'oi', '--yes'], adminEnv), '"oi" could be more than one quick message: ');
    expect((await cli(['quick-messages', 'delete', 'pix', '--yes'], adminEnv)).stdout).to.include(`Deleted pix (${pix.id}).`);
    expect((await tenant.admin.api.quickMessages.page()).records.map((message) => message.shortcode)).to.have.members(['menu', 'oi', 'oi']);
  });

  it('tickets: accept, transfer by queue and user name, list with filters by name, close and reopen', async () => {
    const ticket = await newTicket('Carla');
    const pending = parse<Ticket[]>(await cli(['tickets', 'list', '--status', 'pending', '--all', '--json'], adminEnv));
    expect(pending.map((found) => found.id)).to.include(ticket.id);

    const accepted = parse<Ticket>(await cli(['tickets', 'accept', ticket.id, '--json'], adminEnv));
    expect(accepted).to.include({ status: 'open', userId: tenant.admin.api.session.get()!.user.id });
    const again = await cli(['tickets', 'accept', ticket.id], adminEnv);
    expect(again.code, 'already accepted: nothing to do').to.equal(0);
    expect(again.stderr).to.include(`Ticket ${ticket.id} is already open with`);

    const toQueue = await cli(['tickets', 'transfer', ticket.id, '--queue', 'vendas'], adminEnv);
    expect(toQueue.stdout).to.include(`Ticket ${ticket.id} transferred: queue Vendas, user - (pending).`);
    const [inVendas, inSuporte] = await Promise.all([
      cli(['tickets', 'list', '--status', 'pending', '--queues', 'Vendas', '--json'], agentEnv),
      cli(['tickets', 'list', '--status', 'pending', '--queues', 'suporte', '--all', '--json'], adminEnv),
    ]);
    expect(parse<Ticket[]>(inVendas).map((found) => found.id), "in the agent's queue").to.include(ticket.id);
    expect(parse<Ticket[]>(inSuporte).map((found) => found.id)).not.to.include(ticket.id);

    const toAgent = parse<Ticket>(await cli(['tickets', 'accept', ticket.id, '--user', agent.email, '--json'], adminEnv));
    expect(toAgent).to.include({ status: 'open', userId: agent.id, queueId: vendas.id });
    const priority = await tenant.admin.api.tags.create({ name: 'Priority' });
    await tenant.admin.api.tags.sync(ticket.id, [priority.id]);
    const [byUser, byTag, mine, table] = await Promise.all([
      cli(['tickets', 'list', '--status', 'open', '--users', agent.email.toUpperCase(), '--all', '--json'], adminEnv),
      cli(['tickets', 'list', '--tags', 'PRIORITY', '--all', '--json'], adminEnv),
      cli(['tickets', 'list', '--status', 'open', '--json'], agentEnv),
      cli(['tickets', 'list', '--status', 'open', '--all'], adminEnv),
    ]);
    for (const run of [byUser, byTag, mine]) expect(parse<Ticket[]>(run).map((found) => found.id)).to.deep.equal([ticket.id]);
    expect(table.stdout).to.match(new RegExp(`^${ticket.id}\\s+open\\s+Carla\\s+\\+55 \\d\\d \\d{4,5}-\\d{4}\\s+Vendas\\s+Member user\\s+\\d+\\s+[\\d-]+ [\\d:]+\\s+Hello from Carla$`, 'm'));

    const closed = await cli(['tickets', 'close', ticket.id], adminEnv);
    expect(closed.stdout).to.include(`Ticket ${ticket.id} closed.`);
    expect((await tenant.admin.api.tickets.get(ticket.id)).userId, 'closing keeps the user').to.equal(agent.id);
    const closedAgain = await cli(['tickets', 'resolve', ticket.id], adminEnv);
    expect(closedAgain.code).to.equal(0);
    expect(closedAgain.stderr).to.include('is already closed: nothing changed.');
    const reopened = parse<Ticket>(await cli(['tickets', 'reopen', ticket.id, '--user', 'member user', '--json'], adminEnv));
    expect(reopened).to.include({ status: 'open', userId: agent.id, queueId: vendas.id });

    const shown = parse<Ticket & { messages: Message[] }>(await cli(['tickets', 'show', ticket.uuid, '--messages', '--json'], adminEnv));
    expect(shown.id).to.equal(ticket.id);
    expect(shown.messages.map((message) => message.body)).to.include('Hello from Carla');
    const text = await cli(['tickets', 'show', ticket.id, '--messages', '--lang', 'pt'], adminEnv);
    expect(text.stdout).to.match(/^Status:\s+aberto$/m).and.match(/^Fila:\s+Vendas$/m).and.match(/^Etiquetas:\s+Priority$/m).and.match(/ Carla: Hello from Carla$/m);
  });

  it('the sandbox, send and whatsapp status take the connection by name', async () => {
    const number = customer();
    const said = await cli(['sandbox', 'say', '--connection', 'front desk', '--from', number, '--name', 'Fabi', 'Oi'], adminEnv);
    expect(said.code, said.stderr).to.equal(0);
    const sent = parse<ExternalSendAnswer>(await cli(['send', '--connection', 'Front Desk', '--to', number, 'Hello Fabi', '--json'], adminEnv));
    expect(sent.messages.map((message) => [message.body, message.origin])).to.deep.equal([['Hello Fabi', 'api']]);
    // Messages of ours name what sent them: the API here, as the terminal inbox does.
    const shown = await cli(['tickets', 'show', sent.ticketId, '--messages'], adminEnv);
    expect(shown.stdout).to.match(/ API: Hello Fabi$/m);
    const health = parse<ConnectionHealth>(await cli(['whatsapp', 'status', 'FRONT DESK', '--json'], adminEnv));
    expect(health).to.include({ whatsappId: paired, name: 'Front desk', status: 'CONNECTED' });
  });

  it('tickets: transitions that do not apply are usage errors saying what would; nothing changes', async () => {
    const ticket = await newTicket('Duda');
    const [noTarget, reopenPending, unknownQueue] = await Promise.all([
      cli(['tickets', 'transfer', ticket.id], adminEnv),
      cli(['tickets', 'reopen', ticket.id], adminEnv),
      cli(['tickets', 'transfer', ticket.id, '--queue', 'Financeiro'], adminEnv),
    ]);
    expectUsage(noTarget, 'Give --queue, --user or --connection.');
    expectUsage(reopenPending, 'is pending, not closed: accept it with tickets accept.');
    expectUsage(unknownQueue, 'No queue is named "Financeiro" (queues: Suporte, Vendas).');
    await tenant.admin.api.tickets.update(ticket.id, { status: 'closed' });
    const [acceptClosed, transferClosed] = await Promise.all([
      cli(['tickets', 'accept', ticket.id, '--lang', 'es'], adminEnv),
      cli(['tickets', 'transfer', ticket.id, '--queue', 'Suporte'], adminEnv),
    ]);
    expectUsage(acceptClosed, `El ticket ${ticket.id} está cerrado: solo se aceptan tickets pendientes`);
    expectUsage(transferClosed, 'is closed: reopen it before transferring it.');
    expect(await tenant.admin.api.tickets.get(ticket.id)).to.include({ status: 'closed', queueId: null });
  });

  it("tickets: another company's ticket is not found and stays as it was; bad input is a usage error; server down is 3", async () => {
    const ticket = await newTicket('Eva');
    const [foreignShow, foreignClose, foreignTransfer, badRef, badLimit, badDay, badStatus, down] = await Promise.all([
      cli(['tickets', 'show', ticket.id], otherEnv),
      cli(['tickets', 'close', ticket.id], otherEnv),
      cli(['tickets', 'transfer', ticket.id, '--queue', vendas.id], otherEnv),
      cli(['tickets', 'show', 'not-a-ticket'], adminEnv),
      cli(['tickets', 'list', '--limit', '0'], adminEnv),
      cli(['tickets', 'list', '--date', '2024-02-30'], adminEnv),
      cli(['tickets', 'list', '--status', 'archived'], adminEnv),
      cli(['tickets', 'list'], downEnv),
    ]);
    for (const run of [foreignShow, foreignClose, foreignTransfer]) expectRefused(run, 'ERR_NO_TICKET_FOUND');
    expectUsage(badRef, 'Invalid <ticket>');
    expectUsage(badLimit, 'Invalid --limit: Must be at least 1');
    expectUsage(badDay, 'Invalid --date');
    expect(badStatus.code).to.equal(1);
    expect(down.code).to.equal(3);
    expect(await tenant.admin.api.tickets.get(ticket.id)).to.include({ status: 'pending', queueId: null });
  });
});
