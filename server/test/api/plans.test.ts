import { expect } from 'chai';
import { PLAN_FLAGS } from '@atende/shared';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';

describe('plans', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let tenantPlan: { id: string; name: string };
  let agent: Session;

  before(async () => {
    t = await startTestApp('plans');
    superUser = await loginSuper(t);
    tenantPlan = await createPlan(t, superUser, { useCampaigns: true });
    tenant = await createTenant(t, superUser, { planId: tenantPlan.id });
    agent = await createMember(t, tenant, 'user');
  });
  after(() => t?.stop());

  const post = (body: Record<string, unknown>, session: Session = superUser) => t.call('POST', '/plans', { token: session.token, body });
  const put = (id: string, body: Record<string, unknown>, session: Session = superUser) => t.call('PUT', `/plans/${id}`, { token: session.token, body });

  describe('GET /plans/list and /plans/all', () => {
    it('/plans/list is public and answers every plan with its flags', async () => {
      const answer = await t.call('GET', '/plans/list');
      expect(answer.status).to.equal(200);
      const names = answer.body.map((p: { name: string }) => p.name);
      expect(names).to.include.members(['Completo', tenantPlan.name]);
      const mine = answer.body.find((p: { id: string }) => p.id === tenantPlan.id);
      expect(mine).to.include({ users: 5, connections: 2, queues: 3, value: 99.9, useCampaigns: true, useKanban: false });
    });

    it('/plans/all needs a token, and then answers the same list to any member', async () => {
      expectError(await t.call('GET', '/plans/all'), 401, 'ERR_UNAUTHENTICATED');
      const all = await t.call('GET', '/plans/all', { token: agent.token });
      expect(all.status).to.equal(200);
      expect(all.body).to.deep.equal((await t.call('GET', '/plans/list')).body);
    });
  });

  describe('POST /plans', () => {
    it('creates a plan with every field', async () => {
      const name = unique('Gold ');
      const flags = Object.fromEntries(PLAN_FLAGS.map((flag, i) => [flag, i % 2 === 0]));
      const answer = await post({ name, users: 10, connections: 4, queues: 6, value: 199.9, payLink: 'https://pay.example.com/gold', ...flags });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name, users: 10, connections: 4, queues: 6, value: 199.9, payLink: 'https://pay.example.com/gold', ...flags });
      expect(answer.body.id).to.match(/^[0-9a-f]{24}$/);
      expect((await t.call('GET', `/plans/${answer.body.id}`, { token: superUser.token })).body).to.deep.equal(answer.body);
    });

    it('defaults to 1 user, 1 connection, 1 queue, value 0, every flag off and no pay link', async () => {
      const answer = await post({ name: unique('Bare ') });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ users: 1, connections: 1, queues: 1, value: 0, payLink: null, ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) });
    });

    it('stores an empty pay link as none', async () => {
      const answer = await post({ name: unique('NoLink '), payLink: '' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body.payLink).to.equal(null);
    });

    it('refuses a duplicate name, whatever its case or spaces (409 ERR_DUPLICATED_PLAN)', async () => {
      expectError(await post({ name: tenantPlan.name }), 409, 'ERR_DUPLICATED_PLAN');
      expectError(await post({ name: ` ${tenantPlan.name.toUpperCase()} ` }), 409, 'ERR_DUPLICATED_PLAN');
      const plans = (await t.call('GET', '/plans/list')).body as { name: string }[];
      expect(plans.filter((p) => p.name.toLowerCase() === tenantPlan.name.toLowerCase())).to.have.length(1);
    });

    it('validates each field and names it', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: undefined }, 'name'],
        [{ name: 'A' }, 'name'],
        [{ name: 'n'.repeat(51) }, 'name'],
        [{ users: -1 }, 'users'],
        [{ users: 1.5 }, 'users'],
        [{ connections: -2 }, 'connections'],
        [{ queues: 'many' }, 'queues'],
        [{ value: -0.01 }, 'value'],
        [{ payLink: 'not a link' }, 'payLink'],
        [{ payLink: 'ftp://pay.example.com' }, 'payLink'],
        [{ useKanban: 'sometimes' }, 'useKanban'],
        [{ unknownFlag: true }, 'unknownFlag'],
      ];
      for (const [change, field] of cases) {
        const answer = await post({ name: unique('Invalid '), ...change });
        expectInvalid(answer, field);
        expect(answer.body.message, JSON.stringify(change)).to.contain(field);
      }
      const bounds = await post({ name: `${unique('N')}${'n'.repeat(50)}`.slice(0, 50), users: 0 });
      expect(bounds.status, JSON.stringify(bounds.body)).to.equal(201);
    });
  });

  describe('GET /plans/{id}', () => {
    it('answers 404 ERR_PLAN_NOT_FOUND for an unknown plan and 400 for a malformed id', async () => {
      expectError(await t.call('GET', `/plans/${MISSING_ID}`, { token: superUser.token }), 404, 'ERR_PLAN_NOT_FOUND');
      expectInvalid(await t.call('GET', '/plans/abc', { token: superUser.token }), 'id');
    });
  });

  describe('PUT /plans/{id}', () => {
    it('updates fields and flags; the companies on the plan see the change', async () => {
      const name = unique('Renamed ');
      const answer = await put(tenantPlan.id, { name, users: 8, useKanban: true, useCampaigns: false, payLink: 'http://pay.example.com/x' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.include({ id: tenantPlan.id, name, users: 8, connections: 2, useKanban: true, useCampaigns: false, payLink: 'http://pay.example.com/x' });
      tenantPlan = { id: tenantPlan.id, name };
      const listPlan = await t.call('GET', `/companies/listPlan/${tenant.companyId}`, { token: agent.token });
      expect(listPlan.body.plan).to.include({ name, useKanban: true, useCampaigns: false });
      // Clearing the pay link.
      expect((await put(tenantPlan.id, { payLink: null })).body.payLink).to.equal(null);
    });

    it("refuses another plan's name (409) but accepts its own", async () => {
      const first = await createPlan(t, superUser);
      const second = await createPlan(t, superUser);
      expectError(await put(second.id, { name: first.name }), 409, 'ERR_DUPLICATED_PLAN');
      expectError(await put(second.id, { name: first.name.toLowerCase() }), 409, 'ERR_DUPLICATED_PLAN');
      expect((await t.call('GET', `/plans/${second.id}`, { token: superUser.token })).body.name).to.equal(second.name);
      const same = await put(second.id, { name: second.name, value: 10 });
      expect(same.status, JSON.stringify(same.body)).to.equal(200);
      expect(same.body.value).to.equal(10);
    });

    it('validates the payload and the id, and answers 404 for an unknown plan', async () => {
      expectInvalid(await put(tenantPlan.id, { users: -3 }), 'users');
      expectInvalid(await put(tenantPlan.id, { name: 'x' }), 'name');
      expectInvalid(await put(tenantPlan.id, { payLink: 'javascript:alert(1)' }), 'payLink');
      expectInvalid(await put(tenantPlan.id, {}), 'payload');
      expectInvalid(await put('nope', { users: 1 }), 'id');
      expectError(await put(MISSING_ID, { users: 1 }), 404, 'ERR_PLAN_NOT_FOUND');
    });
  });

  describe('DELETE /plans/{id}', () => {
    it('deletes a plan no company uses', async () => {
      const unused = await createPlan(t, superUser);
      const answer = await t.call('DELETE', `/plans/${unused.id}`, { token: superUser.token });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(204);
      expectError(await t.call('GET', `/plans/${unused.id}`, { token: superUser.token }), 404, 'ERR_PLAN_NOT_FOUND');
      expect((await t.call('GET', '/plans/list')).body.map((p: { id: string }) => p.id)).to.not.include(unused.id);
      expectError(await t.call('DELETE', `/plans/${unused.id}`, { token: superUser.token }), 404, 'ERR_PLAN_NOT_FOUND');
    });

    it('refuses a plan in use (409 ERR_PLAN_IN_USE)', async () => {
      expectError(await t.call('DELETE', `/plans/${tenantPlan.id}`, { token: superUser.token }), 409, 'ERR_PLAN_IN_USE');
      expect((await t.call('GET', `/plans/${tenantPlan.id}`, { token: superUser.token })).status).to.equal(200);
    });

    it('answers 400 for a malformed id', async () => {
      expectInvalid(await t.call('DELETE', '/plans/123', { token: superUser.token }), 'id');
    });
  });

  describe('super only', () => {
    it('an admin or a user of a tenant gets 403 ERR_NO_PERMISSION on create, read, update and delete', async () => {
      const victim = await createPlan(t, superUser);
      for (const session of [tenant.admin, agent]) {
        expectError(await post({ name: unique('Mine ') }, session), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('GET', `/plans/${victim.id}`, { token: session.token }), 403, 'ERR_NO_PERMISSION');
        expectError(await put(victim.id, { users: 100 }, session), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('DELETE', `/plans/${victim.id}`, { token: session.token }), 403, 'ERR_NO_PERMISSION');
      }
      const untouched = await t.call('GET', `/plans/${victim.id}`, { token: superUser.token });
      expect(untouched.body).to.include({ name: victim.name, users: 5 });
    });

    it('answers 401 without a token', async () => {
      expectError(await post({ name: unique('Anon ') }, { token: '' } as Session), 401, 'ERR_UNAUTHENTICATED');
    });
  });
});
