import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { acceptedBy, createCompany, customerWrites, type Company } from './fixtures.js';
import { openPage, startConsole, type Console, type OpenedPage } from './support.js';

/** What has the focus, described by its data attributes, role or tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return { tag: active?.tagName.toLowerCase() ?? '', name: active?.getAttribute('name') ?? '', inDialog: Boolean(active?.closest('[role="dialog"][aria-modal="true"]')), ticket: active?.closest<HTMLElement>('[data-ticket]')?.dataset.ticket ?? '' };
  });

/** Tabs forward until `selector` has the focus (a person would, too); fails after `limit` stops. */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let stops = 0; stops < limit; stops += 1) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('web console: keyboard only', () => {
  let console: Console;
  let company: Company;
  let opened: OpenedPage;
  const uuids: string[] = [];

  before(async function () {
    this.timeout(60_000);
    console = await startConsole();
    company = await createCompany(console, 'keyboard');
    for (const [number, name] of [['5511944440001', 'Alice'], ['5511944440002', 'Bento']] as const) {
      uuids.push((await acceptedBy(company, await customerWrites(company, number, name, `Oi, aqui é ${name}`))).uuid);
    }
    opened = await openPage(console);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('signs in: missing fields and a wrong password are said at the form, the password can be shown', async () => {
    const { page } = opened;
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    expect((await focused(page)).name).to.equal('email');
    await page.keyboard.press('Enter');
    await page.locator('[data-error-for="email"]', { hasText: 'Required' }).waitFor();
    await page.locator('[data-error-for="password"]', { hasText: 'Required' }).waitFor();

    await page.keyboard.type(company.agentAccount.email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).to.equal('password');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.locator('input[name="password"]').getAttribute('type')).to.equal('text');
    // Back to the field: Enter there sends the form.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const alert = page.locator('form [role="alert"][data-login-error]');
    await alert.waitFor();
    expect(await alert.textContent()).to.not.equal('');
    expect(await page.locator('[data-toast]').count()).to.equal(0);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(company.agentAccount.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tickets');
  });

  it('works the inbox: skip link, Alt+L to the list, Enter opens, Alt+C writes, Alt+J goes on, "?" lists the keys', async () => {
    const { page } = opened;
    await page.locator('[data-ticket-list="open"] [data-ticket]').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-skip-link'))).to.equal(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('content');

    await page.keyboard.press('Alt+KeyL');
    const first = (await focused(page)).ticket;
    expect(uuids).to.include(first);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tickets/${first}`);
    await page.locator(`[data-conversation="${first}"] textarea[name="body"]:enabled`).waitFor();
    await page.keyboard.press('Alt+KeyC');
    expect((await focused(page)).name).to.equal('body');
    await page.keyboard.type('Respondendo só pelo teclado');
    await page.keyboard.press('Enter');
    await page.locator('[data-message][data-from-me="true"] [data-body]', { hasText: 'Respondendo só pelo teclado' }).waitFor();

    await page.keyboard.press('Alt+KeyJ');
    const second = uuids.find((uuid) => uuid !== first)!;
    await page.waitForURL(`**/tickets/${second}`);
    await page.locator(`[data-conversation="${second}"]`).waitFor();

    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+Slash');
    const help = page.locator('[role="dialog"]', { hasText: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.locator('[data-shortcuts] kbd').allTextContents()).to.deep.equal(['Alt + L', 'Alt + C', 'Alt + J', 'Alt + K', '?']);
    // And the keys of a focused message (issue 23).
    expect(await help.locator('[data-message-keys] kbd').allTextContents()).to.deep.equal(['↑ ↓', 'R', 'A', 'E', 'S', 'Delete']);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('keeps the focus inside a dialog and gives it back when the dialog closes', async () => {
    const { page } = opened;
    await page.goto('/tickets');
    await page.locator('[data-ticket-list="open"] [data-ticket]').first().waitFor();
    await tabTo(page, '[data-new-ticket]');
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role="dialog"][aria-modal="true"]');
    await dialog.waitFor();
    for (let stops = 0; stops < 12; stops += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog, `Tab ${stops + 1}`).to.equal(true);
    }
    for (let stops = 0; stops < 12; stops += 1) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inDialog, `Shift+Tab ${stops + 1}`).to.equal(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-new-ticket'))).to.equal(true);
  });
});
