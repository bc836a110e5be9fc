import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { ApiError, createApiClient, memorySession } from '@atende/shared/client';
import { JWT_SECRET, SUPER_EMAIL, SUPER_PASSWORD, startTestApp, type TestApp } from '../support/app.js';

/** The shared typed client against the real server: the contract web, tui and cli rely on. */
describe('shared API client against the real server', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('client');
  });
  after(() => t?.stop());

  function expiredCopy(token: string): string {
    const claims = jwt.decode(token) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    return jwt.sign({ ...claims, iat: now - 3600, exp: now - 60 }, JWT_SECRET);
  }

  it('logs in, keeps the refresh cookie itself (Node), and refreshes once on 403 for concurrent calls', async () => {
    const session = memorySession();
    let loggedOut = 0;
    const api = createApiClient({ baseUrl: t.url, session, onLogout: () => (loggedOut += 1) });
    const answer = await api.auth.login({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(answer.user.super).to.equal(true);
    const stored = session.get();
    expect(stored?.refreshToken, 'refresh cookie kept').to.be.a('string');

    const expired = expiredCopy(stored!.token);
    session.set({ ...stored!, token: expired });
    const [me, plans, settings] = await Promise.all([api.auth.me(), api.plans.all(), api.settings.list()]);
    expect(me.email).to.equal(SUPER_EMAIL);
    expect(plans.length).to.be.greaterThan(0);
    expect(settings.map((s) => s.key)).to.include('userCreation');
    expect(session.get()?.token).not.to.equal(expired);
    expect(session.get()?.refreshToken, 'the cookie was rotated').not.to.equal(stored!.refreshToken);
    // Two refreshes would have replayed the first cookie, which ends the session on the server.
    await api.auth.refresh();
    expect(loggedOut).to.equal(0);
  });

  it('clears the session when the refresh is refused (logged out elsewhere)', async () => {
    const session = memorySession();
    let loggedOut = 0;
    const api = createApiClient({ baseUrl: t.url, session, onLogout: () => (loggedOut += 1) });
    await api.auth.login({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
    const stored = session.get()!;
    // Another tab logs this session out: its refresh cookie dies on the server.
    await t.call('DELETE', '/auth/logout', { cookie: `jrt=${stored.refreshToken}` });
    session.set({ ...stored, token: expiredCopy(stored.token) });

    let failure: unknown;
    try {
      await api.auth.me();
    } catch (err) {
      failure = err;
    }
    expect(failure).to.be.instanceOf(ApiError);
    expect(session.get()).to.equal(null);
    expect(loggedOut).to.equal(1);
  });

  it('rejects with the ERR_ code and status of the server', async () => {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
    let failure: ApiError | undefined;
    try {
      await api.plans.create({ name: 'X' } as never);
    } catch (err) {
      failure = err as ApiError;
    }
    expect(failure).to.be.instanceOf(ApiError);
    expect(failure?.status).to.equal(400);
    expect(failure?.code).to.equal('ERR_VALIDATION');
  });
});
