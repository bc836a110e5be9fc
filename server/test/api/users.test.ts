import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, login, loginSuper, unique, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue } from '../support/inboxFixtures.js';
import { listen, waitFor } from '../support/realtimeFixtures.js';
import { createConnection } from '../support/whatsappFixtures.js';

describe('users', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };
  let queue: { id: string; name: string };
  let connectionId: string;

  before(async () => {
    t = await startTestApp('users');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 6 })).id });
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
    queue = await createQueue(t, tenant.admin);
    connectionId = (await createConnection(t, tenant.admin, { name: unique('Line '), provider: 'sandbox' })).id as string;
  });
  after(() => t?.stop());

  const newUser = (extra: Record<string, unknown> = {}) => ({ name: 'New Person', email: `${unique('u')}@x.test`, password: 'secret1', profile: 'user', ...extra });

  describe('GET /users', () => {
    it('pages the company users and searches by name or e-mail', async () => {
      const answer = await t.call('GET', '/users?pageNumber=1', { token: tenant.admin.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.count).to.equal(3);
      expect(answer.body.hasMore).to.equal(false);
      expect(answer.body.users.map((u: { companyId: string }) => u.companyId)).to.deep.equal(Array(3).fill(tenant.companyId));
      const search = await t.call('GET', `/users?searchParam=${encodeURIComponent(agent.email.slice(0, 10))}`, { token: tenant.admin.token });
      expect(search.body.users.map((u: { email: string }) => u.email)).to.deep.equal([agent.email]);
      const byName = await t.call('GET', '/users?searchParam=member%20SUPER', { token: tenant.admin.token });
      expect(byName.body.users.map((u: { email: string }) => u.email)).to.deep.equal([supervisor.email]);
    });

    it('never shows another company, even when asked for it', async () => {
      const answer = await t.call('GET', `/users?companyId=${other.companyId}`, { token: tenant.admin.token });
      expect(answer.body.users.every((u: { companyId: string }) => u.companyId === tenant.companyId)).to.equal(true);
    });

    it('lets a super user list another company', async () => {
      const answer = await t.call('GET', `/users?companyId=${other.companyId}`, { token: superUser.token });
      expect(answer.body.users.map((u: { email: string }) => u.email)).to.deep.equal([other.adminEmail]);
    });

    it('is for admins and supervisors (a user gets 403 ERR_NO_PERMISSION)', async () => {
      expect((await t.call('GET', '/users', { token: supervisor.token })).status).to.equal(200);
      const answer = await t.call('GET', '/users', { token: agent.token });
      expect(answer.status).to.equal(403);
      expect(answer.body.error).to.equal('ERR_NO_PERMISSION');
    });

    it('validates the page number', async () => {
      const answer = await t.call('GET', '/users?pageNumber=0', { token: tenant.admin.token });
      expect(answer.status).to.equal(400);
      expect(answer.body.field).to.equal('pageNumber');
    });

    it('GET /users/list answers every user of the company to any member', async () => {
      const answer = await t.call('GET', '/users/list', { token: agent.token });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.have.length(3);
    });
  });

  describe('GET /users/{id}', () => {
    it('a user reads themself; an admin reads anyone of the company', async () => {
      expect((await t.call('GET', `/users/${agent.user.id}`, { token: agent.token })).body.email).to.equal(agent.email);
      expect((await t.call('GET', `/users/${agent.user.id}`, { token: tenant.admin.token })).status).to.equal(200);
    });

    it("a user cannot read someone else (403), and another company's user is not found (404)", async () => {
      expect((await t.call('GET', `/users/${tenant.admin.user.id}`, { token: agent.token })).status).to.equal(403);
      const answer = await t.call('GET', `/users/${other.admin.user.id}`, { token: tenant.admin.token });
      expect(answer.status).to.equal(404);
      expect(answer.body.error).to.equal('ERR_NO_USER_FOUND');
    });

    it('a malformed id answers 400', async () => {
      expect((await t.call('GET', '/users/abc', { token: tenant.admin.token })).status).to.equal(400);
    });
  });

  describe('POST /users', () => {
    it('creates a user with queues, connection and allTicket who can log in', async () => {
      const body = newUser({ queueIds: [queue.id], whatsappId: connectionId, allTicket: 'enabled' });
      const answer = await t.call('POST', '/users', { token: tenant.admin.token, body });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name: 'New Person', email: body.email, profile: 'user', allTicket: 'enabled', companyId: tenant.companyId, super: false });
      expect(answer.body.queueIds).to.deep.equal([queue.id]);
      expect(answer.body.whatsappId).to.equal(connectionId);
      expect(answer.body).not.to.have.property('passwordHash');
      await login(t, body.email as string, 'secret1');
    });

    it("refuses another company's queues and connection, on create and on update (404)", async () => {
      const foreignQueue = await createQueue(t, other.admin);
      const foreignConnection = (await createConnection(t, other.admin, { name: unique('Foreign '), provider: 'sandbox' })).id as string;
      expectError(await t.call('POST', '/users', { token: tenant.admin.token, body: newUser({ queueIds: [queue.id, foreignQueue.id] }) }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('POST', '/users', { token: tenant.admin.token, body: newUser({ whatsappId: foreignConnection }) }), 404, 'ERR_NO_WAPP_FOUND');
      expectError(await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { queueIds: [foreignQueue.id] } }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { whatsappId: foreignConnection } }), 404, 'ERR_NO_WAPP_FOUND');
      const stored = (await t.call('GET', `/users/${agent.user.id}`, { token: tenant.admin.token })).body;
      expect(stored.queueIds).not.to.include(foreignQueue.id);
      expect(stored.whatsappId).not.to.equal(foreignConnection);
    });

    it('validates each field (name 2..50, e-mail, password 5..50, profile)', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [newUser({ name: 'A' }), 'name', 'string.min'],
        [newUser({ name: 'A'.repeat(51) }), 'name', 'string.max'],
        [newUser({ name: undefined }), 'name', 'any.required'],
        [newUser({ email: 'nope' }), 'email', 'string.email'],
        [newUser({ password: '1234' }), 'password', 'string.min'],
        [newUser({ password: 'x'.repeat(51) }), 'password', 'string.max'],
        [newUser({ profile: 'boss' }), 'profile', 'any.only'],
        [newUser({ allTicket: 'disabled' }), 'allTicket', 'any.only'],
        [newUser({ queueIds: ['x'] }), 'queueIds.0', 'string.hex'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await t.call('POST', '/users', { token: tenant.admin.token, body });
        expect(answer.status, `${field} ${rule}`).to.equal(400);
        expect(answer.body).to.include({ error: 'ERR_VALIDATION', field, rule });
      }
    });

    it('refuses a duplicate e-mail, even from another company (409 ERR_DUPLICATED_EMAIL)', async () => {
      const answer = await t.call('POST', '/users', { token: tenant.admin.token, body: newUser({ email: other.adminEmail }) });
      expect(answer.status).to.equal(409);
      expect(answer.body.error).to.equal('ERR_DUPLICATED_EMAIL');
    });

    it('is for admins: a supervisor or user gets 403', async () => {
      for (const session of [agent, supervisor]) {
        const answer = await t.call('POST', '/users', { token: session.token, body: newUser() });
        expect(answer.status).to.equal(403);
      }
    });

    it('an admin cannot create a super user nor a user of another company', async () => {
      expect((await t.call('POST', '/users', { token: tenant.admin.token, body: newUser({ super: true }) })).status).to.equal(403);
      const answer = await t.call('POST', '/users', { token: tenant.admin.token, body: newUser({ companyId: other.companyId }) });
      expect(answer.status).to.equal(201);
      expect(answer.body.companyId).to.equal(tenant.companyId);
    });

    it("enforces the plan's user limit (403 ERR_USER_LIMIT_REACHED)", async () => {
      const count = (await t.call('GET', '/users', { token: tenant.admin.token })).body.count as number;
      for (let i = count; i < 6; i += 1) {
        expect((await t.call('POST', '/users', { token: tenant.admin.token, body: newUser() })).status).to.equal(201);
      }
      const answer = await t.call('POST', '/users', { token: tenant.admin.token, body: newUser() });
      expect(answer.status).to.equal(403);
      expect(answer.body).to.include({ error: 'ERR_USER_LIMIT_REACHED', limit: 6 });
    });
  });

  describe('PUT /users/{id}', () => {
    it('a user edits their own name and password, keeping the password when it is sent empty', async () => {
      const renamed = await t.call('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { name: 'Agent Renamed', password: '' } });
      expect(renamed.status).to.equal(200);
      expect(renamed.body.name).to.equal('Agent Renamed');
      await login(t, agent.email, 'member-pass');
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { password: 'member-pass2' } })).status).to.equal(200);
      await login(t, agent.email, 'member-pass2');
    });

    it('a user cannot change their own profile, queues or allTicket, nor edit someone else', async () => {
      for (const body of [{ profile: 'admin' }, { queueIds: [] }, { allTicket: 'enabled' }]) {
        expect((await t.call('PUT', `/users/${agent.user.id}`, { token: agent.token, body })).status).to.equal(403);
      }
      expect((await t.call('PUT', `/users/${supervisor.user.id}`, { token: agent.token, body: { name: 'Hacked' } })).status).to.equal(403);
    });

    it('an admin changes profile and queues', async () => {
      const answer = await t.call('PUT', `/users/${agent.user.id}`, {
        token: tenant.admin.token,
        body: { profile: 'supervisor', queueIds: [queue.id] },
      });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.include({ profile: 'supervisor' });
      expect(answer.body.queueIds).to.deep.equal([queue.id]);
    });

    it('refuses to demote the last admin (ERR_LAST_ADMIN)', async () => {
      const answer = await t.call('PUT', `/users/${tenant.admin.user.id}`, { token: tenant.admin.token, body: { profile: 'user' } });
      expect(answer.status).to.equal(400);
      expect(answer.body.error).to.equal('ERR_LAST_ADMIN');
    });

    it('validates the payload (empty body, bad e-mail)', async () => {
      expect((await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: {} })).status).to.equal(400);
      const answer = await t.call('PUT', `/users/${agent.user.id}`, { token: tenant.admin.token, body: { email: 'bad' } });
      expect(answer.body).to.include({ error: 'ERR_VALIDATION', field: 'email' });
    });

    it("cannot touch another company's user (404)", async () => {
      const answer = await t.call('PUT', `/users/${other.admin.user.id}`, { token: tenant.admin.token, body: { name: 'Hijack' } });
      expect(answer.status).to.equal(404);
    });
  });

  describe('DELETE /users/{id}', () => {
    it('an admin deletes a user, whose login then fails', async () => {
      const victim = await t.call('POST', '/users', { token: superUser.token, body: newUser({ companyId: other.companyId }) });
      expect(victim.status).to.equal(201);
      const answer = await t.call('DELETE', `/users/${victim.body.id}`, { token: other.admin.token });
      expect(answer.status).to.equal(204);
      const again = await t.call('POST', '/auth/login', { body: { email: victim.body.email, password: 'secret1' } });
      expect(again.status).to.equal(401);
    });

    it('refuses deleting oneself, the last admin, and users of another company', async () => {
      const self = await t.call('DELETE', `/users/${tenant.admin.user.id}`, { token: tenant.admin.token });
      expect(self.body.error).to.equal('ERR_CANNOT_DELETE_SELF');
      const last = await t.call('DELETE', `/users/${other.admin.user.id}`, { token: superUser.token });
      expect(last.body.error).to.equal('ERR_LAST_ADMIN');
      expect((await t.call('DELETE', `/users/${other.admin.user.id}`, { token: tenant.admin.token })).status).to.equal(404);
    });

    it('is for admins', async () => {
      expect((await t.call('DELETE', `/users/${agent.user.id}`, { token: supervisor.token })).status).to.equal(403);
    });
  });

  describe('POST /users/set-language/{lang}', () => {
    it('stores the language of the caller', async () => {
      const answer = await t.call('POST', '/users/set-language/es', { token: supervisor.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.language).to.equal('es');
      expect((await t.call('GET', '/auth/me', { token: supervisor.token })).body.language).to.equal('es');
    });

    it("tells the user's open programs on the user channel, so they switch language live", async () => {
      const listener = await listen(t, supervisor.email, 'member-pass', 'user');
      try {
        expect((await t.call('POST', '/users/set-language/pt', { token: supervisor.token })).status).to.equal(200);
        const event = await waitFor(listener.events, (seen) => seen.action === 'update' && (seen.user as { id?: string }).id === supervisor.user.id);
        expect(event.user).to.include({ language: 'pt', companyId: tenant.companyId });
      } finally {
        await listener.client.disconnect();
      }
    });

    it('accepts only pt, en and es', async () => {
      const answer = await t.call('POST', '/users/set-language/fr', { token: supervisor.token });
      expect(answer.status).to.equal(400);
      expect(answer.body.field).to.equal('lang');
    });
  });
});
