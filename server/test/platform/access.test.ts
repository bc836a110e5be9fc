import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';

describe('route access: profiles, super and plan flags are enforced on the server', () => {
  let t: TestApp;
  let superUser: Session;
  let withKanban: Tenant;
  let withoutKanban: Tenant;

  before(async () => {
    t = await startTestApp('access');
    superUser = await loginSuper(t);
    withKanban = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useKanban: true })).id });
    withoutKanban = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useKanban: false })).id });
    t.app.server.route([
      { method: 'GET', path: '/api/probe/kanban', options: { plugins: { access: { planFlag: 'useKanban' } } }, handler: () => ({ ok: true }) },
      { method: 'GET', path: '/api/probe/supervisors', options: { plugins: { access: { profiles: ['admin', 'supervisor'] } } }, handler: () => ({ ok: true }) },
    ]);
  });
  after(() => t?.stop());

  it('a plan flag route answers when the plan has the flag', async () => {
    const answer = await t.call('GET', '/probe/kanban', { token: withKanban.admin.token });
    expect(answer.status).to.equal(200);
  });

  it('refuses it with 403 ERR_PLAN_FEATURE_DISABLED when the plan lacks the flag, and follows plan changes', async () => {
    const refused = await t.call('GET', '/probe/kanban', { token: withoutKanban.admin.token });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ error: 'ERR_PLAN_FEATURE_DISABLED', planFlag: 'useKanban' });
    const company = await t.call('GET', `/companies/${withoutKanban.companyId}`, { token: superUser.token });
    await t.call('PUT', `/plans/${company.body.planId}`, { token: superUser.token, body: { useKanban: true } });
    expect((await t.call('GET', '/probe/kanban', { token: withoutKanban.admin.token })).status).to.equal(200);
  });

  it('profiles: a user is refused, a supervisor passes, a super user always passes', async () => {
    const user = await createMember(t, withKanban, 'user');
    const supervisor = await createMember(t, withKanban, 'supervisor');
    expect((await t.call('GET', '/probe/supervisors', { token: user.token })).status).to.equal(403);
    expect((await t.call('GET', '/probe/supervisors', { token: supervisor.token })).status).to.equal(200);
    expect((await t.call('GET', '/probe/supervisors', { token: superUser.token })).status).to.equal(200);
  });
});
