import { expect } from 'chai';
import { openPage, pairedSandbox, signIn, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/**
 * The campaign area: settings saved, a campaign created in the dialog for a tag's contacts and
 * started by its schedule, the report followed live to 100 %, every customer messaged once.
 */
describe('web console: campaigns', function () {
  this.timeout(60_000);
  let console: Console;
  let opened: OpenedPage;

  before(async () => {
    console = await startConsole({ ATENDE_SANDBOX_ACK_MS: '20', ATENDE_JOBS_PROCESS_EVERY: '200' });
    opened = await openPage(console);
    await signIn(opened.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    // The campaign area exists only with the cshow storage flag (document 2 section 2).
    await opened.page.evaluate(() => window.localStorage.setItem('cshow', '1'));
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('saves the settings: the intervals from their option lists and a variable, a used key refused', async () => {
    const { page } = opened;
    await page.goto('/campaigns-config');
    const interval = page.locator('#config-messageInterval');
    await interval.waitFor();
    expect(await interval.locator('option').allTextContents()).to.deep.equal(['No interval', '5 seconds', '10 seconds', '15 seconds', '20 seconds']);
    expect(await interval.inputValue()).to.equal('20');
    await interval.selectOption('0');
    await page.locator('#config-longerIntervalAfter').selectOption('0');
    await page.fill('#variable-key', 'store');
    await page.fill('#variable-value', 'Loja Centro');
    await page.click('text=Add variable');
    await page.locator('tr[data-variable="store"]').waitFor();
    await page.fill('#variable-key', 'store');
    await page.click('text=Add variable');
    await page.locator('text=This shortcut is already in use.').waitFor();
    await page.click('text=Save settings');
    await waitForToast(page, 'Campaign configuration saved.');
    const entries = await console.api.campaigns.settings();
    expect(Object.fromEntries(entries.map((e) => [e.key, JSON.parse(e.value)]))).to.deep.include({ messageInterval: 0, longerIntervalAfter: 0, variables: [{ key: 'store', value: 'Loja Centro' }] });
  });

  it('creates a campaign for a tag, starts it, and the report reaches 100 % live', async () => {
    const { page } = opened;
    const { api } = console;
    const whatsapp = await pairedSandbox(api, { name: 'Campaign phone', greetingMessage: '' });
    const tag = await api.tags.create({ name: 'Newsletter' });
    const customers = ['5511988880001', '5511988880002', '5511988880003'];
    for (const [i, from] of customers.entries()) await api.sandbox.send(whatsapp.id, { from, name: `Cliente ${i + 1} Silva`, body: 'hello' });
    for (const from of customers) {
      let ticket;
      for (let tries = 0; !ticket && tries < 200; tries += 1) {
        ticket = (await api.tickets.list({ searchParam: from, showAll: true })).tickets.find((found) => found.contact?.number === from);
        if (!ticket) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await api.request('PUT', `/ticket-tags/${ticket!.id}/${tag.id}`);
    }

    await page.goto('/campaigns');
    await page.click('text=New campaign');
    const form = page.locator('form[aria-label="Campaign details"]');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]').waitFor();
    await form.locator('input[name="name"]').fill('Black Friday');
    await form.locator('select[name="whatsappId"]').selectOption(whatsapp.id);
    await form.locator('select[name="tagListId"]').selectOption(tag.id);
    expect(await form.locator('select[name="contactListId"]').isDisabled()).to.equal(true);
    await form.locator('textarea[name="message1"]').fill('Oi {{firstName}}, ofertas na {{store}}');
    await form.locator('[role="tab"]', { hasText: 'Message 2' }).click();
    await form.locator('textarea[name="message2"]').fill('Olá {{name}}!');
    // Scheduled for now: it starts at once.
    const now = await page.evaluate(() => {
      const date = new Date(Date.now() - 60_000);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await form.locator('input[name="scheduledAt"]').fill(now);
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Campaign created.');
    const row = page.locator('tr[data-campaign="Black Friday"]');
    await row.waitFor();

    await row.locator('button[aria-label="Report"]').click();
    await page.waitForURL('**/campaign/*/report');
    await page.locator('[data-progress="100"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-status="FINALIZADA"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-counter="delivered"] dd').textContent()).to.equal('3');
    expect(await page.locator('[data-counter="valid"] dd').textContent()).to.equal('3');

    const { messages } = await api.sandbox.outbox(whatsapp.id, { limit: 100 });
    for (const [i, number] of customers.entries()) {
      const received = messages.filter((message) => message.to === number).map((message) => message.body);
      expect(received).to.have.length(1);
      expect(['Oi Cliente, ofertas na Loja Centro', `Olá Cliente ${i + 1} Silva!`]).to.include(received[0]);
    }

    // A finished campaign opens read-only.
    await page.goto('/campaigns');
    await page.locator('tr[data-campaign="Black Friday"] button[aria-label="Edit"]').click();
    await page.locator('text=This campaign cannot be edited now').waitFor();
    expect(await page.locator('form[aria-label="Campaign details"] input[name="name"]').isDisabled()).to.equal(true);
    expect(await page.locator('form[aria-label="Campaign details"] button[type="submit"]').count()).to.equal(0);
  });
});
