import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { SETTING_KEYS } from '@atende/shared';
import { JWT_SECRET, SUPER_EMAIL, SUPER_PASSWORD, startTestApp, type TestApp } from '../support/app.js';
import { createTenant, login, loginSuper, refreshCookie, type Session, type Tenant } from '../support/fixtures.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('auth: login, refresh, logout, me', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;

  before(async () => {
    t = await startTestApp('auth', { ATENDE_LOGIN_MAX_PER_ACCOUNT: '3' });
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { dueDate: inDays(30) });
  });
  after(() => t?.stop());

  describe('POST /auth/login', () => {
    it('answers the token and the user with company, due date and settings, and sets an httpOnly refresh cookie', async () => {
      const answer = await t.call('POST', '/auth/login', { body: { email: tenant.adminEmail, password: tenant.password } });
      expect(answer.status).to.equal(200);
      expect(answer.body.token).to.be.a('string');
      const { user } = answer.body;
      expect(user).to.include({ email: tenant.adminEmail, companyId: tenant.companyId, profile: 'admin', super: false, online: true });
      expect(user).not.to.have.property('passwordHash');
      expect(user.company.id).to.equal(tenant.companyId);
      expect(new Date(user.company.dueDate).getTime()).to.be.greaterThan(Date.now());
      expect(user.company.settings.map((s: { key: string }) => s.key)).to.include.members(SETTING_KEYS);
      expect(user.company.plan).to.have.property('useCampaigns');
      expect(answer.body).not.to.have.property('dueWarningDays');
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('jrt='));
      expect(cookie).to.match(/HttpOnly/i).and.to.match(/Path=\/api\/auth/);
    });

    it('is case-insensitive on the e-mail', async () => {
      const answer = await t.call('POST', '/auth/login', { body: { email: tenant.adminEmail.toUpperCase(), password: tenant.password } });
      expect(answer.status).to.equal(200);
    });

    it('refuses a wrong password and an unknown e-mail alike (401 ERR_INVALID_CREDENTIALS)', async () => {
      const wrong = await t.call('POST', '/auth/login', { body: { email: SUPER_EMAIL, password: 'not-it' } });
      const unknown = await t.call('POST', '/auth/login', { body: { email: 'nobody@nowhere.test', password: 'whatever' } });
      for (const answer of [wrong, unknown]) {
        expect(answer.status).to.equal(401);
        expect(answer.body.error).to.equal('ERR_INVALID_CREDENTIALS');
        expect(answer.body.message).to.be.a('string').and.not.empty;
      }
    });

    it('validates e-mail and password (400 naming the field)', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ password: 'x' }, 'email'],
        [{ email: 'not-an-email', password: 'x' }, 'email'],
        [{ email: 'a@b.test' }, 'password'],
        [{ email: 'a@b.test', password: '' }, 'password'],
      ];
      for (const [body, field] of cases) {
        const answer = await t.call('POST', '/auth/login', { body });
        expect(answer.status, JSON.stringify(body)).to.equal(400);
        expect(answer.body).to.include({ error: 'ERR_VALIDATION', field });
      }
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const answer = await t.call('POST', '/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(answer.status).to.equal(400);
      expect(answer.body).to.include({ error: 'ERR_VALIDATION', field: 'payload' });
    });

    it('refuses a company whose due date has passed, with that date', async () => {
      const expired = await createTenant(t, superUser, { dueDate: inDays(30) });
      const past = inDays(-2);
      const update = await t.call('PUT', `/companies/${expired.companyId}`, { token: superUser.token, body: { dueDate: past } });
      expect(update.status).to.equal(200);
      const answer = await t.call('POST', '/auth/login', { body: { email: expired.adminEmail, password: expired.password } });
      expect(answer.status).to.equal(403);
      expect(answer.body.error).to.equal('ERR_SUBSCRIPTION_EXPIRED');
      expect(answer.body.dueDate).to.equal(past);
    });

    it('warns when fewer than 5 days remain', async () => {
      const ending = await createTenant(t, superUser, { dueDate: inDays(3) });
      const answer = await t.call('POST', '/auth/login', { body: { email: ending.adminEmail, password: ending.password } });
      expect(answer.status).to.equal(200);
      expect(answer.body.dueWarningDays).to.equal(3);
    });

    it('limits failed attempts per account (429 with Retry-After), without locking other accounts', async () => {
      const target = await createTenant(t, superUser);
      for (let i = 0; i < 3; i += 1) {
        const answer = await t.call('POST', '/auth/login', { body: { email: target.adminEmail, password: 'wrong' } });
        expect(answer.status).to.equal(401);
      }
      const blocked = await t.call('POST', '/auth/login', { body: { email: target.adminEmail, password: target.password } });
      expect(blocked.status).to.equal(429);
      expect(blocked.body.error).to.equal('ERR_TOO_MANY_ATTEMPTS');
      expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
      const other = await t.call('POST', '/auth/login', { body: { email: SUPER_EMAIL, password: SUPER_PASSWORD } });
      expect(other.status).to.equal(200);
    });
  });

  describe('access tokens', () => {
    it('a missing or invalid token answers 401 ERR_UNAUTHENTICATED', async () => {
      const missing = await t.call('GET', '/auth/me');
      const invalid = await t.call('GET', '/auth/me', { token: 'not.a.token' });
      const forged = await t.call('GET', '/auth/me', { token: jwt.sign({ sub: 'x' }, 'another-secret') });
      for (const answer of [missing, invalid, forged]) {
        expect(answer.status).to.equal(401);
        expect(answer.body.error).to.equal('ERR_UNAUTHENTICATED');
      }
    });

    it('an expired token answers 403 ERR_SESSION_EXPIRED', async () => {
      const claims = jwt.decode(tenant.admin.token) as Record<string, unknown>;
      const expired = jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 60 }, JWT_SECRET);
      const answer = await t.call('GET', '/auth/me', { token: expired });
      expect(answer.status).to.equal(403);
      expect(answer.body.error).to.equal('ERR_SESSION_EXPIRED');
    });

    it('GET /auth/me answers the user with company', async () => {
      const answer = await t.call('GET', '/auth/me', { token: tenant.admin.token });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.include({ id: tenant.admin.user.id, companyId: tenant.companyId });
      expect(answer.body.company.name).to.be.a('string');
    });
  });

  describe('POST /auth/refresh_token', () => {
    it('answers a new token and rotates the cookie; a cookie two rotations old then ends the session', async () => {
      const session = await login(t, tenant.adminEmail, tenant.password);
      const first = await t.call('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(first.status).to.equal(200);
      expect(first.body.token).to.be.a('string');
      expect(first.body.user.id).to.equal(session.user.id);
      const rotated = refreshCookie(first.headers);
      expect(rotated).not.to.equal(session.cookie);

      const me = await t.call('GET', '/auth/me', { token: first.body.token });
      expect(me.status).to.equal(200);

      // The cookie just rotated away is honoured for a moment (another tab refreshing at once).
      const second = await t.call('POST', '/auth/refresh_token', { cookie: rotated });
      expect(second.status).to.equal(200);
      const replay = await t.call('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(replay.status).to.equal(401);
      expect(replay.body.error).to.equal('ERR_REFRESH_TOKEN_INVALID');
      // A replayed token is treated as stolen: the whole session is gone, rotated cookie included.
      const after = await t.call('POST', '/auth/refresh_token', { cookie: refreshCookie(second.headers) });
      expect(after.status).to.equal(401);
    });

    it('without a cookie, or with garbage, answers 401', async () => {
      expect((await t.call('POST', '/auth/refresh_token')).status).to.equal(401);
      expect((await t.call('POST', '/auth/refresh_token', { cookie: 'jrt=garbage' })).status).to.equal(401);
    });
  });

  describe('DELETE /auth/logout', () => {
    it('ends the session: its refresh cookie no longer works, and the cookie is cleared', async () => {
      const session = await login(t, tenant.adminEmail, tenant.password);
      const answer = await t.call('DELETE', '/auth/logout', { token: session.token, cookie: session.cookie });
      expect(answer.status).to.equal(204);
      expect(answer.headers.getSetCookie().join(';')).to.match(/jrt=;/);
      const refresh = await t.call('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(refresh.status).to.equal(401);
    });

    it('the access token of an ended session is refused at once (401), not only at expiry', async () => {
      const session = await login(t, tenant.adminEmail, tenant.password);
      expect((await t.call('GET', '/auth/me', { token: session.token })).status).to.equal(200);
      await t.call('DELETE', '/auth/logout', { token: session.token, cookie: session.cookie });
      const answer = await t.call('GET', '/auth/me', { token: session.token });
      expect(answer.status).to.equal(401);
      expect(answer.body.error).to.equal('ERR_UNAUTHENTICATED');
    });

    it('closing a company (status false) ends the sessions of its users', async () => {
      const closing = await createTenant(t, superUser);
      const update = await t.call('PUT', `/companies/${closing.companyId}`, { token: superUser.token, body: { status: false } });
      expect(update.status).to.equal(200);
      expect((await t.call('GET', '/auth/me', { token: closing.admin.token })).status).to.equal(401);
      expect((await t.call('POST', '/auth/refresh_token', { cookie: closing.admin.cookie })).status).to.equal(401);
      const again = await t.call('POST', '/auth/login', { body: { email: closing.adminEmail, password: closing.password } });
      expect(again.body.error).to.equal('ERR_COMPANY_INACTIVE');
    });

    it('works with only the cookie (access token already expired)', async () => {
      const session = await login(t, tenant.adminEmail, tenant.password);
      const answer = await t.call('DELETE', '/auth/logout', { cookie: session.cookie, token: 'expired.or.bad' });
      expect(answer.status).to.equal(204);
      expect((await t.call('POST', '/auth/refresh_token', { cookie: session.cookie })).status).to.equal(401);
    });
  });
});
