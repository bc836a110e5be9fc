/**
 * Limits and rotations under parallel requests (issue 13, items 6 and 8): plan limits are not
 * exceeded by concurrent creates, and two tabs refreshing with one cookie keep their session.
 */
import { expect } from 'chai';
import { createWithinPlan } from '../../src/domains/plans/limits.js';
import { QueueModel } from '../../src/domains/queues/model.js';
import { UserModel } from '../../src/domains/users/model.js';
import { WhatsappModel } from '../../src/domains/whatsapp/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, expectError, loginSuper, refreshCookie, unique, type Session, type Tenant } from '../support/fixtures.js';

const PARALLEL = 15;

describe('limits and rotations under parallel requests (issue 13, items 6 and 8)', () => {
  let t: TestApp;
  let superUser: Session;

  before(async () => {
    t = await startTestApp('concurrency');
    superUser = await loginSuper(t);
  });
  after(() => t?.stop());

  async function tenantWithPlan(limits: { users: number; queues?: number; connections?: number }): Promise<Tenant> {
    const plan = await createPlan(t, superUser, { users: limits.users });
    if (limits.queues !== undefined || limits.connections !== undefined) {
      const changed = await t.call('PUT', `/plans/${plan.id}`, { token: superUser.token, body: { queues: limits.queues ?? 3, connections: limits.connections ?? 2 } });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    }
    return createTenant(t, superUser, { planId: plan.id });
  }

  function statusCounts(answers: { status: number }[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  describe('plan limits (item 6)', () => {
    it(`${PARALLEL} parallel user creates on a 10-user plan end with 10 users`, async () => {
      const tenant = await tenantWithPlan({ users: 10 });
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          t.call('POST', '/users', { token: tenant.admin.token, body: { name: `Parallel ${i}`, email: `${unique('par')}@x.test`, password: 'secret1', profile: 'user' } }),
        ),
      );
      expect(statusCounts(answers)).to.deep.equal({ 201: 9, 403: PARALLEL - 9 });
      expect(answers.filter((a) => a.status === 403).every((a) => a.body.error === 'ERR_USER_LIMIT_REACHED')).to.equal(true);
      expect(await UserModel.countDocuments({ companyId: tenant.companyId })).to.equal(10);
    });

    it(`${PARALLEL} parallel queue creates on a 3-queue plan end with 3 queues`, async () => {
      const tenant = await tenantWithPlan({ users: 5, queues: 3 });
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          t.call('POST', '/queue', { token: tenant.admin.token, body: { name: unique(`Queue ${i} `), color: `#${(0x100000 + i * 4099).toString(16)}`, greetingMessage: 'Hello' } }),
        ),
      );
      expect(statusCounts(answers)).to.deep.equal({ 201: 3, 403: PARALLEL - 3 });
      expect(await QueueModel.countDocuments({ companyId: tenant.companyId })).to.equal(3);
    });

    it(`${PARALLEL} parallel connection creates on a 2-connection plan end with 2 connections`, async () => {
      const tenant = await tenantWithPlan({ users: 5, connections: 2 });
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => t.call('POST', '/whatsapp', { token: tenant.admin.token, body: { name: unique(`Line ${i} `), provider: 'sandbox' } })),
      );
      expect(statusCounts(answers)).to.deep.equal({ 201: 2, 403: PARALLEL - 2 });
      expect(await WhatsappModel.countDocuments({ companyId: tenant.companyId })).to.equal(2);
    });

    it('a create racing one on another node (MongoDB) takes itself back rather than exceed the plan', async () => {
      const tenant = await tenantWithPlan({ users: 5, queues: 1 });
      let refused: unknown;
      try {
        await createWithinPlan(tenant.companyId, 'queues', QueueModel, async () => {
          // The other node's insert lands between this create's count and its own insert.
          await QueueModel.create({ companyId: tenant.companyId, name: 'Other node', nameKey: unique('other node'), color: '#123456' });
          return QueueModel.create({ companyId: tenant.companyId, name: 'This node', nameKey: unique('this node'), color: '#654321' });
        });
      } catch (err) {
        refused = err;
      }
      expect((refused as { code?: string } | undefined)?.code).to.equal('ERR_QUEUE_LIMIT_REACHED');
      expect(await QueueModel.countDocuments({ companyId: tenant.companyId })).to.equal(1);
    });
  });

  describe('refresh rotation (item 8)', () => {
    it('two tabs refreshing with one cookie at once both succeed, and the session lives on', async () => {
      const tenant = await tenantWithPlan({ users: 5 });
      const [first, second] = await Promise.all([
        t.call('POST', '/auth/refresh_token', { cookie: tenant.admin.cookie }),
        t.call('POST', '/auth/refresh_token', { cookie: tenant.admin.cookie }),
      ]);
      expect([first.status, second.status]).to.deep.equal([200, 200]);
      for (const answer of [first, second]) {
        expect((await t.call('GET', '/auth/me', { token: answer.body.token })).status).to.equal(200);
      }
      // Whichever cookie the browser kept, the next refresh works.
      for (const answer of [second, first]) {
        const next = await t.call('POST', '/auth/refresh_token', { cookie: refreshCookie(answer.headers) });
        expect(next.status, JSON.stringify(next.body)).to.equal(200);
      }
    });

    it(`${PARALLEL} parallel refreshes with one cookie leave one live session`, async () => {
      const tenant = await tenantWithPlan({ users: 5 });
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => t.call('POST', '/auth/refresh_token', { cookie: tenant.admin.cookie })));
      expect(statusCounts(answers)).to.deep.equal({ 200: PARALLEL });
      const last = answers[answers.length - 1]!;
      expect((await t.call('POST', '/auth/refresh_token', { cookie: refreshCookie(last.headers) })).status).to.equal(200);
    });

    it('a cookie two rotations old is a replay: the session ends', async () => {
      const tenant = await tenantWithPlan({ users: 5 });
      const once = await t.call('POST', '/auth/refresh_token', { cookie: tenant.admin.cookie });
      const twice = await t.call('POST', '/auth/refresh_token', { cookie: refreshCookie(once.headers) });
      expect([once.status, twice.status]).to.deep.equal([200, 200]);
      expectError(await t.call('POST', '/auth/refresh_token', { cookie: tenant.admin.cookie }), 401, 'ERR_REFRESH_TOKEN_INVALID');
      expectError(await t.call('POST', '/auth/refresh_token', { cookie: refreshCookie(twice.headers) }), 401, 'ERR_REFRESH_TOKEN_INVALID');
      expectError(await t.call('GET', '/auth/me', { token: twice.body.token }), 401, 'ERR_UNAUTHENTICATED');
    });
  });
});
