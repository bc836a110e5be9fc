import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, login, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { lastCodeFor, startSmtpServer, type SmtpStandIn } from '../../../scripts/testing/smtpServer.js';
import { PasswordResetModel, PasswordResetTryModel } from '../../src/domains/passwordReset/model.js';
import { UserModel } from '../../src/domains/users/model.js';

describe('password reset by e-mail', () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let superUser: Session;
  let tenant: Tenant;

  before(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp('passwordReset');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 20 })).id });
  });
  after(async () => {
    await t?.stop();
    await smtp?.close();
  });

  const ask = (email: string, from?: string) => t.call('POST', `/forgetpassword/${encodeURIComponent(email)}`, from ? { from } : {});
  const reset = (email: string, code: string, password: string) => t.call('POST', '/resetpasswords', { body: { email, token: code, newPassword: password } });
  const resetByPath = (email: string, code: string, password: string) =>
    t.call('POST', `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(password)}`);
  const smtpSettings = () => ({ host: smtp.host, port: smtp.port, user: smtp.user, password: smtp.password, from: 'Atende <reset@atende.test>', secure: false });

  it('says when e-mail is not configured, and then sends nothing', async () => {
    expect((await t.call('GET', '/forgetpassword')).body).to.deep.equal({ configured: false });
    expectError(await ask(tenant.adminEmail), 503, 'ERR_MAIL_NOT_CONFIGURED');
  });

  it('SMTP settings are for super users; the password is sealed in the database and never answered', async () => {
    expectError(await t.call('PUT', '/settings/smtp', { token: tenant.admin.token, body: smtpSettings() }), 403, 'ERR_NO_PERMISSION');
    expectInvalid(await t.call('PUT', '/settings/smtp', { token: superUser.token, body: { ...smtpSettings(), host: 'not a host!' } }), 'host');
    expectInvalid(await t.call('PUT', '/settings/smtp', { token: superUser.token, body: { ...smtpSettings(), port: 70_000 } }), 'port');
    const saved = await t.call('PUT', '/settings/smtp', { token: superUser.token, body: smtpSettings() });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(saved.body).to.deep.equal({ host: smtp.host, port: smtp.port, user: smtp.user, from: 'Atende <reset@atende.test>', secure: false, passwordSet: true, source: 'settings' });
    expect(JSON.stringify((await t.call('GET', '/settings/smtp', { token: superUser.token })).body)).to.not.contain(smtp.password);
    const stored = await UserModel.db.collection('mailsettings').findOne({ key: 'smtp' });
    expect(stored?.sealedPassword).to.be.a('string').and.not.contain(smtp.password);
    // Saving again without the password keeps it.
    const { password: _kept, ...withoutPassword } = smtpSettings();
    expect((await t.call('PUT', '/settings/smtp', { token: superUser.token, body: withoutPassword })).body.passwordSet).to.equal(true);
    expect((await t.call('GET', '/forgetpassword')).body).to.deep.equal({ configured: true });
  });

  it('e-mails a 6-digit code through the authenticated server; an unknown e-mail is 404; the code is stored hashed', async () => {
    const member = await createMember(t, tenant, 'user');
    await UserModel.updateOne({ email: member.email }, { $set: { language: 'pt' } }).setOptions({ crossTenant: true });
    expectError(await ask('nobody@nowhere.test'), 404, 'ERR_EMAIL_NOT_FOUND');
    expectInvalid(await ask('not-an-email'), 'email');
    const sent = await ask(member.email);
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
    const code = lastCodeFor(smtp, member.email);
    expect(code).to.match(/^\d{6}$/);
    const mail = smtp.messages.at(-1)!;
    expect(mail.from).to.equal('reset@atende.test');
    expect(mail.raw).to.contain('Subject: =?UTF-8?');
    expect(smtp.refusedLogins).to.equal(0);
    const stored = await PasswordResetModel.findOne({ userId: member.user.id }).lean();
    expect(stored?.codeHash).to.be.a('string').and.not.contain(code!);
  });

  it('sets the new password with the code once, by the password rules, and ends every session of the user', async () => {
    const member = await createMember(t, tenant, 'user');
    await ask(member.email);
    const code = lastCodeFor(smtp, member.email)!;
    for (const [weak, rule] of [['Short1', 'min'], ['alllowercase1', 'uppercase'], ['ALLUPPERCASE1', 'lowercase'], ['NoDigitsHere', 'digit']] as const) {
      const answer = await reset(member.email, code, weak);
      expectInvalid(answer, 'newPassword');
      expect(answer.body.message, weak).to.contain(rule === 'min' ? '8' : rule);
    }
    expectInvalid(await reset(member.email, '12345', 'Strong-pass1'), 'token');
    const done = await reset(member.email, code, 'Strong-pass1');
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect((await t.call('GET', '/auth/me', { token: member.token })).status).to.be.oneOf([401, 403]);
    expectError(await t.call('POST', '/auth/login', { body: { email: member.email, password: 'member-pass' } }), 401, 'ERR_INVALID_CREDENTIALS');
    await login(t, member.email, 'Strong-pass1');
    // Single use.
    expectError(await reset(member.email, code, 'Another-pass2'), 400, 'ERR_INVALID_RESET_CODE');
  });

  it('refuses the right code after five wrong ones, an expired code, and a code of someone else', async () => {
    const member = await createMember(t, tenant, 'user');
    const other = await createMember(t, tenant, 'supervisor');
    await ask(member.email);
    const code = lastCodeFor(smtp, member.email)!;
    await ask(other.email);
    expectError(await reset(other.email, code === lastCodeFor(smtp, other.email) ? '000000' : code, 'Strong-pass1'), 400, 'ERR_INVALID_RESET_CODE');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) expectError(await reset(member.email, wrong, 'Strong-pass1'), 400, 'ERR_INVALID_RESET_CODE');
    expectError(await reset(member.email, code, 'Strong-pass1'), 400, 'ERR_INVALID_RESET_CODE');

    await ask(other.email);
    const fresh = lastCodeFor(smtp, other.email)!;
    await PasswordResetModel.updateOne({ userId: other.user.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await reset(other.email, fresh, 'Strong-pass1'), 400, 'ERR_INVALID_RESET_CODE');
    await login(t, other.email, 'member-pass');
  });

  it('of two concurrent resets with the right code, exactly one changes the password', async () => {
    const member = await createMember(t, tenant, 'user');
    await ask(member.email);
    const code = lastCodeFor(smtp, member.email)!;
    const answers = await Promise.all([reset(member.email, code, 'First-pass1'), reset(member.email, code, 'Second-pass2')]);
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 400]);
  });

  it("document 3's path form still sets the password, with the same rules", async () => {
    const member = await createMember(t, tenant, 'user');
    await ask(member.email);
    const code = lastCodeFor(smtp, member.email)!;
    expectInvalid(await resetByPath(member.email, code, 'weakpass'), 'newPassword');
    expect((await resetByPath(member.email, code, 'Path-pass1')).status).to.equal(200);
    await login(t, member.email, 'Path-pass1');
    expectError(await resetByPath(member.email, code, 'Path-pass2'), 400, 'ERR_INVALID_RESET_CODE');
  });

  it('counts the five tries atomically: of 12 wrong codes sent at once five are tried, and the right one is refused after them', async () => {
    const wrongOnes = (code: string, count: number) => Array.from({ length: count }, (_unused, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    // Each round is a fresh code of another user; one round alone could pass by luck of the scheduling.
    for (let round = 1; round <= 4; round += 1) {
      const member = await createMember(t, tenant, 'user');
      await ask(member.email, `127.0.31.${round}`);
      const code = lastCodeFor(smtp, member.email)!;
      const answers = await Promise.all(wrongOnes(code, 12).map((wrong) => reset(member.email, wrong, 'Guess-pass1')));
      expect(answers.map((answer) => answer.body.error)).to.deep.equal(Array(12).fill('ERR_INVALID_RESET_CODE'));
      expectError(await reset(member.email, code, 'Guess-pass1'), 400, 'ERR_INVALID_RESET_CODE');
      expect(await PasswordResetTryModel.countDocuments({ userId: member.user.id })).to.equal(5);
      await login(t, member.email, 'member-pass');
    }
  });

  it('limits the codes asked per e-mail and per address (429)', async () => {
    const member = await createMember(t, tenant, 'user');
    for (let i = 0; i < 3; i += 1) expect((await ask(member.email, '127.0.30.1')).status).to.equal(200);
    expectError(await ask(member.email, '127.0.30.2'), 429, 'ERR_TOO_MANY_ATTEMPTS');
    for (let i = 0; i < 10; i += 1) await ask(`probe${i}@nowhere.test`, '127.0.30.3');
    expectError(await ask(tenant.adminEmail, '127.0.30.3'), 429, 'ERR_TOO_MANY_ATTEMPTS');
  });

  it('an empty host removes the settings: e-mail falls back to the environment (none here)', async () => {
    const cleared = await t.call('PUT', '/settings/smtp', { token: superUser.token, body: { host: '' } });
    expect(cleared.body).to.include({ source: null, passwordSet: false });
    expect((await t.call('GET', '/forgetpassword')).body).to.deep.equal({ configured: false });
  });
});
