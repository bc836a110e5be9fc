import { expect } from 'chai';
import type { Queue, QueueOption, User, Whatsapp } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, signInSuper, unique, type Signed, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, terminal, unreachableEnv, type Env, type Run } from './support/cli.js';

describe('atende queues and their options; names where ids are asked', function () {
  // Each case runs the binary many times, one after another: generous on a loaded machine.
  this.timeout(90_000);
  let server: SpawnedServer;
  let tenant: Tenant;
  let other: Tenant;
  let adminEnv: Env;
  let agentEnv: Env;
  let otherEnv: Env;
  let downEnv: Env;
  let vendas: Queue;
  let suporte: Queue;
  let foreignQueue: Queue;
  let demo: Whatsapp;

  const as = (signed: Signed) => sessionEnv(server.url, signed.api.session.get()!);

  function expectUsage(run: Run, text: string): void {
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stderr).to.include(text);
  }

  function expectRefused(run: Run, code: string): void {
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.include(`${code}: `);
  }

  before(async () => {
    server = await spawnServer();
    const operator = await signInSuper(server.url);
    [tenant, other] = await Promise.all([createTenant(server.url, operator), createTenant(server.url, operator)]);
    const agent = await createMember(server.url, tenant, 'user');
    [adminEnv, agentEnv, otherEnv, downEnv] = await Promise.all([as(tenant.admin), as(agent), as(other.admin), unreachableEnv()]);
    foreignQueue = await other.admin.api.queues.create({ name: 'Vendas', color: '#123456' });
    demo = await tenant.admin.api.whatsapp.create({ name: 'Demo Line', provider: 'sandbox' });
  });
  after(() => server?.stop());

  it('queues: create (a free colour by default; a greeting from the second one), list, show and update by name', async () => {
    vendas = parse<Queue>(await cli(['queues', 'create', '--name', 'Vendas', '--json'], adminEnv));
    expect(vendas).to.include({ name: 'Vendas', color: '#5c59a0' });
    expectRefused(await cli(['queues', 'create', '--name', 'Suporte'], adminEnv), 'ERR_WAPP_GREETING_REQUIRED');
    suporte = parse<Queue>(await cli(['queues', 'create', '--name', 'Suporte', '--greeting', 'Pick one:', '--json'], adminEnv));
    expect(suporte).to.include({ name: 'Suporte', greetingMessage: 'Pick one:' });
    expect(suporte.color, 'colours are unique in a company').not.to.equal(vendas.color);

    const [list, show, updated] = await Promise.all([
      cli(['queues', 'list'], adminEnv),
      cli(['queues', 'show', 'VENDAS'], adminEnv),
      cli(['queues', 'update', 'suporte', '--order', '1', '--out-of-hours', 'Back at 8', '--json'], adminEnv),
    ]);
    expect(list.stdout).to.match(new RegExp(`^${vendas.id}\\s+Vendas\\s+#5c59a0\\s+-\\s+-$`, 'm'));
    expect(show.stdout).to.match(new RegExp(`^ID:\\s+${vendas.id}$`, 'm')).and.match(/^Name:\s+Vendas$/m).and.include('No options.');
    expect(parse<Queue>(updated)).to.include({ id: suporte.id, orderQueue: 1, outOfHoursMessage: 'Back at 8' });
    expect((await cli(['queues', 'list', '--json'], agentEnv)).stdout, 'agents read the queues').to.include(suporte.id);
  });

  it('queues options: added at the top and below an option (by path or title), listed as a tree, updated, deleted with what is below', async () => {
    const top = parse<QueueOption & { path: string }>(await cli(['queues', 'options', 'add', 'vendas', '--title', 'New orders', '--message', 'Tell us what you need', '--json'], adminEnv));
    expect(top).to.include({ queueId: vendas.id, parentId: -1, option: '1', path: '1' });
    expect((await cli(['queues', 'options', 'add', 'Vendas', '--title', 'Invoices'], adminEnv)).stdout).to.match(/^Option 2 "Invoices" created \([0-9a-f]{24}\)\.$/m);
    const byPath = parse<QueueOption & { path: string }>(await cli(['queues', 'options', 'add', 'Vendas', '--parent', '2', '--title', 'Second copy', '--json'], adminEnv));
    expect(byPath).to.include({ option: '1', path: '2.1' });
    const byTitle = parse<QueueOption & { path: string }>(await cli(['queues', 'options', 'add', 'Vendas', '--parent', 'invoices', '--title', 'Due date', '--option', '5', '--json'], adminEnv));
    expect(byTitle).to.include({ option: '5', path: '2.5' });

    const tree = await cli(['queues', 'options', 'list', 'Vendas'], adminEnv);
    expect(tree.stdout.split('\n').slice(1, 5).map((line) => line.split(/\s{2,}/).slice(0, 2))).to.deep.equal([
      ['1', 'New orders'],
      ['2', 'Invoices'],
      ['2.1', '· Second copy'],
      ['2.5', '· Due date'],
    ]);
    const updated = parse<QueueOption & { path: string }>(await cli(['queues', 'options', 'update', 'Vendas', '2.1', '--message', 'Send the invoice number', '--option', '3', '--json'], adminEnv));
    expect(updated).to.include({ id: byPath.id, message: 'Send the invoice number', path: '2.3' });

    expectUsage(await cli(['queues', 'options', 'delete', 'Vendas', 'Invoices'], adminEnv), 'Add --yes to confirm');
    const removed = await cli(['queues', 'options', 'delete', 'Vendas', 'Invoices', '--yes'], adminEnv);
    expect(removed.stdout).to.include('Deleted 2 Invoices and 2 options below it.');
    expect((await tenant.admin.api.queues.options.list({ queueId: vendas.id })).map((option) => option.title)).to.deep.equal(['New orders']);
  });

  it('users and connections take queues and connections by name, case-insensitively', async () => {
    const email = `${unique('ana')}@tenant.test`;
    const created = parse<User>(
      await cli(['users', 'create', '--name', 'Ana', '--email', email, '--password', 'ana-pass', '--profile', 'user', '--queues', 'vendas,SUPORTE', '--connection', 'demo line', '--json'], adminEnv),
    );
    expect(created.queueIds).to.have.members([vendas.id, suporte.id]);
    expect(created.whatsappId).to.equal(demo.id);
    const moved = parse<User>(await cli(['users', 'update', email.toUpperCase(), '--queues', 'Suporte', '--json'], adminEnv));
    expect(moved).to.include({ id: created.id });
    expect(moved.queueIds).to.deep.equal([suporte.id]);
    const connection = parse<Whatsapp>(await cli(['connections', 'update', 'Demo Line', '--queues', 'Vendas,Suporte', '--greeting', 'Hello!', '--json'], adminEnv));
    expect(connection.queueIds).to.have.members([vendas.id, suporte.id]);
  });

  it('a name that matches nothing or more than one item is a usage error naming it; nothing is changed', async () => {
    const bia = async () => (await tenant.admin.api.users.create({ name: 'Bia Lima', email: `${unique('bia')}@tenant.test`, password: 'bia-pass', profile: 'user' })).id;
    const [first, second] = [await bia(), await bia()];
    const before = (await tenant.admin.api.users.list()).length;
    const [unknownQueue, ambiguous, unknownConnection, unknownQueueShown, pt] = await Promise.all([
      cli(['users', 'create', '--name', 'Cris', '--email', `${unique('cris')}@tenant.test`, '--password', 'cris-pass', '--profile', 'user', '--queues', 'Vendas,Compras'], adminEnv),
      cli(['users', 'update', 'bia lima', '--profile', 'supervisor'], adminEnv),
      cli(['connections', 'qr', 'Nowhere'], adminEnv),
      cli(['queues', 'show', 'Compras'], adminEnv),
      cli(['queues', 'delete', 'Compras', '--yes', '--lang', 'pt'], adminEnv),
    ]);
    expectUsage(unknownQueue, 'No queue is named "Compras" (queues: Suporte, Vendas).');
    expectUsage(ambiguous, '"bia lima" could be more than one user: ');
    expect(ambiguous.stderr).to.include(first).and.include(second).and.include('Use the e-mail or the id.');
    expectUsage(unknownConnection, 'No connection is named "Nowhere" (connections: Demo Line).');
    expectUsage(unknownQueueShown, 'No queue is named "Compras"');
    expectUsage(pt, 'Nenhuma fila se chama "Compras" (filas: Suporte, Vendas).');
    expect((await tenant.admin.api.users.list()).length).to.equal(before);
    expect((await tenant.admin.api.users.get(first)).profile).to.equal('user');
  });

  it("the server refuses queue ids that are not the company's, on users and connections (exit 2, nothing changed)", async () => {
    const email = `${unique('dora')}@tenant.test`;
    const unknown = 'ffffffffffffffffffffffff';
    const [foreign, missing] = await Promise.all([
      cli(['users', 'create', '--name', 'Dora', '--email', email, '--password', 'dora-pass', '--profile', 'user', '--queues', `${vendas.id},${foreignQueue.id}`], adminEnv),
      cli(['users', 'create', '--name', 'Dora', '--email', email, '--password', 'dora-pass', '--profile', 'user', '--queues', unknown], adminEnv),
    ]);
    expectRefused(foreign, 'ERR_NO_QUEUE_FOUND');
    expectRefused(missing, 'ERR_NO_QUEUE_FOUND');
    expect((await tenant.admin.api.users.list()).map((user) => user.email)).not.to.include(email);

    const agent = (await tenant.admin.api.users.list()).find((user) => user.profile === 'user' && user.queueIds.length === 0)!;
    expectRefused(await cli(['users', 'update', agent.id, '--queues', foreignQueue.id], adminEnv), 'ERR_NO_QUEUE_FOUND');
    expectRefused(await cli(['connections', 'update', demo.id, '--queues', foreignQueue.id], adminEnv), 'ERR_NO_QUEUE_FOUND');
    expect((await tenant.admin.api.users.get(agent.id)).queueIds).to.deep.equal([]);
    expect((await tenant.admin.api.whatsapp.get(demo.id)).queueIds).not.to.include(foreignQueue.id);
  });

  it("refusals: agents do not write queues, another company's queue is not found, bad input is a usage error, server down is 3", async () => {
    const [agentCreate, foreignShow, foreignDelete, shortColor, nothing, badParent, down] = await Promise.all([
      cli(['queues', 'create', '--name', 'Agents'], agentEnv),
      cli(['queues', 'show', vendas.id], otherEnv),
      cli(['queues', 'delete', vendas.id, '--yes'], otherEnv),
      cli(['queues', 'create', '--name', 'Cores', '--color', '#1', '--greeting', 'Hi'], adminEnv),
      cli(['queues', 'update', 'Vendas'], adminEnv),
      cli(['queues', 'options', 'add', 'Vendas', '--parent', '9.9', '--title', 'Lost'], adminEnv),
      cli(['queues', 'list'], downEnv),
    ]);
    expectRefused(agentCreate, 'ERR_NO_PERMISSION');
    expectRefused(foreignShow, 'ERR_NO_QUEUE_FOUND');
    expectRefused(foreignDelete, 'ERR_NO_QUEUE_FOUND');
    expectUsage(shortColor, 'Invalid --color');
    expectUsage(nothing, 'Nothing to change');
    expectUsage(badParent, 'No option of the queue is "9.9" (options: 1 New orders).');
    expect(down.code).to.equal(3);
    expect((await tenant.admin.api.queues.list()).map((queue) => queue.name)).to.have.members(['Vendas', 'Suporte']);
  });

  it('at a terminal: create asks for the name, and for the greeting the menu needs; delete asks for confirmation', async () => {
    const create = terminal(['queues', 'create'], adminEnv);
    await create.waitFor('Queue name');
    create.type('Financeiro\r');
    await create.waitFor('Greeting (with more than one queue, the menu sends it)');
    create.type('Hello! Pick one:\r');
    await create.waitFor('Queue Financeiro created');
    expect(await create.exit).to.equal(0);
    const financeiro = (await tenant.admin.api.queues.list()).find((queue) => queue.name === 'Financeiro')!;
    expect(financeiro.greetingMessage).to.equal('Hello! Pick one:');

    const remove = terminal(['queues', 'delete', 'suporte'], adminEnv);
    await remove.waitFor(`Delete Suporte (${suporte.id})? This cannot be undone.`);
    remove.type('y\r');
    await remove.waitFor(`Deleted Suporte (${suporte.id}).`);
    expect(await remove.exit).to.equal(0);
    expect(parse(await cli(['queues', 'delete', vendas.id, '--yes', '--json'], adminEnv))).to.deep.equal({ id: vendas.id, deleted: true });
    expect((await tenant.admin.api.queues.list()).map((queue) => queue.id)).to.deep.equal([financeiro.id]);
  });
});
