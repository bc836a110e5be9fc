import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import type { ApiClient } from '@atende/shared/client';
import { apiClient, openPage, signIn, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

const SECRET = 'e2e-webhook-secret-0123456789';
const DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

interface Tenant {
  email: string;
  name: string;
  api: ApiClient;
}

describe('web console: invoices, Pix checkout, subscription', function () {
  // Each test walks a whole payment (several pages, a 4-second return): more than the default.
  this.timeout(90_000);
  let console: Console;
  let admin: OpenedPage;
  let planId: string;

  /** A company on the 49-real plan (a 3-day trial), its admin signed in through the API. */
  async function tenant(slug: string): Promise<Tenant> {
    const email = `${slug}-${Date.now().toString(36)}@finance.test`;
    const name = `Finance ${slug} ${Date.now().toString(36)}`;
    await console.api.companies.create({ name, email, planId, password: 'tenant-pass' });
    const api = apiClient(console.server);
    await api.auth.login({ email, password: 'tenant-pass' });
    return { email, name, api };
  }

  before(async () => {
    console = await startConsole();
    await console.api.invoices.savePixSettings({ key: 'financeiro@atende.test', merchantName: 'Atende Ltda', city: 'Recife', webhookSecret: SECRET });
    planId = (await console.api.plans.create({ name: `Pix plan ${Date.now().toString(36)}`, users: 3, connections: 2, queues: 4, value: 49 })).id;
  });

  /** The payment provider's signed notice. */
  function notify(txid: string, valor: string): Promise<Response> {
    const body = JSON.stringify({ txid, valor });
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    return fetch(`${console.server.url}/api/subscription/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pix-signature': signature }, body });
  }

  after(async () => {
    await admin?.context.close();
    await console?.stop();
  });

  it('goes from the invoices through the checkout to the Pix screen; the webhook pays, the page shows the renewal and returns to /', async () => {
    const company = await tenant('pix');
    admin = await openPage(console, { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = admin;
    await signIn(page, company.email, 'tenant-pass');
    await page.goto('/financeiro');
    const row = page.locator('tr[data-invoice]').first();
    await row.waitFor();
    const [invoice] = (await company.api.invoices.page()).records;
    expect(await row.getAttribute('data-status')).to.equal('open');
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).to.match(/^Pix plan /);
    expect(cells.slice(1, 4)).to.deep.equal(['R$ 49,00', DAY.format(new Date(invoice!.dueDate)), 'Open']);
    expect(cells[2]).to.match(/^\d\d\/\d\d\/\d{4}$/);

    await row.locator('button', { hasText: 'Pay' }).click();
    const dialog = page.locator('[role="dialog"]');
    // The plan step: no Back, no Pay; choosing the plan moves on.
    await dialog.locator('[data-checkout-value]', { hasText: 'R$ 49,00' }).waitFor();
    expect(await dialog.locator('button', { hasText: 'Back' }).count()).to.equal(0);
    expect(await dialog.locator('button[type="submit"]').count()).to.equal(0);
    await dialog.locator('button', { hasText: 'Select' }).click();

    const form = dialog.locator('form[aria-label="Details"]');
    await form.locator('button[type="submit"]', { hasText: 'Next' }).click();
    for (const field of ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode']) await form.locator(`[data-error-for="${field}"]`).waitFor();
    await form.locator('input[name="firstName"]').fill('Ana');
    await form.locator('input[name="lastName"]').fill('Souza');
    await form.locator('input[name="address2"]').fill('Rua das Flores, 10');
    await form.locator('input[name="city"]').fill('Recife');
    await form.locator('input[name="state"]').fill('PE');
    await form.locator('input[name="zipcode"]').fill('50000-000');
    await form.locator('select[name="country"]').selectOption('usa');
    expect(await form.locator('select[name="country"]').inputValue()).to.equal('usa');
    await form.locator('button[type="submit"]', { hasText: 'Next' }).click();
    await dialog.locator('form[aria-label="Customize"]').waitFor();
    await dialog.locator('button', { hasText: 'Back' }).click();
    expect(await form.locator('input[name="firstName"]').inputValue()).to.equal('Ana');
    expect(await form.locator('select[name="country"]').inputValue()).to.equal('usa');
    await form.locator('button[type="submit"]', { hasText: 'Next' }).click();
    await dialog.locator('form[aria-label="Customize"] button[type="submit"]', { hasText: 'Next' }).click();
    const review = dialog.locator('form[aria-label="Review"]');
    const summary = (await review.locator('[data-review]').textContent()) ?? '';
    for (const part of ['Ana Souza', 'Rua das Flores, 10, Recife - PE, 50000-000, United States', 'R$ 49,00']) expect(summary, summary).to.contain(part);
    await review.locator('button[type="submit"]', { hasText: 'Pay' }).click();

    // The Pix screen: the same BR Code as QR and as text, copied by the button.
    await waitForToast(page, 'Payment created successfully.');
    const qr = dialog.locator('svg[data-qrcode]');
    await qr.waitFor();
    const code = await dialog.locator('textarea#pix-code').inputValue();
    expect(await qr.getAttribute('data-qrcode')).to.equal(code);
    expect(code).to.match(/^000201/).and.contain('0014br.gov.bcb.pix0122financeiro@atende.test').and.contain('540549.00').and.contain(`0524${invoice!.txid}`);
    expect(await dialog.locator('[data-pix-value]').textContent()).to.equal('R$ 49,00');
    await dialog.locator('button', { hasText: 'Copy code' }).click();
    await waitForToast(page, 'Code copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(code);

    // The payment provider confirms: a signed webhook.
    const notified = await notify(invoice!.txid, '49.00');
    expect(notified.status).to.equal(200);
    const { dueDate } = (await notified.json()) as { dueDate: string };
    const renewedAt = Date.now();
    await dialog.locator('[data-renewed]', { hasText: `Subscription renewed until ${DAY.format(new Date(dueDate))}!` }).waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8_000 });
    expect(Date.now() - renewedAt).to.be.within(3_500, 8_000);
    await page.goto('/financeiro');
    await page.locator(`tr[data-invoice="${invoice!.id}"][data-status="paid"]`, { hasText: 'Paid' }).waitFor();
    expect(admin.errors).to.deep.equal([]);
  });

  it('shows the subscription: trial days left, plan, due date and the warning; a super user marks the invoice paid from the table', async () => {
    const company = await tenant('trial');
    const [invoice] = (await company.api.invoices.page()).records;
    const own = await openPage(console);
    await signIn(own.page, company.email, 'tenant-pass');
    await own.page.goto('/subscription');
    await own.page.locator('[data-trial]', { hasText: 'Trial: 3 days left.' }).waitFor();
    expect(await own.page.locator('[data-subscription-due]').textContent()).to.equal(DAY.format(new Date(invoice!.dueDate)));
    await own.page.locator('[role="alert"]', { hasText: 'Your subscription ends in 3 days.' }).waitFor();
    await own.page.locator('button', { hasText: 'Subscribe now' }).click();
    await own.page.locator('[role="dialog"] [data-checkout-value]', { hasText: 'R$ 49,00' }).waitFor();
    await own.page.locator('[role="dialog"] button[aria-label="Close"]').click();

    // A notice of one cent pays nothing; the operator sees it refused on the row, the company does not.
    expect((await notify(invoice!.txid, '0.01')).status).to.equal(409);
    const operator = await openPage(console);
    await signIn(operator.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    await operator.page.goto('/financeiro');
    await operator.page.locator('input[type="search"]').fill(company.name);
    const row = operator.page.locator(`tr[data-invoice="${invoice!.id}"]`);
    await row.locator('td', { hasText: company.name }).waitFor();
    await row.locator('[data-payment-mismatch]', { hasText: `Refused payment notice: 0.01 BRL on ${DAY.format(new Date())}` }).waitFor();
    expect(await row.getAttribute('data-status')).to.equal('open');
    await own.page.goto('/financeiro');
    await own.page.locator(`tr[data-invoice="${invoice!.id}"]`).waitFor();
    expect(await own.page.locator('[data-payment-mismatch]').count()).to.equal(0);
    // Not the super user's own company: no checkout, only the confirmation.
    expect(await row.locator('button', { hasText: /^Pay$/ }).count()).to.equal(0);
    await row.locator('button', { hasText: 'Mark paid' }).click();
    await operator.page.locator('[role="dialog"] button', { hasText: 'Mark paid' }).click();
    await waitForToast(operator.page, 'Invoice paid; the company is now due on');
    await operator.page.locator(`tr[data-invoice="${invoice!.id}"][data-status="paid"]`).waitFor();
    expect(await row.locator('button', { hasText: 'Mark paid' }).count()).to.equal(0);

    // The company's own page heard the payment: the trial is over, the due date moved.
    const company2 = await company.api.companies.get((await company.api.auth.me()).companyId);
    expect(company2.trialExpiration).to.equal(null);
    await own.page.goto('/financeiro');
    await own.page.locator(`tr[data-invoice="${invoice!.id}"][data-status="paid"]`).waitFor();
    expect(own.errors).to.deep.equal([]);
    expect(operator.errors).to.deep.equal([]);
    await Promise.all([own.context.close(), operator.context.close()]);
  });
});
