import { expect } from 'chai';
import { createCompany, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/** A datetime-local value in local time (the browser runs on this machine, in its time zone). */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

describe('web console: scheduled messages', () => {
  let console: Console;
  let company: Company;
  let admin: OpenedPage;

  before(async function () {
    // A server, its engine and a browser starting on a shared machine.
    this.timeout(90_000);
    console = await startConsole({ ATENDE_SANDBOX_ACK_MS: '20' });
    company = await createCompany(console, 'agenda');
    admin = await openPage(console);
    await signIn(admin.page, company.adminAccount.email, company.adminAccount.password);
  });

  after(async () => {
    await admin?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(admin.errors).to.deep.equal([]));

  it('creates a schedule from the calendar, shows it in every view, and shows it sent', async () => {
    const { page } = admin;
    const paula = await company.admin.contacts.create({ name: 'Paula Prado', number: '5511977776666' });
    await page.goto('/schedules');
    const today = localInput(new Date()).slice(0, 10);

    // Today's cell of the month: its day button opens the add dialog, one hour ahead by default.
    await page.locator(`td[data-day="${today}"] button.day`).click();
    const form = page.locator('form[aria-label="Schedule details"]');
    await page.locator('[role="dialog"]', { hasText: 'New Message' }).waitFor();
    const defaultSendAt = await form.locator('input[name="sendAt"]').inputValue();
    expect(defaultSendAt.slice(0, 13)).to.equal(localInput(new Date(Date.now() + 60 * 60 * 1000)).slice(0, 13));

    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="body"]', { hasText: 'Required' }).waitFor();
    await form.locator('[data-error-for="contactId"]', { hasText: 'Required' }).waitFor();
    await form.locator('textarea[name="body"]').fill('Hi');
    await form.locator('[data-error-for="body"]', { hasText: 'Message too short' }).waitFor();

    await form.locator('input[type="search"]').fill('Paula');
    await form.locator(`[data-contact-option="${paula.id}"]`).click();
    await form.locator(`[data-picked-contact="${paula.id}"]`).waitFor();
    await form.locator('textarea[name="body"]').fill('Hello ');
    await form.locator('[role="group"][aria-label="Variables"] button', { hasText: 'First name' }).click();
    expect(await form.locator('textarea[name="body"]').inputValue()).to.equal('Hello {{firstName}}');
    // Due now (this very minute): the sender takes it at once.
    await form.locator('input[name="sendAt"]').fill(localInput(new Date()));
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Schedule saved.');

    // Month: in today's cell, and live to sent.
    const inMonth = page.locator(`td[data-day="${today}"] [data-schedule]`, { hasText: 'Paula Prado' });
    await inMonth.waitFor();
    await page.locator(`td[data-day="${today}"] [data-schedule][data-status="ENVIADA"]`, { hasText: 'Paula Prado' }).waitFor({ timeout: 15_000 });

    for (const view of ['week', 'day', 'agenda']) {
      await page.click(`[data-view="${view}"]`);
      await page.locator('[data-schedule][data-status="ENVIADA"]', { hasText: 'Paula Prado' }).first().waitFor();
    }
    await page.click('[data-view="list"]');
    const row = page.locator('tr[data-schedule-row][data-status="ENVIADA"]', { hasText: 'Paula Prado' });
    await row.waitFor();
    expect(await row.textContent()).to.include('Hello {{firstName}}');

    // Sent: read-only, titled by its status, with the time it went out.
    await row.locator('button[aria-label="Edit"]').click();
    const dialog = page.locator('[role="dialog"]', { hasText: 'Message Sent' });
    await dialog.waitFor();
    await dialog.locator('[data-sent-at]').waitFor();
    expect(await dialog.locator('button[type="submit"]').count()).to.equal(0);
    await dialog.locator('button', { hasText: 'Close' }).last().click();

    // The customer received it with the variable rendered.
    const outbox = await company.admin.sandbox.outbox(company.whatsapp.id, { to: paula.number });
    expect(outbox.messages.map((message) => message.body)).to.deep.equal(['Hello Paula']);
  });

  it("the contacts page's 'Schedule a message' opens the add dialog for that contact (/schedules?contactId=)", async () => {
    const { page } = admin;
    const rui = await company.admin.contacts.create({ name: 'Rui Reis', number: '5511966665555' });
    await page.goto('/contacts');
    await page.locator('tr', { hasText: 'Rui Reis' }).locator('button[aria-label="Schedule a message"]').click();
    await page.waitForURL('**/schedules');
    const form = page.locator('form[aria-label="Schedule details"]');
    await form.locator(`[data-picked-contact="${rui.id}"]`, { hasText: 'Rui Reis' }).waitFor();
    await form.locator('textarea[name="body"]').fill('See you tomorrow');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Schedule saved.');
    const { schedules } = await company.admin.schedules.page({ contactId: rui.id });
    expect(schedules.map((schedule) => [schedule.body, schedule.status])).to.deep.equal([['See you tomorrow', 'PENDENTE']]);
  });
});
