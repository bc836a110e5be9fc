import { expect } from 'chai';
import { openPage, pairedSandbox, screenshot, signIn, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

describe('web console: connection health and alerts (issue 21)', () => {
  let console: Console;
  let opened: OpenedPage;

  before(async () => {
    // A connection down for half a second raises the alert.
    console = await startConsole({ ATENDE_CONNECTION_ALERT_MS: '500' });
    opened = await openPage(console);
    await signIn(opened.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('shows each connection live: an outage alerted, the messages recovered when it is back, the timeline with its reasons', async () => {
    const { page } = opened;
    const line = await pairedSandbox(console.api, { name: 'Health line' });
    await page.click('[data-menu="connections"]');
    await page.waitForURL('**/connections');
    const row = page.locator('tr[data-health="Health line"]');
    await row.locator('summary', { hasText: 'Connected' }).waitFor();

    await console.api.sandbox.connectivity(line.id, false);
    await row.locator('summary', { hasText: 'Reconnecting (phone offline)' }).waitFor();
    // The alert reaches the admin anywhere in the console.
    await page.click('[data-menu="tickets"]');
    await page.waitForURL('**/tickets');
    for (const body of ['are you open?', 'hello?', 'anyone?']) await console.api.sandbox.send(line.id, { from: '5511966661234', name: 'Rita', body });
    await waitForToast(page, 'Connection Health line is down');
    await page.click('[data-menu="connections"]');
    await page.waitForURL('**/connections');
    await page.locator('[data-alerts] li[data-action="down"]').waitFor();

    await console.api.sandbox.connectivity(line.id, true);
    await row.locator('summary', { hasText: 'Connected (reconnected)' }).waitFor();
    await waitForToast(page, 'Connection Health line is back');
    await row.locator('[data-field="recovered"]', { hasText: '3' }).waitFor();
    expect(await row.locator('[data-field="reconnects24h"]').textContent()).to.equal('1');
    await page.locator('[data-alerts] li[data-action="up"]', { hasText: 'Messages recovered: 3' }).waitFor();

    await row.locator('summary').click();
    const timeline = row.locator('ol li');
    expect(await timeline.nth(0).textContent()).to.contain('Connected: reconnected');
    expect(await timeline.nth(1).textContent()).to.contain('Reconnecting: phone offline');
    await screenshot(page, 'connections-health');
  });
});
