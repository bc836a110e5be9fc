/**
 * Secrets stay out of the server's log (issue 29): a password reset (by the body, and by document
 * 3's path form), a login, bearer and cookie requests, a signed media link: the captured log at
 * level info holds none of the codes, passwords, tokens, cookies or signatures, nor the e-mail
 * of the account the reset path named.
 */
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { lastCodeFor, startSmtpServer, type SmtpStandIn } from '../../../scripts/testing/smtpServer.js';
import { signedMediaUrl } from '../../src/platform/mediaLinks.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, login, loginSuper } from '../support/fixtures.js';

describe('the server log keeps no secret (issue 29)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let smtp: SmtpStandIn;
  let log = '';

  before(async () => {
    smtp = await startSmtpServer();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString('utf8');
        done();
      },
    });
    t = await startTestApp('secretsInLogs', {}, { log: sink });
  });
  after(async () => {
    await t?.stop();
    await smtp?.close();
  });

  it('a password reset, a login and signed links leave no code, password, token, cookie or signature in it', async () => {
    const superUser = await loginSuper(t);
    const tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 5 })).id });
    expect((await t.call('PUT', '/settings/smtp', { token: superUser.token, body: { host: smtp.host, port: smtp.port, user: smtp.user, password: smtp.password, from: 'Atende <reset@atende.test>', secure: false } })).status).to.equal(200);
    const member = await createMember(t, tenant, 'user');
    const secrets: string[] = [smtp.password, superUser.token, superUser.cookie.split('=')[1]!, member.token];

    // The console's way: the code and the password in the body.
    expect((await t.call('POST', `/forgetpassword/${encodeURIComponent(member.email)}`)).status).to.equal(200);
    const code = lastCodeFor(smtp, member.email)!;
    expect((await t.call('POST', '/resetpasswords', { body: { email: member.email, token: code, newPassword: 'Body-secret1' } })).status).to.equal(200);
    // Document 3's way: everything in the path, still answered, never logged.
    expect((await t.call('POST', `/forgetpassword/${encodeURIComponent(member.email)}`, { from: '127.0.32.1' })).status).to.equal(200);
    const second = lastCodeFor(smtp, member.email)!;
    expect(second).to.not.equal(code);
    expect((await t.call('POST', `/resetpasswords/${encodeURIComponent(member.email)}/${second}/Path-secret2`)).status).to.equal(200);
    // A wrong code on the path form is refused and not logged either.
    expect((await t.call('POST', `/resetpasswords/${encodeURIComponent(member.email)}/987123/Wrong-secret3`)).status).to.equal(400);

    const again = await login(t, member.email, 'Path-secret2');
    expect((await t.call('GET', '/auth/me', { token: again.token })).status).to.equal(200);
    expect((await t.call('POST', '/auth/refresh_token', { cookie: again.cookie })).status).to.equal(200);
    const link = signedMediaUrl(tenant.companyId, 'missing.png');
    await fetch(`${t.url}${link}`);
    secrets.push(code, second, '987123', 'Body-secret1', 'Path-secret2', 'Wrong-secret3', again.token, again.cookie.split('=')[1]!, new URL(link, t.url).searchParams.get('signature')!);

    await new Promise((resolve) => setImmediate(resolve));
    // The log is really captured: the reset's lines are there, by their route's names.
    expect(log).to.contain('"path":"/api/resetpasswords/{email}/{token}/{newPassword}"');
    expect(log).to.contain('"path":"/api/forgetpassword/{email}"');
    expect(log).to.contain(`"path":"/public/${tenant.companyId}/missing.png"`);
    const found = secrets.filter((secret) => log.includes(secret) || log.includes(encodeURIComponent(secret)));
    expect(found, 'secrets in the log').to.deep.equal([]);
    expect(log.includes(member.email) || log.includes(encodeURIComponent(member.email)), 'the e-mail the reset path named').to.equal(false);
  });
});
