import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, memorySession, NetworkError, type ApiClient, type SessionStore } from '../src/client/index.js';
import { PASSWORD, startFakeApi, USER, type FakeApi, type Received } from './support/fake-api.js';

describe('API client', () => {
  let server: FakeApi;
  let session: SessionStore;
  let api: ApiClient;
  let logouts: number;
  let reasons: string[];

  beforeEach(async () => {
    server = await startFakeApi();
    session = memorySession();
    logouts = 0;
    reasons = [];
    api = createApiClient({
      baseUrl: server.baseUrl,
      session,
      onLogout: (reason) => {
        logouts += 1;
        reasons.push(reason.code);
      },
    });
  });

  afterEach(() => server.close());

  const login = () => api.auth.login({ email: USER.email, password: PASSWORD });
  const last = (): Received => {
    const received = server.received.at(-1);
    assert.ok(received, 'the server received nothing');
    return received;
  };

  describe('login', () => {
    it('stores token, user and the jrt cookie as refresh token, and returns the answer', async () => {
      const answer = await login();
      assert.equal(answer.dueWarningDays, 3);
      assert.deepEqual(session.get(), { token: answer.token, user: USER, refreshToken: server.validRefresh });
    });

    it('rejects bad credentials without touching the session or logging out', async () => {
      assertApiError(await rejection(api.auth.login({ email: USER.email, password: 'wrong' })), 401, 'ERR_INVALID_CREDENTIALS');
      assert.equal(session.get(), null);
      assert.equal(logouts, 0);
    });
  });

  describe('token refresh', () => {
    beforeEach(login);

    it('sends the bearer token', async () => {
      await api.auth.me();
      assert.equal(last().authorization, `Bearer ${session.get()?.token}`);
    });

    it('on 403 refreshes once with the jrt cookie, keeps the rotated cookie and retries', async () => {
      const before = session.get();
      server.expireTokens();
      assert.deepEqual(await api.auth.me(), USER);
      assert.equal(server.refreshCalls, 1);
      const refreshCall = server.received.find((r) => r.path === '/api/auth/refresh_token');
      assert.equal(refreshCall?.cookie, `jrt=${before?.refreshToken}`);
      const after = session.get();
      assert.notEqual(after?.token, before?.token);
      assert.equal(after?.refreshToken, server.validRefresh);
      assert.notEqual(after?.refreshToken, before?.refreshToken);
      assert.equal(last().authorization, `Bearer ${after?.token}`);
    });

    it('makes concurrent 403s wait for one single refresh', async () => {
      server.refreshDelayMs = 50;
      const expiredToken = session.get()?.token;
      server.expireTokens();
      const users = await Promise.all(Array.from({ length: 5 }, () => api.auth.me()));
      assert.deepEqual(users, Array(5).fill(USER));
      assert.equal(server.refreshCalls, 1);
      const calls = (token: string | undefined) =>
        server.received.filter((r) => r.path === '/api/auth/me' && r.authorization === `Bearer ${token}`);
      assert.equal(calls(expiredToken).length, 5);
      assert.equal(calls(session.get()?.token).length, 5);
    });

    it('retries a late 403 with the token another call already renewed, without a second refresh', async () => {
      const expiredToken = session.get()?.token;
      server.expireTokens();
      const slow = api.request('GET', '/slow');
      await api.auth.me();
      await slow;
      assert.equal(server.refreshCalls, 1);
      const slowCalls = server.received.filter((r) => r.path === '/api/slow').map((r) => r.authorization);
      assert.deepEqual(slowCalls, [`Bearer ${expiredToken}`, `Bearer ${session.get()?.token}`]);
    });

    it('refreshes again on a later expiry (the in-flight refresh is not kept)', async () => {
      server.expireTokens();
      await api.auth.me();
      server.expireTokens();
      await api.auth.me();
      assert.equal(server.refreshCalls, 2);
    });

    it('clears the session and calls onLogout once when the refresh fails; the calls reject', async () => {
      server.failRefresh = true;
      server.expireTokens();
      const errors = await Promise.all([rejection(api.auth.me()), rejection(api.users.list())]);
      for (const error of errors) assertApiError(error, 401, 'ERR_REFRESH_TOKEN_INVALID');
      assert.equal(server.refreshCalls, 1);
      assert.equal(session.get(), null);
      assert.equal(logouts, 1);
      // The refused refresh's answer says why (an expired subscription, say, shows its date).
      assert.deepEqual(reasons, ['ERR_REFRESH_TOKEN_INVALID']);
    });

    it('clears the session and calls onLogout on a 401', async () => {
      const current = session.get();
      assert.ok(current);
      session.set({ ...current, token: 'forged' });
      assertApiError(await rejection(api.auth.me()), 401, 'ERR_UNAUTHENTICATED');
      assert.equal(server.refreshCalls, 0);
      assert.equal(session.get(), null);
      assert.equal(logouts, 1);
      assert.deepEqual(reasons, ['ERR_UNAUTHENTICATED']);
    });

    it('does not refresh on a 403 that is not an expired session', async () => {
      assertApiError(await rejection(api.request('GET', '/forbidden')), 403, 'ERR_NO_PERMISSION');
      assert.equal(server.refreshCalls, 0);
      assert.notEqual(session.get(), null);
      assert.equal(logouts, 0);
    });

    it('refresh() can be called directly and shares the in-flight refresh', async () => {
      const [a, b] = await Promise.all([api.auth.refresh(), api.auth.refresh()]);
      assert.equal(a, b);
      assert.equal(server.refreshCalls, 1);
      assert.equal(session.get()?.token, a.token);
    });

    it('logout after expiry refreshes first and revokes the rotated cookie', async () => {
      const first = session.get()?.refreshToken;
      server.expireTokens();
      await api.auth.logout();
      assert.equal(server.refreshCalls, 1);
      const cookies = server.received.filter((r) => r.path === '/api/auth/logout').map((r) => r.cookie);
      assert.equal(cookies.length, 2);
      assert.equal(cookies[0], `jrt=${first}`);
      assert.notEqual(cookies[1], cookies[0]);
      assert.equal(server.validRefresh, null);
      assert.equal(session.get(), null);
    });

    it('sends the refresh cookie only under /auth/, as the cookie Path says', async () => {
      await api.users.list();
      assert.equal(last().cookie, undefined);
      await api.auth.me();
      assert.equal(last().cookie, `jrt=${session.get()?.refreshToken}`);
    });

    it('logout revokes the refresh cookie on the server and clears the session without onLogout', async () => {
      const refreshToken = session.get()?.refreshToken;
      await api.auth.logout();
      assert.deepEqual(pick(last(), ['method', 'path', 'cookie']), { method: 'DELETE', path: '/api/auth/logout', cookie: `jrt=${refreshToken}` });
      assert.equal(server.validRefresh, null);
      assert.equal(session.get(), null);
      assert.equal(logouts, 0);
    });
  });

  describe('errors', () => {
    beforeEach(login);

    it('ApiError carries status, code, message and the whole body', async () => {
      const error = assertApiError(await rejection(api.request('POST', '/tickets', { body: { contactId: 'k1' } })), 409, 'ERR_OTHER_OPEN_TICKET');
      assert.equal(error.message, 'There is already an open ticket');
      assert.deepEqual(error.data.ticket, { id: 't9', userId: 'u2', queue: { name: 'Sales' } });
    });

    it('an error body without a code becomes ERR_INTERNAL_SERVER_ERROR with the raw text', async () => {
      const error = assertApiError(await rejection(api.request('GET', '/plain-error')), 502, 'ERR_INTERNAL_SERVER_ERROR');
      assert.equal(error.message, 'Bad gateway');
    });

    it('rejects with NetworkError when nothing listens, keeping the session', async () => {
      const offline = createApiClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, session });
      const error = await rejection(offline.auth.me());
      assert.ok(error instanceof NetworkError, `expected a NetworkError, got ${String(error)}`);
      assert.ok(!(error instanceof ApiError));
      assert.notEqual(session.get(), null);
    });
  });

  describe('calls', () => {
    beforeEach(login);

    type Case = [name: string, call: (api: ApiClient) => Promise<unknown>, method: string, path: string, query: Record<string, string>, body?: unknown];
    const cases: Case[] = [
      ['health', (a) => a.health(), 'GET', '/api/health', {}],
      ['companies.signup', (a) => a.companies.signup({ name: 'Acme', email: 'a@b.co', password: '12345', planId: 'p1' }), 'POST', '/api/companies/cadastro', {}, { name: 'Acme', email: 'a@b.co', password: '12345', planId: 'p1' }],
      ['companies.page', (a) => a.companies.page({ searchParam: 'ac me', pageNumber: 2 }), 'GET', '/api/companies', { searchParam: 'ac me', pageNumber: '2' }],
      ['companies.list', (a) => a.companies.list(), 'GET', '/api/companies/list', {}],
      ['companies.get', (a) => a.companies.get('c1'), 'GET', '/api/companies/c1', {}],
      ['companies.create', (a) => a.companies.create({ name: 'Acme', planId: 'p1' }), 'POST', '/api/companies', {}, { name: 'Acme', planId: 'p1' }],
      ['companies.update', (a) => a.companies.update('c1', { status: false }), 'PUT', '/api/companies/c1', {}, { status: false }],
      ['companies.remove', (a) => a.companies.remove('c1'), 'DELETE', '/api/companies/c1', {}],
      ['companies.updateSchedules', (a) => a.companies.updateSchedules('c1', []), 'PUT', '/api/companies/c1/schedules', {}, { schedules: [] }],
      ['companies.listPlan', (a) => a.companies.listPlan('c1'), 'GET', '/api/companies/listPlan/c1', {}],
      ['plans.list', (a) => a.plans.list(), 'GET', '/api/plans/list', {}],
      ['plans.all', (a) => a.plans.all(), 'GET', '/api/plans/all', {}],
      ['plans.get', (a) => a.plans.get('p1'), 'GET', '/api/plans/p1', {}],
      ['plans.create', (a) => a.plans.create({ name: 'Gold', users: 3 }), 'POST', '/api/plans', {}, { name: 'Gold', users: 3 }],
      ['plans.update', (a) => a.plans.update('p1', { value: 49 }), 'PUT', '/api/plans/p1', {}, { value: 49 }],
      ['plans.remove', (a) => a.plans.remove('p1'), 'DELETE', '/api/plans/p1', {}],
      ['users.page', (a) => a.users.page({ pageNumber: 1 }), 'GET', '/api/users', { pageNumber: '1' }],
      ['users.list', (a) => a.users.list({ companyId: 'c1' }), 'GET', '/api/users/list', { companyId: 'c1' }],
      ['users.get', (a) => a.users.get('u1'), 'GET', '/api/users/u1', {}],
      ['users.create', (a) => a.users.create({ name: 'Bia', email: 'b@c.co', password: '12345', profile: 'user' }), 'POST', '/api/users', {}, { name: 'Bia', email: 'b@c.co', password: '12345', profile: 'user' }],
      ['users.update', (a) => a.users.update('u1', { queueIds: ['q1'] }), 'PUT', '/api/users/u1', {}, { queueIds: ['q1'] }],
      ['users.remove', (a) => a.users.remove('u1'), 'DELETE', '/api/users/u1', {}],
      ['users.setLanguage', (a) => a.users.setLanguage('es'), 'POST', '/api/users/set-language/es', {}],
      ['settings.list', (a) => a.settings.list(), 'GET', '/api/settings', {}],
      ['settings.update', (a) => a.settings.update('userRating', 'enabled'), 'PUT', '/api/settings/userRating', {}, { value: 'enabled' }],
      ['helps.page', (a) => a.helps.page({ searchParam: 'x' }), 'GET', '/api/helps', { searchParam: 'x' }],
      ['helps.list', (a) => a.helps.list(), 'GET', '/api/helps/list', {}],
      ['helps.create', (a) => a.helps.create({ title: 'Intro' }), 'POST', '/api/helps', {}, { title: 'Intro' }],
      ['helps.update', (a) => a.helps.update('h1', { video: 'abc' }), 'PUT', '/api/helps/h1', {}, { video: 'abc' }],
      ['helps.remove', (a) => a.helps.remove('h1'), 'DELETE', '/api/helps/h1', {}],
      ['flows.listFlows', (a) => a.flows.listFlows({ searchParam: 'ven', pageNumber: 2 }), 'GET', '/api/flowbuilder', { searchParam: 'ven', pageNumber: '2' }],
      ['flows.createFlow', (a) => a.flows.createFlow('Vendas'), 'POST', '/api/flowbuilder', {}, { name: 'Vendas' }],
      ['flows.updateFlow', (a) => a.flows.updateFlow('f1', { active: false }), 'PUT', '/api/flowbuilder', {}, { flowId: 'f1', active: false }],
      ['flows.deleteFlow', (a) => a.flows.deleteFlow('f1'), 'DELETE', '/api/flowbuilder/f1', {}],
      ['flows.duplicateFlow', (a) => a.flows.duplicateFlow('f1'), 'POST', '/api/flowbuilder/duplicate', {}, { flowId: 'f1' }],
      ['flows.getFlow', (a) => a.flows.getFlow('f1'), 'GET', '/api/flowbuilder/flow/f1', {}],
      ['flows.saveFlow', (a) => a.flows.saveFlow({ idFlow: 'f1', nodes: [], connections: [] }), 'POST', '/api/flowbuilder/flow', {}, { idFlow: 'f1', nodes: [], connections: [] }],
      ['flows.exportFlow', (a) => a.flows.exportFlow('f1'), 'GET', '/api/flowbuilder/f1/export', {}],
      ['flows.importFlow', (a) => a.flows.importFlow({ format: 'atende-flow', version: 1, name: 'X', active: true, flow: null }), 'POST', '/api/flowbuilder/import', {}, { format: 'atende-flow', version: 1, name: 'X', active: true, flow: null }],
      ['flows.listFlowCampaigns', (a) => a.flows.listFlowCampaigns(), 'GET', '/api/flowcampaign', {}],
      ['flows.getFlowCampaign', (a) => a.flows.getFlowCampaign('k1'), 'GET', '/api/flowcampaign/k1', {}],
      ['flows.createFlowCampaign', (a) => a.flows.createFlowCampaign({ name: 'Promo', flowId: 'f1', whatsappId: 'w1', phrase: 'oi' }), 'POST', '/api/flowcampaign', {}, { name: 'Promo', flowId: 'f1', whatsappId: 'w1', phrase: 'oi' }],
      ['flows.updateFlowCampaign', (a) => a.flows.updateFlowCampaign('k1', { name: 'Promo', flowId: 'f1', whatsappId: 'w1', phrase: 'oi', status: false }), 'PUT', '/api/flowcampaign', {}, { id: 'k1', name: 'Promo', flowId: 'f1', whatsappId: 'w1', phrase: 'oi', status: false }],
      ['flows.deleteFlowCampaign', (a) => a.flows.deleteFlowCampaign('k1'), 'DELETE', '/api/flowcampaign/k1', {}],
    ];

    for (const [name, call, method, path, query, body] of cases) {
      it(`${name} -> ${method} ${path}`, async () => {
        await call(api);
        assert.deepEqual(pick(last(), ['method', 'path', 'query', 'body']), { method, path, query, body });
      });
    }

    it('public calls send no bearer token', async () => {
      await api.plans.list();
      assert.equal(last().authorization, undefined);
    });

    it('request() leaves out null and undefined query values', async () => {
      await api.request('GET', '/tickets', { query: { status: 'open', queueIds: undefined, userId: null, showAll: true } });
      assert.deepEqual(last().query, { status: 'open', showAll: 'true' });
    });
  });
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected the call to reject');
}

function assertApiError(error: unknown, status: number, code: string): ApiError {
  assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
  assert.deepEqual({ status: error.status, code: error.code }, { status, code });
  return error;
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** A port that was free a moment ago and has nothing listening now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
