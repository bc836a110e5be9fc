import { expect } from 'chai';
import { lastCodeFor, startSmtpServer, type SmtpStandIn } from '../../scripts/testing/smtpServer.js';
import { apiClient, openPage, signIn, startConsole, waitForToast, type Console } from './support.js';

describe('web console: password reset by e-mail (/forgetpsw)', function () {
  this.timeout(60_000);
  let console: Console;
  let smtp: SmtpStandIn;

  before(async () => {
    [console, smtp] = await Promise.all([startConsole(), startSmtpServer()]);
  });
  after(async () => {
    await console?.stop();
    await smtp?.close();
  });

  it('says so when this server cannot e-mail, instead of asking for anything', async () => {
    const { context, page, errors } = await openPage(console);
    await page.goto('/login?companyId=0123456789abcdef01234567');
    await page.click('text=Forgot your password?');
    await page.waitForURL('**/forgetpsw?companyId=0123456789abcdef01234567');
    await page.locator('[data-reset-unavailable]', { hasText: 'not configured' }).waitFor();
    expect(await page.locator('input[name="email"]').count()).to.equal(0);
    expect(await page.getAttribute('a[href^="/signup"]', 'href')).to.equal('/signup?companyId=0123456789abcdef01234567');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('e-mails a code, checks the new password by the rules, changes it and goes to the sign-in', async () => {
    await console.api.settings.setSmtp({ host: smtp.host, port: smtp.port, user: smtp.user, password: smtp.password, from: 'Atende <reset@atende.test>', secure: false });
    const email = `reset-${Date.now().toString(36)}@reset.test`;
    const [plan] = await console.api.plans.list();
    await console.api.companies.create({ name: `Reset ${Date.now().toString(36)}`, email, planId: plan!.id, password: 'old-pass' });

    const { context, page, errors } = await openPage(console);
    const sent: { url: string; body: string }[] = [];
    page.on('request', (request) => sent.push({ url: request.url(), body: request.postData() ?? '' }));
    await page.goto('/forgetpsw');
    const form = page.locator('form[aria-label="Reset your password"]');
    await form.locator('input[name="email"]').fill('nobody@reset.test');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'No account uses this e-mail.');

    await form.locator('input[name="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'We e-mailed you a code');
    await page.locator('form[data-step="reset"]').waitFor();
    const code = lastCodeFor(smtp, email);
    expect(code).to.match(/^\d{6}$/);

    await form.locator('input[name="token"]').fill(code!);
    await form.locator('input[name="newPassword"]').fill('weakpass');
    await form.locator('input[name="confirmPassword"]').fill('Other-pass1');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="newPassword"]', { hasText: 'at least 8 characters' }).waitFor();
    await form.locator('[data-error-for="confirmPassword"]', { hasText: 'do not match' }).waitFor();
    // The toggle shows what was typed.
    await form.locator('input[name="newPassword"] + button[data-reveal-password]').click();
    expect(await form.locator('input[name="newPassword"]').getAttribute('type')).to.equal('text');

    await form.locator('input[name="newPassword"]').fill('New-pass1');
    await form.locator('input[name="confirmPassword"]').fill('New-pass1');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Password changed!');
    await page.waitForURL('**/login');
    // The code and the password went in the body, never in an address (logs and histories keep those).
    expect(sent.filter((request) => request.url.includes(code!) || request.url.includes('New-pass1'))).to.deep.equal([]);
    expect(sent.some((request) => request.url.endsWith('/api/resetpasswords') && request.body.includes(code!) && request.body.includes('New-pass1'))).to.equal(true);
    const api = apiClient(console.server);
    await api.auth.login({ email, password: 'New-pass1' });
    await signIn(page, email, 'New-pass1');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
