/**
 * Super users are the platform operator's: only super users touch them, the last one stays, and
 * a platform that lost them still starts (issue 13, item 1).
 */
import { expect } from 'chai';
import { UserModel } from '../../src/domains/users/model.js';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../support/app.js';
import { expectError, login, loginSuper, unique, type Session } from '../support/fixtures.js';

describe('super users (issue 13, item 1)', () => {
  let t: TestApp;
  let superUser: Session;
  let operatorAdmin: Session;

  async function createInOperatorCompany(extra: Record<string, unknown>): Promise<Session & { email: string }> {
    const email = `${unique('op')}@atende.test`;
    const created = await t.call('POST', '/users', { token: superUser.token, body: { name: 'Operator staff', email, password: 'staff-pass', profile: 'admin', ...extra } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return { ...(await login(t, email, 'staff-pass')), email };
  }

  before(async () => {
    t = await startTestApp('superusers');
    superUser = await loginSuper(t);
    operatorAdmin = await createInOperatorCompany({});
    expect(operatorAdmin.user.companyId).to.equal(superUser.user.companyId);
  });
  after(() => t?.stop());

  it("an admin of the operator's company cannot change the super user's password, e-mail or profile", async () => {
    const before = await UserModel.findById(superUser.user.id).setOptions({ crossTenant: true }).lean();
    for (const body of [{ password: 'taken-over' }, { email: 'attacker@x.test' }, { profile: 'user' }, { name: 'Renamed' }]) {
      const answer = await t.call('PUT', `/users/${superUser.user.id}`, { token: operatorAdmin.token, body });
      expectError(answer, 403, 'ERR_NO_PERMISSION');
    }
    const after = await UserModel.findById(superUser.user.id).setOptions({ crossTenant: true }).lean();
    expect(after).to.deep.equal(before);
    await login(t, SUPER_EMAIL, SUPER_PASSWORD);
  });

  it("an admin of the operator's company cannot delete the super user", async () => {
    expectError(await t.call('DELETE', `/users/${superUser.user.id}`, { token: operatorAdmin.token }), 403, 'ERR_NO_PERMISSION');
    await login(t, SUPER_EMAIL, SUPER_PASSWORD);
  });

  it('the last super user cannot lose the flag; with two, one may go', async () => {
    expectError(await t.call('PUT', `/users/${superUser.user.id}`, { token: superUser.token, body: { super: false } }), 400, 'ERR_LAST_SUPER');
    const second = await createInOperatorCompany({ super: true });
    expect(second.user.super).to.equal(true);
    const demoted = await t.call('PUT', `/users/${second.user.id}`, { token: superUser.token, body: { super: false } });
    expect(demoted.status, JSON.stringify(demoted.body)).to.equal(200);
    expect(demoted.body.super).to.equal(false);
    expectError(await t.call('PUT', `/users/${superUser.user.id}`, { token: superUser.token, body: { super: false } }), 400, 'ERR_LAST_SUPER');
  });

  it('two super users demoting each other at the same time leave one of them super', async () => {
    const other = await createInOperatorCompany({ super: true });
    const answers = await Promise.all([
      t.call('PUT', `/users/${other.user.id}`, { token: superUser.token, body: { super: false } }),
      t.call('PUT', `/users/${superUser.user.id}`, { token: other.token, body: { super: false } }),
    ]);
    // The loser is refused either as the last super user (both checked before either wrote) or,
    // when the winner's write landed first, as no longer super at all.
    const loser = answers.find((answer) => answer.status !== 200);
    expect(answers.filter((answer) => answer.status === 200)).to.have.length(1);
    expect(`${loser?.status} ${loser?.body.error}`).to.be.oneOf(['400 ERR_LAST_SUPER', '403 ERR_NO_PERMISSION']);
    expect(await UserModel.countDocuments({ super: true }).setOptions({ crossTenant: true })).to.equal(1);
    // Whichever won, the next tests act as the platform's first super user again (its sessions
    // ended if it lost the flag).
    if (answers[1]!.status === 200) {
      expect((await t.call('PUT', `/users/${superUser.user.id}`, { token: other.token, body: { super: true } })).status).to.equal(200);
      superUser = await loginSuper(t);
      expect((await t.call('DELETE', `/users/${other.user.id}`, { token: superUser.token })).status).to.equal(204);
    }
  });

  it('a super user deletes another super user, never the last one', async () => {
    const survivor = (await UserModel.findOne({ super: true }).setOptions({ crossTenant: true }).lean())!;
    const session = String(survivor._id) === superUser.user.id ? superUser : await login(t, survivor.email, 'staff-pass');
    const extra = await createInOperatorCompany({ super: true });
    expect((await t.call('DELETE', `/users/${extra.user.id}`, { token: session.token })).status).to.equal(204);
    expectError(await t.call('DELETE', `/users/${session.user.id}`, { token: session.token }), 400, 'ERR_CANNOT_DELETE_SELF');
  });

  it("starts over an existing operator company whose super users are gone, and gives it a super admin again", async () => {
    await UserModel.deleteMany({ super: true }).setOptions({ crossTenant: true });
    await t.stop({ drop: false });
    t = await startTestApp('superusers', {}, { databaseName: t.databaseName });
    const again = await loginSuper(t);
    expect(again.user).to.include({ super: true, companyId: superUser.user.companyId });
  });
});
