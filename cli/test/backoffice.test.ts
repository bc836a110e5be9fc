import { expect } from 'chai';
import type { Company, Plan, Setting, User } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, signIn, signInSuper, unique, type Signed, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, terminal, unreachableEnv, type Env, type Run } from './support/cli.js';

describe('atende companies, plans, users, settings', () => {
  let server: SpawnedServer;
  let operator: Signed;
  let tenant: Tenant;
  let operatorEnv: Env;
  let adminEnv: Env;
  let agentEnv: Env;
  let downEnv: Env;

  const as = (signed: Signed) => sessionEnv(server.url, signed.api.session.get()!);

  function expectRefused(run: Run, code: string, text: string): void {
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.include(`${code}: ${text}`);
  }

  function expectUsage(run: Run, text: string): void {
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stderr).to.include(text);
  }

  before(async function () {
    // Starting a server with its engine takes long on a loaded machine.
    this.timeout(90_000);
    server = await spawnServer();
    operator = await signInSuper(server.url);
    tenant = await createTenant(server.url, operator);
    const agent = await createMember(server.url, tenant, 'user');
    [operatorEnv, adminEnv, agentEnv, downEnv] = await Promise.all([as(operator), as(tenant.admin), as(agent), unreachableEnv()]);
  });
  after(() => server?.stop());

  it('plans: create with features, list, update, delete', async () => {
    const name = unique('Gold ');
    const created = parse<Plan>(await cli(['plans', 'create', '--name', name, '--users', '7', '--connections', '2', '--queues', '4', '--value', '149.9', '--enable', 'useKanban,useExternalApi', '--json'], operatorEnv));
    expect(created).to.include({ name, users: 7, connections: 2, queues: 4, value: 149.9, useKanban: true, useExternalApi: true, useOpenAi: false });

    const list = await cli(['plans', 'list'], operatorEnv);
    expect(list.stdout).to.match(new RegExp(`${created.id}\\s+${name}\\s+7\\s+2\\s+4\\s+149\\.90\\s+useKanban,useExternalApi`));
    const updated = await cli(['plans', 'update', created.id, '--users', '20', '--disable', 'useKanban', '--json'], operatorEnv);
    expect(parse<Plan>(updated)).to.include({ users: 20, useKanban: false, useExternalApi: true });

    const removed = await cli(['plans', 'delete', created.id, '--yes'], operatorEnv);
    expect(removed.stdout).to.include(`Deleted ${created.id}`);
    expect((await operator.api.plans.all()).map((plan) => plan.id)).not.to.include(created.id);
  });

  it('plans: bad arguments, wrong role, duplicates, unconfirmed delete, server down', async () => {
    const [unknownFlag, negative, duplicate, admin, unconfirmed, down] = await Promise.all([
      cli(['plans', 'create', '--name', 'Whatever', '--enable', 'useTeleport'], operatorEnv),
      cli(['plans', 'create', '--name', 'Whatever', '--users=-1'], operatorEnv),
      cli(['plans', 'create', '--name', (await operator.api.plans.all())[0]!.name], operatorEnv),
      cli(['plans', 'create', '--name', 'Sneaky', '--lang', 'pt'], adminEnv),
      cli(['plans', 'delete', tenant.planId], operatorEnv),
      cli(['plans', 'list'], downEnv),
    ]);
    expectUsage(unknownFlag, 'Unknown feature in --enable: useTeleport');
    expectUsage(negative, 'Invalid --users: Must be at least 0');
    expectRefused(duplicate, 'ERR_DUPLICATED_PLAN', 'A plan with this name already exists.');
    expectRefused(admin, 'ERR_NO_PERMISSION', 'Você não tem permissão para acessar este recurso.');
    expectUsage(unconfirmed, 'Add --yes to confirm');
    expect(down.code).to.equal(3);
  });

  it('companies: create with its admin, show, list, update, renew by the recurrence, delete', async () => {
    const name = unique('Acme ');
    const email = `${unique('owner')}@acme.test`;
    const created = parse<Company>(
      await cli(['companies', 'create', '--name', name, '--plan', tenant.planId, '--email', email, '--password', 'owner-pass', '--due-date', '2030-01-15', '--recurrence', 'TRIMESTRAL', '--json'], operatorEnv),
    );
    expect(created).to.include({ name, email, planId: tenant.planId, recurrence: 'TRIMESTRAL', status: true });
    await signIn(server.url, email, 'owner-pass');

    const [show, list] = await Promise.all([cli(['companies', 'show', created.id], operatorEnv), cli(['companies', 'list', '--json'], operatorEnv)]);
    expect(show.stdout).to.match(new RegExp(`Name:\\s+${name}`)).and.match(/Recurrence:\s+TRIMESTRAL/).and.match(/Due date:\s+01\/15\/2030/);
    expect(parse<Company[]>(list).map((company) => company.id)).to.include(created.id);

    const renewed = await cli(['companies', 'renew', created.id], operatorEnv);
    expect(renewed.stdout).to.include(`${name}: due date moved from 01/15/2030 to 04/15/2030 (TRIMESTRAL, 3 months)`);
    const gold = await operator.api.plans.create({ name: unique('Gold '), users: 2, connections: 1, queues: 1, value: 5 });
    const moved = parse<Company>(await cli(['companies', 'update', created.id, '--plan', gold.name.toUpperCase(), '--json'], operatorEnv));
    expect(moved.planId, 'a plan is named by its name too').to.equal(gold.id);
    const yearly = parse<Company>(await cli(['companies', 'update', created.id, '--recurrence', 'ANUAL', '--inactive', '--json'], operatorEnv));
    expect(yearly).to.include({ recurrence: 'ANUAL', status: false });
    const again = parse<Company & { previousDueDate: string }>(await cli(['companies', 'renew', created.id, '--json'], operatorEnv));
    expect(again.previousDueDate.slice(0, 10)).to.equal('2030-04-15');
    expect(again.dueDate.slice(0, 10)).to.equal('2031-04-15');

    expect((await cli(['companies', 'delete', created.id, '--yes'], operatorEnv)).code).to.equal(0);
    expect((await cli(['companies', 'show', created.id], operatorEnv)).code).to.equal(2);
  });

  it('companies at a terminal: create asks for the fields (plan picked from the list), delete asks for confirmation', async () => {
    const name = unique('Prompted ');
    const email = `${unique('prompted')}@acme.test`;
    const firstPlan = (await operator.api.plans.all())[0]!;
    const create = terminal(['companies', 'create'], operatorEnv);
    await create.waitFor('Company name');
    create.type('A\r');
    await create.waitFor('Too Short!');
    create.type(`\x7f${name}\r`);
    await create.waitFor(firstPlan.name);
    create.type('\r');
    await create.waitFor("Company e-mail (the first admin's login)");
    create.type(`${email}\r`);
    await create.waitFor("First admin's password");
    create.type('prompted-pass\r');
    await create.waitFor(`Company ${name} created`);
    expect(await create.exit).to.equal(0);
    const company = (await operator.api.companies.list()).find((item) => item.name === name)!;
    expect(company).to.include({ email, planId: firstPlan.id });
    await signIn(server.url, email, 'prompted-pass');

    const remove = terminal(['companies', 'delete', company.id], operatorEnv);
    await remove.waitFor(`Delete ${company.id}? This cannot be undone.`);
    remove.type('y\r');
    await remove.waitFor(`Deleted ${company.id}.`);
    expect(await remove.exit).to.equal(0);
    expect((await operator.api.companies.list()).map((item) => item.id)).not.to.include(company.id);
  });

  it('companies: bad arguments, wrong role, server down', async () => {
    const [noName, badPlan, badDate, nothing, admin, down] = await Promise.all([
      cli(['companies', 'create', '--plan', tenant.planId], operatorEnv),
      cli(['companies', 'create', '--name', 'Acme', '--plan', 'not-an-id'], operatorEnv),
      cli(['companies', 'update', tenant.companyId, '--due-date', 'someday'], operatorEnv),
      cli(['companies', 'update', tenant.companyId], operatorEnv),
      cli(['companies', 'list'], adminEnv),
      cli(['companies', 'renew', tenant.companyId], downEnv),
    ]);
    expectUsage(noName, 'Missing --name');
    expectUsage(badPlan, 'No plan is named "not-an-id" (plans: ');
    expectUsage(badDate, 'Invalid --due-date');
    expectUsage(nothing, 'Nothing to change');
    expectRefused(admin, 'ERR_NO_PERMISSION', 'You do not have permission to access this resource.');
    expect(down.code).to.equal(3);
  });

  it('users: create, list, update, set-password, delete', async () => {
    const email = `${unique('ana')}@tenant.test`;
    const created = parse<User>(await cli(['users', 'create', '--name', 'Ana Souza', '--email', email, '--password', 'first-pass', '--profile', 'user', '--json'], adminEnv));
    expect(created).to.include({ name: 'Ana Souza', email, profile: 'user', companyId: tenant.companyId });

    const list = await cli(['users', 'list'], adminEnv);
    expect(list.stdout).to.match(new RegExp(`${created.id}\\s+Ana Souza\\s+${email}\\s+user`));
    const [updated, password] = await Promise.all([
      cli(['users', 'update', created.id, '--profile', 'supervisor', '--all-tickets', '--json'], adminEnv),
      cli(['users', 'set-password', created.id, '--password', 'second-pass'], adminEnv),
    ]);
    expect(parse<User>(updated)).to.include({ profile: 'supervisor', allTicket: 'enabled' });
    expect(password.stdout).to.include('Password of Ana Souza changed.');
    await signIn(server.url, email, 'second-pass');

    expect((await cli(['users', 'delete', created.id, '--yes', '--json'], adminEnv)).stdout).to.include('"deleted": true');
    expect((await tenant.admin.api.users.list()).map((user) => user.id)).not.to.include(created.id);
  });

  it('users: bad arguments, wrong role, duplicates, server down', async () => {
    const [noProfile, shortPassword, badProfile, agent, duplicate, down] = await Promise.all([
      cli(['users', 'create', '--name', 'Bia', '--email', 'bia@tenant.test', '--password', 'bia-pass'], adminEnv),
      cli(['users', 'set-password', tenant.admin.api.session.get()!.user.id, '--password', 'abc'], adminEnv),
      cli(['users', 'create', '--name', 'Bia', '--email', 'bia@tenant.test', '--password', 'bia-pass', '--profile', 'boss'], adminEnv),
      cli(['users', 'create', '--name', 'Bia', '--email', 'bia@tenant.test', '--password', 'bia-pass', '--profile', 'user'], agentEnv),
      cli(['users', 'create', '--name', 'Again', '--email', tenant.admin.email, '--password', 'again-pass', '--profile', 'user'], adminEnv),
      cli(['users', 'list'], downEnv),
    ]);
    expectUsage(noProfile, 'Missing --profile');
    expectUsage(shortPassword, 'Invalid --password: Too Short!');
    expect(badProfile.code).to.equal(1);
    expectRefused(agent, 'ERR_NO_PERMISSION', 'You do not have permission to access this resource.');
    expectRefused(duplicate, 'ERR_DUPLICATED_EMAIL', 'This email is already in use.');
    expect(down.code).to.equal(3);
  });

  it('settings: get all, get one, set with the shared value rules', async () => {
    const all = await cli(['settings', 'get'], adminEnv);
    expect(all.stdout).to.match(/userRating\s+disabled/);
    expect((await cli(['settings', 'set', 'userRating', 'enabled'], adminEnv)).stdout).to.include('userRating is now enabled.');
    const [one, json] = await Promise.all([cli(['settings', 'get', 'userRating'], adminEnv), cli(['settings', 'get', 'userRating', '--json'], adminEnv)]);
    expect(one.stdout.trim()).to.equal('enabled');
    expect(parse<Setting>(json)).to.deep.equal({ key: 'userRating', value: 'enabled' });
  });

  it('settings: bad values and keys, wrong role, server down', async () => {
    const [badValue, badKey, agent, down] = await Promise.all([
      cli(['settings', 'set', 'scheduleType', 'sometimes'], adminEnv),
      cli(['settings', 'get', 'colour'], adminEnv),
      cli(['settings', 'set', 'userRating', 'disabled'], agentEnv),
      cli(['settings', 'get'], downEnv),
    ]);
    expectUsage(badValue, 'Invalid scheduleType: Invalid value');
    expectUsage(badKey, 'Unknown setting colour');
    expectRefused(agent, 'ERR_NO_PERMISSION', 'You do not have permission to access this resource.');
    expect(down.code).to.equal(3);
  });
});
