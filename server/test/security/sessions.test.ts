/**
 * A session follows its user (issue 13, items 2, 3 and 5): logout, deletion, a new password or
 * e-mail, a new profile and a closed company act at once, on HTTP and on open websockets.
 */
import { expect } from 'chai';
import Nes from '@hapi/nes/lib/client.js';
import { createApiClient, createRealtimeClient, memorySession } from '@atende/shared/client';
import { SessionModel } from '../../src/domains/auth/sessionModel.js';
import { viewerOf } from '../../src/domains/tickets/visibility.js';
import { signAccessToken, verifyAccessToken } from '../../src/platform/auth/tokens.js';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../support/app.js';
import { expectError, createMember, createPlan, createTenant, login, loginSuper, unique, type Session, type Tenant } from '../support/fixtures.js';
import { settle, waitFor } from '../support/realtimeFixtures.js';
import { insertTicket, oid } from '../support/backofficeFixtures.js';
import { createQueue } from '../support/inboxFixtures.js';

type RawClient = InstanceType<typeof Nes.Client>;

interface Socket {
  client: RawClient;
  events: Record<string, unknown>[];
  closed: Promise<void>;
  isClosed(): boolean;
}

describe('sessions follow their user (issue 13, items 2, 3, 5)', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  const sockets: RawClient[] = [];

  /** A raw socket (no reconnection) subscribed to the company's contact channel. */
  async function socketOf(session: Session, channel = 'contact'): Promise<Socket> {
    const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
    sockets.push(client);
    let closed = false;
    const done = new Promise<void>((resolve) => {
      client.onDisconnect = () => {
        closed = true;
        resolve();
      };
    });
    await client.connect({ auth: { headers: { authorization: `Bearer ${session.token}` } }, reconnect: false });
    const events: Record<string, unknown>[] = [];
    await client.subscribe(`/company/${session.user.companyId}/${channel}`, (message) => events.push(message as Record<string, unknown>));
    return { client, events, closed: done, isClosed: () => closed };
  }

  async function newContact(admin: Session): Promise<string> {
    const number = `5511${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;
    const answer = await t.call('POST', '/contacts', { token: admin.token, body: { name: unique('Contact '), number } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return number;
  }

  async function closedWithin(socket: Socket, ms = 2_000): Promise<void> {
    await Promise.race([socket.closed, new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms))]);
  }

  before(async () => {
    t = await startTestApp('sessions');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 40 })).id });
  });
  after(async () => {
    for (const client of sockets) await client.disconnect();
    await t?.stop();
  });

  describe('on HTTP', () => {
    it('a demoted admin loses admin rights with the token in hand and cannot promote themself back', async () => {
      const admin = await createMember(t, tenant, 'admin');
      expect((await t.call('GET', '/users', { token: admin.token })).status).to.equal(200);
      const demoted = await t.call('PUT', `/users/${admin.user.id}`, { token: tenant.admin.token, body: { profile: 'user' } });
      expect(demoted.status).to.equal(200);
      expectError(await t.call('GET', '/users', { token: admin.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/users/${admin.user.id}`, { token: admin.token, body: { profile: 'admin' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', '/users', { token: admin.token, body: { name: 'Sneaky', email: `${unique('s')}@x.test`, password: 'secret1', profile: 'admin' } }), 403, 'ERR_NO_PERMISSION');
      const me = await t.call('GET', '/auth/me', { token: admin.token });
      expect(me.body.profile).to.equal('user');
    });

    it('a promoted user gets the new rights at once, without logging in again', async () => {
      const agent = await createMember(t, tenant, 'user');
      expectError(await t.call('GET', '/users', { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { profile: 'supervisor' } })).status).to.equal(200);
      expect((await t.call('GET', '/users', { token: agent.token })).status).to.equal(200);
    });

    it("changing one's own password ends the other sessions (token and refresh cookie) and keeps this one", async () => {
      const agent = await createMember(t, tenant, 'user');
      const elsewhere = await login(t, agent.email, 'member-pass');
      const changed = await t.call('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { password: 'new-member-pass' } });
      expect(changed.status).to.equal(200);
      expectError(await t.call('GET', '/auth/me', { token: elsewhere.token }), 401, 'ERR_UNAUTHENTICATED');
      expectError(await t.call('POST', '/auth/refresh_token', { cookie: elsewhere.cookie }), 401, 'ERR_REFRESH_TOKEN_INVALID');
      expect((await t.call('GET', '/auth/me', { token: agent.token })).status).to.equal(200);
      expect((await t.call('POST', '/auth/refresh_token', { cookie: agent.cookie })).status).to.equal(200);
    });

    it('setting the same password again ends no session', async () => {
      const agent = await createMember(t, tenant, 'user');
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { password: 'member-pass' } })).status).to.equal(200);
      expect((await t.call('GET', '/auth/me', { token: agent.token })).status).to.equal(200);
    });

    it("an admin setting a user's password ends every session of that user", async () => {
      const agent = await createMember(t, tenant, 'user');
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { password: 'reset-by-admin' } })).status).to.equal(200);
      expectError(await t.call('GET', '/auth/me', { token: agent.token }), 401, 'ERR_UNAUTHENTICATED');
      expectError(await t.call('POST', '/auth/refresh_token', { cookie: agent.cookie }), 401, 'ERR_REFRESH_TOKEN_INVALID');
      await login(t, agent.email, 'reset-by-admin');
    });

    it("a new e-mail ends the user's other sessions", async () => {
      const agent = await createMember(t, tenant, 'user');
      const elsewhere = await login(t, agent.email, 'member-pass');
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { email: `${unique('moved')}@x.test` } })).status).to.equal(200);
      expectError(await t.call('GET', '/auth/me', { token: elsewhere.token }), 401, 'ERR_UNAUTHENTICATED');
      expect((await t.call('GET', '/auth/me', { token: agent.token })).status).to.equal(200);
    });

    it('the ticket visibility of a user whose row is gone is nothing, whatever the token says', async () => {
      const viewer = await viewerOf({ userId: oid(), companyId: tenant.companyId, profile: 'admin', super: false, sessionId: 'gone' });
      expect(viewer).to.include({ isAdmin: false, allTicket: false });
      expect(viewer.queueIds).to.deep.equal([]);
    });
  });

  describe('on websockets', () => {
    it('logout closes the sockets of that session, and its token opens no new one', async () => {
      const agent = await createMember(t, tenant, 'user');
      const socket = await socketOf(agent);
      expect((await t.call('DELETE', '/auth/logout', { token: agent.token })).status).to.equal(204);
      await closedWithin(socket);
      let refused: Error | undefined;
      try {
        await socketOf(agent);
      } catch (err) {
        refused = err as Error;
      }
      expect(refused, 'a socket with the logged-out token').to.be.instanceOf(Error);
    });

    it('a deleted admin stops receiving at once and cannot subscribe again', async () => {
      const admin = await createMember(t, tenant, 'admin');
      const socket = await socketOf(admin);
      await newContact(tenant.admin);
      await waitFor(socket.events, (e) => e.action === 'update' || e.action === 'create');
      expect((await t.call('DELETE', `/users/${admin.user.id}`, { token: tenant.admin.token })).status).to.equal(204);
      await closedWithin(socket);
      const seen = socket.events.length;
      await newContact(tenant.admin);
      await settle();
      expect(socket.events).to.have.length(seen);
    });

    it('a new password closes the other sessions\' sockets and keeps this session\'s', async () => {
      const agent = await createMember(t, tenant, 'user');
      const elsewhere = await login(t, agent.email, 'member-pass');
      const mine = await socketOf(agent);
      const theirs = await socketOf(elsewhere);
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { password: 'another-pass' } })).status).to.equal(200);
      await closedWithin(theirs);
      await settle();
      expect(mine.isClosed()).to.equal(false);
    });

    it('a deactivated company closes every socket of its users', async () => {
      const company = await createTenant(t, superUser);
      const agent = await createMember(t, company, 'user');
      const sockets = [await socketOf(company.admin), await socketOf(agent)];
      expect((await t.call('PUT', `/companies/${company.companyId}`, { token: superUser.token, body: { status: false } })).status).to.equal(200);
      for (const socket of sockets) await closedWithin(socket);
    });

    it('a new profile reaches open sockets: they reconnect with the new rights', async () => {
      const admin = await createMember(t, tenant, 'admin');
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: admin.email, password: 'member-pass' });
      const realtime = createRealtimeClient({ baseUrl: t.url, api, reconnect: { delay: 50, maxDelay: 100 } });
      const statuses: string[] = [];
      realtime.onStatus((status) => statuses.push(status));
      try {
        await realtime.connect();
        await realtime.subscribe('ticket', () => undefined);
        expect((await t.call('PUT', `/users/${admin.user.id}`, { token: tenant.admin.token, body: { profile: 'user' } })).status).to.equal(200);
        await waitFor(statuses, (status) => status === 'reconnecting');
        await waitFor(statuses, (status) => status === 'connected' && statuses.lastIndexOf('connected') > statuses.indexOf('reconnecting'));
        const socket = await new Promise<Record<string, unknown>>((resolve) => {
          t.app.server.eachSocket((each) => {
            const credentials = each.auth.credentials as unknown as { userId?: string } | null;
            if (credentials?.userId === admin.user.id) resolve(each.auth.credentials as unknown as Record<string, unknown>);
          });
        });
        expect(socket.profile).to.equal('user');
      } finally {
        await realtime.disconnect();
      }
    });

    it("taking a queue from a user applies at once to the token in hand and to the open socket", async () => {
      const queue = await createQueue(t, tenant.admin);
      const agent = await createMember(t, tenant, 'user', { queueIds: [queue.id] });
      const ticket = await insertTicket(tenant.companyId, { queueId: queue.id, status: 'pending' });
      const socket = await socketOf(agent, 'ticket');
      const touch = async () => expect((await t.call('PUT', `/tickets/${String(ticket._id)}`, { token: tenant.admin.token, body: { queueId: queue.id, userId: null } })).status).to.equal(200);
      expect((await t.call('GET', `/tickets/${String(ticket._id)}`, { token: agent.token })).status).to.equal(200);
      await touch();
      await waitFor(socket.events, (e) => e.action === 'update');
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { queueIds: [] } })).status).to.equal(200);
      expectError(await t.call('GET', `/tickets/${String(ticket._id)}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      const seen = socket.events.length;
      await touch();
      await settle();
      expect(socket.events).to.have.length(seen);
    });

    it('a socket whose session ended elsewhere fails the verification nes runs on its heartbeats', async () => {
      const agent = await createMember(t, tenant, 'user');
      await socketOf(agent);
      await SessionModel.deleteMany({ companyId: agent.user.companyId, userId: agent.user.id });
      const verdicts: Promise<string>[] = [];
      await t.app.server.eachSocket((socket) => {
        const credentials = socket.auth.credentials as unknown as { userId?: string } | null;
        if (credentials?.userId !== agent.user.id) return;
        verdicts.push(t.app.server.auth.verify(socket as never).then(() => 'kept', () => 'refused'));
      });
      expect(await Promise.all(verdicts)).to.deep.equal(['refused']);
    });

    it('API calls through the socket are refused: it carries subscriptions only', async () => {
      const socket = await socketOf(tenant.admin);
      let refused: (Error & { statusCode?: number }) | undefined;
      try {
        await socket.client.request({ path: '/api/users', method: 'GET' });
      } catch (err) {
        refused = err as Error & { statusCode?: number };
      }
      expect(refused?.statusCode).to.equal(403);
    });
  });
});

describe('sockets end with their access token (issue 13, item 2)', () => {
  let t: TestApp;
  const sockets: InstanceType<typeof Nes.Client>[] = [];
  before(async () => {
    t = await startTestApp('socketexpiry');
  });
  after(async () => {
    for (const client of sockets) await client.disconnect();
    await t?.stop();
  });

  /** The same session's access token, expiring in `seconds` (the configured minimum is 10 s). */
  function shortLived(token: string, seconds: number): string {
    const check = verifyAccessToken(t.config, token);
    if (!check.ok) throw new Error('a fresh token should verify');
    return signAccessToken({ ...t.config, accessTokenTtlSeconds: seconds }, check.credentials);
  }

  it('closes a socket when its token expires', async () => {
    const session = await loginSuper(t);
    const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
    sockets.push(client);
    const closed = new Promise<number>((resolve) => {
      client.onDisconnect = () => resolve(Date.now());
    });
    const opened = Date.now();
    await client.connect({ auth: { headers: { authorization: `Bearer ${shortLived(session.token, 2)}` } }, reconnect: false });
    const at = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5_000))]);
    expect(at, 'socket closed').to.be.greaterThan(0);
    expect(at - opened).to.be.within(1_000, 3_500);
  });

  it('the realtime client renews its token before expiry and keeps its socket', async () => {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
    const signedIn = api.session.get()!;
    api.session.set({ ...signedIn, token: shortLived(signedIn.token, 2) });
    const realtime = createRealtimeClient({ baseUrl: t.url, api });
    const statuses: string[] = [];
    realtime.onStatus((status) => statuses.push(status));
    try {
      await realtime.connect();
      const events: Record<string, unknown>[] = [];
      await realtime.subscribe('user', (event) => events.push(event));
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(statuses).to.deep.equal(['connecting', 'connected']);
      const superUser = await loginSuper(t);
      const created = await t.call('POST', '/users', { token: superUser.token, body: { name: 'Late One', email: `${unique('late')}@x.test`, password: 'secret1', profile: 'user' } });
      expect(created.status).to.equal(201);
      await waitFor(events, (e) => e.action === 'create');
    } finally {
      await realtime.disconnect();
    }
  });
});
