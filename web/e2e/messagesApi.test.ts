import { expect } from 'chai';
import type { Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { PNG } from './fixtures.js';
import { apiClient, openPage, pairedSandbox, signIn, startConsole, waitForToast, type Console } from './support.js';

describe('web console: the messages API page (/messages-api)', function () {
  this.timeout(60_000);
  let console: Console;

  /** A company whose plan has (or lacks) the external API, its admin and a paired sandbox connection. */
  async function company(slug: string, useExternalApi: boolean): Promise<{ email: string; admin: ApiClient; whatsapp: Whatsapp }> {
    const plan = await console.api.plans.create({ name: `API ${slug}`, users: 3, connections: 2, queues: 2, value: 0, useExternalApi });
    const email = `admin@${slug}.api.test`;
    await console.api.companies.create({ name: `API ${slug}`, email, planId: plan.id, password: 'admin-secret' });
    const admin = apiClient(console.server);
    await admin.auth.login({ email, password: 'admin-secret' });
    return { email, admin, whatsapp: await pairedSandbox(admin, { name: 'Line', isDefault: true }) };
  }

  before(async () => {
    console = await startConsole();
  });
  after(() => console?.stop());

  it('documents the endpoint at this address, tests a text and a file against the real API and shows the answers', async () => {
    const { email, admin, whatsapp } = await company('yes', true);
    const { context, page, errors } = await openPage(console);
    await signIn(page, email, 'admin-secret');
    await page.click('nav >> text=Messages API');
    await page.waitForURL('**/messages-api');
    expect(await page.textContent('[data-endpoint]')).to.contain(`${console.server.url}/api/messages/send`);

    const text = page.locator('form[data-test-form="text"]');
    await text.locator('input[name="number"]').fill('+55 (11) 98888-7777');
    await text.locator('textarea[name="body"]').fill('Hello from the API page');
    await text.locator('button[type="submit"]').click();
    await text.locator('[data-error-for="number"]', { hasText: 'without a mask' }).waitFor();
    await text.locator('input[name="number"]').fill('5511988887777');
    expect(await text.locator('[data-curl]').textContent()).to.contain('"number":"5511988887777"');
    await text.locator('button[type="submit"]').click();
    await text.locator('[data-answer="200"]', { hasText: 'ticketId' }).waitFor();
    const outbox = await admin.sandbox.outbox(whatsapp.id, { to: '5511988887777' });
    expect(outbox.messages.map((message) => message.body)).to.include('Hello from the API page');

    const media = page.locator('form[data-test-form="media"]');
    await media.locator('input[name="number"]').fill('5511988887777');
    await media.locator('button[type="submit"]').click();
    await media.locator('[role="alert"]', { hasText: 'Choose a file' }).waitFor();
    await media.locator('input[type="file"]').setInputFiles({ name: 'price.png', mimeType: 'image/png', buffer: PNG });
    expect(await media.locator('[data-curl]').textContent()).to.contain('medias=@price.png');
    await media.locator('button[type="submit"]').click();
    await media.locator('[data-answer="200"]', { hasText: 'image' }).waitFor();

    // A wrong token: the API's own refusal is shown.
    await admin.whatsapp.update(whatsapp.id, { token: 'a-new-token-that-the-page-does-not-know-yet-0123' });
    await text.locator('button[type="submit"]').click();
    await text.locator('[data-answer="401"]').waitFor();
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('keeps what was typed when the connections arrive after it', async () => {
    const { email } = await company('late', true);
    const { context, page, errors } = await openPage(console);
    await signIn(page, email, 'admin-secret');
    // The connections' answer is held until the user has typed.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/whatsapp(\?|$)/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.click('nav >> text=Messages API');
    const text = page.locator('form[data-test-form="text"]');
    await text.locator('input[name="number"]').fill('5511977776666');
    await text.locator('textarea[name="body"]').fill('Typed before the list came');
    release();
    await text.locator('select[name="token"]').waitFor();
    expect(await text.locator('input[name="number"]').inputValue()).to.equal('5511977776666');
    expect(await text.locator('textarea[name="body"]').inputValue()).to.equal('Typed before the list came');
    expect(await text.locator('[data-curl]').textContent()).to.contain('"number":"5511977776666"');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('without the plan flag: says so and returns to / after a second', async () => {
    const { email } = await company('no', false);
    const { context, page } = await openPage(console);
    await signIn(page, email, 'admin-secret');
    expect(await page.locator('nav >> text=Messages API').count()).to.equal(0);
    await page.goto('/messages-api');
    await waitForToast(page, 'Your plan does not include the messages API.');
    expect(new URL(page.url()).pathname).to.equal('/messages-api');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
