import { expect } from 'chai';
import Nes from '@hapi/nes/lib/client.js';
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { waitFor } from '../support/realtimeFixtures.js';
import { createMember, createTenant, login, loginSuper, unique, type Session, type Tenant } from '../support/fixtures.js';

describe('realtime (nes): company channels and the auth channel', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  const opened: RealtimeClient[] = [];
  const raw: InstanceType<typeof Nes.Client>[] = [];

  async function realtimeFor(email: string, password: string) {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email, password });
    const realtime = createRealtimeClient({ baseUrl: t.url, api });
    opened.push(realtime);
    return { api, realtime };
  }

  before(async () => {
    t = await startTestApp('realtime');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
  });
  after(async () => {
    for (const client of opened) await client.disconnect();
    for (const client of raw) await client.disconnect();
    await t?.stop();
  });

  it('pushes user create/update/delete to the company, and not to another company', async () => {
    const mine: RealtimeEvent[] = [];
    const theirs: RealtimeEvent[] = [];
    const { realtime } = await realtimeFor(tenant.adminEmail, tenant.password);
    await realtime.connect();
    await realtime.subscribe('user', (event) => mine.push(event));
    const { realtime: otherRealtime } = await realtimeFor(other.adminEmail, other.password);
    await otherRealtime.connect();
    await otherRealtime.subscribe('user', (event) => theirs.push(event));

    const email = `${unique('live')}@x.test`;
    const created = await t.call('POST', '/users', { token: tenant.admin.token, body: { name: 'Live One', email, password: 'secret1', profile: 'user' } });
    expect(created.status).to.equal(201);
    const createEvent = await waitFor(mine, (e) => e.action === 'create');
    expect((createEvent.user as { email: string }).email).to.equal(email);

    await t.call('PUT', `/users/${created.body.id}`, { token: tenant.admin.token, body: { name: 'Live Two' } });
    const updateEvent = await waitFor(mine, (e) => e.action === 'update');
    expect((updateEvent.user as { name: string }).name).to.equal('Live Two');

    await t.call('DELETE', `/users/${created.body.id}`, { token: tenant.admin.token });
    const deleteEvent = await waitFor(mine, (e) => e.action === 'delete');
    expect(deleteEvent.userId).to.equal(created.body.id);
    expect(theirs).to.deep.equal([]);
  });

  it("refuses a subscription to another company's channel", async () => {
    const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
    raw.push(client);
    await client.connect({ auth: { headers: { authorization: `Bearer ${tenant.admin.token}` } } });
    let refused: (Error & { statusCode?: number }) | undefined;
    try {
      await client.subscribe(`/company/${other.companyId}/user`, () => undefined);
    } catch (err) {
      refused = err as Error & { statusCode?: number };
    }
    expect(refused, 'subscription should be refused').to.be.instanceOf(Error);
    expect(refused?.statusCode).to.equal(403);
    await client.subscribe(`/company/${tenant.companyId}/user`, () => undefined);
  });

  it('refuses a socket without a valid token', async () => {
    const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
    raw.push(client);
    let refused: Error | undefined;
    try {
      await client.connect({ auth: { headers: { authorization: 'Bearer forged' } }, reconnect: false });
    } catch (err) {
      refused = err as Error;
    }
    expect(refused).to.be.instanceOf(Error);
  });

  it('tells the older sessions of a user that the account was opened elsewhere, and no colleague', async () => {
    const heard: string[] = [];
    const colleague = await createMember(t, tenant, 'user');
    const older = await realtimeFor(tenant.adminEmail, tenant.password);
    const watcher = createRealtimeClient({ baseUrl: t.url, api: older.api, onAccountOpenedElsewhere: () => heard.push('older session') });
    const colleagueApi = createApiClient({ baseUrl: t.url, session: memorySession() });
    await colleagueApi.auth.login({ email: colleague.email, password: 'member-pass' });
    const colleagueWatcher = createRealtimeClient({ baseUrl: t.url, api: colleagueApi, onAccountOpenedElsewhere: () => heard.push('colleague') });
    opened.push(watcher, colleagueWatcher);
    await watcher.connect();
    await colleagueWatcher.connect();

    await login(t, tenant.adminEmail, tenant.password);
    await waitFor(heard, (h) => h === 'older session');
    // Give a wrongly addressed event the time to arrive before asserting it did not.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).to.deep.equal(['older session']);
  });

  it("counts the CLI's sessions apart: each kind hears only its own kind's sign-ins, and a CLI session ends with the user's password or the user", async () => {
    const member = await createMember(t, tenant, 'user');
    const credentials = { email: member.email, password: 'member-pass' };
    const heard: string[] = [];
    const consoleApi = createApiClient({ baseUrl: t.url, session: memorySession() });
    await consoleApi.auth.login(credentials);
    const console_ = createRealtimeClient({ baseUrl: t.url, api: consoleApi, onAccountOpenedElsewhere: (event) => heard.push(`console heard ${event.sessionId}`) });
    const cliApi = createApiClient({ baseUrl: t.url, session: memorySession() });
    await cliApi.auth.login({ ...credentials, client: 'cli' });
    // A refreshed token keeps its session's kind.
    await cliApi.auth.refresh();
    const cli = createRealtimeClient({ baseUrl: t.url, api: cliApi, onAccountOpenedElsewhere: (event) => heard.push(`cli heard ${event.sessionId}`) });
    opened.push(console_, cli);
    await console_.connect();
    await cli.connect();

    // Another CLI sign-in, then a console one: the console hears only the second (the first would
    // have come before it on the same socket), the CLI session only the first.
    const otherCli = createApiClient({ baseUrl: t.url, session: memorySession() });
    await otherCli.auth.login({ ...credentials, client: 'cli' });
    const elsewhere = createApiClient({ baseUrl: t.url, session: memorySession() });
    await elsewhere.auth.login(credentials);
    const sessionOf = (api: typeof elsewhere) => (JSON.parse(Buffer.from(api.session.get()!.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    await waitFor(heard, (h) => h.startsWith('console heard'));
    await waitFor(heard, (h) => h.startsWith('cli heard'));
    expect([...heard].sort()).to.deep.equal([`cli heard ${sessionOf(otherCli)}`, `console heard ${sessionOf(elsewhere)}`]);
    expect((await cliApi.auth.me()).email, 'the CLI session is still valid').to.equal(member.email);

    // The attack: whoever knew the password keeps no CLI session once it changes.
    const changed = await t.call('PUT', `/users/${member.user.id}`, { token: tenant.admin.token, body: { password: 'member-pass-2' } });
    expect(changed.status).to.equal(200);
    const refused = await cliApi.auth.me().then(
      () => null,
      (error: { status?: number }) => error.status,
    );
    expect(refused, 'a CLI session ends with a new password').to.equal(401);
    await cliApi.auth.login({ email: member.email, password: 'member-pass-2', client: 'cli' });
    expect((await cliApi.auth.me()).email, 'signed in again with the new password').to.equal(member.email);
    expect((await t.call('DELETE', `/users/${member.user.id}`, { token: tenant.admin.token })).status).to.equal(204);
    const gone = await cliApi.auth.me().then(
      () => null,
      (error: { status?: number }) => error.status,
    );
    expect(gone, 'a CLI session ends with its user').to.equal(401);
  });

  it('refuses a sign-in of an unknown kind (400)', async () => {
    const answer = await t.call('POST', '/auth/login', { body: { email: tenant.adminEmail, password: tenant.password, client: 'robot' } });
    expect([answer.status, answer.body.error]).to.deep.equal([400, 'ERR_VALIDATION']);
  });
});
