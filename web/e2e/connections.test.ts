import { expect } from 'chai';
import { openPage, signIn, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

describe('web console: connections and users', () => {
  let console: Console;
  let opened: OpenedPage;

  before(async () => {
    // A QR lives 4 renewals: 5 s each leaves time to look at it before pairing.
    console = await startConsole({ ATENDE_SANDBOX_QR_MS: '5000' });
    opened = await openPage(console);
    await signIn(opened.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('adds a sandbox connection, shows its QR, closes it when the phone is paired, notifies its messages', async () => {
    const { page } = opened;
    await page.click('[data-menu="connections"]');
    await page.waitForURL('**/connections');
    await page.click('text=Add WhatsApp');
    const form = page.locator('form[aria-label="Connection details"]');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]', { hasText: 'Required' }).waitFor();
    await form.locator('input[name="name"]').fill('Sandbox phone');
    await form.locator('select[name="provider"]').selectOption('sandbox');
    await form.locator('input[name="greetingMessage"], textarea[name="greetingMessage"]').fill('Hello! How can we help?');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Connection saved.');

    const row = page.locator('tr[data-connection="Sandbox phone"]');
    await page.locator('tr[data-connection="Sandbox phone"][data-status="qrcode"]').waitFor();
    // The menu's alert shows 2 seconds after a connection needs attention.
    await page.locator('[data-badge="connections"]').waitFor({ timeout: 6_000 });

    await row.locator('button', { hasText: 'QR code' }).click();
    const dialog = page.locator('[role="dialog"]', { hasText: 'Scan the QR code' });
    const qr = dialog.locator('svg[data-qrcode]');
    await qr.waitFor();
    const token = await qr.getAttribute('data-qrcode');
    expect(token).to.be.a('string').and.not.equal('');
    // The code's countdown: within its 5 s, going down.
    const seconds = async () => Number(await dialog.locator('[data-qr-seconds]').getAttribute('data-qr-seconds'));
    const first = await seconds();
    expect(first).to.be.within(1, 5);
    expect(await dialog.locator('[role="timer"]').textContent()).to.match(/^Code \d+: valid for \d s more$/);
    await page.waitForFunction((start) => Number(document.querySelector('[data-qr-seconds]')?.getAttribute('data-qr-seconds')) < start, first);

    const [whatsapp] = await console.api.whatsapp.list();
    expect(whatsapp!.greetingMessage).to.equal('Hello! How can we help?');
    await console.api.sandbox.pair(whatsapp!.id, { token: token! });
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tr[data-connection="Sandbox phone"][data-status="CONNECTED"]').waitFor();
    expect(await row.textContent()).to.contain('Online');
    await page.locator('[data-badge="connections"]').waitFor({ state: 'detached', timeout: 6_000 });

    // A customer writes: the super admin (allTicket enabled) is notified of the new pending ticket.
    await console.api.sandbox.send(whatsapp!.id, { from: '5511988887777', name: 'Carla Cliente', body: 'Oi, preciso de ajuda' });
    await page.locator('button[data-count="1"][aria-label^="Notifications"]').waitFor();
    await page.click('button[aria-label^="Notifications"]');
    await page.locator('[role="dialog"][aria-label^="Notifications"]', { hasText: 'Carla Cliente' }).waitFor();
    await page.keyboard.press('Escape');

    await row.locator('button', { hasText: 'Disconnect' }).click();
    await page.locator('tr[data-connection="Sandbox phone"][data-status="DISCONNECTED"]').waitFor();
    await row.locator('button', { hasText: 'New QR code' }).waitFor();
    await row.locator('button', { hasText: 'Try again' }).waitFor();
  });

  it('edits a connection with every field kept', async () => {
    const { page } = opened;
    const row = page.locator('tr[data-connection="Sandbox phone"]');
    await row.locator('button[aria-label="Edit"]').click();
    const form = page.locator('form[aria-label="Connection details"]');
    await form.locator('textarea[name="greetingMessage"]').waitFor();
    expect(await form.locator('textarea[name="greetingMessage"]').inputValue()).to.equal('Hello! How can we help?');
    expect(await form.locator('input[name="schedules.5.endTime"]').inputValue()).to.equal('12:00');
    await form.locator('input[name="name"]').fill('Sales phone');
    await form.locator('input[name="maxUseBotQueues"]').fill('5');
    // Hours are typed as ##:## (no AM/PM picker in any locale): the colon comes by itself.
    await form.locator('input[name="schedules.0.startTime"]').fill('');
    await form.locator('input[name="schedules.0.startTime"]').pressSequentially('0930');
    expect(await form.locator('input[name="schedules.0.startTime"]').inputValue()).to.equal('09:30');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Connection saved.');
    await page.locator('tr[data-connection="Sales phone"]').waitFor();
    const [saved] = await console.api.whatsapp.list();
    expect(saved).to.include({ name: 'Sales phone', maxUseBotQueues: 5, greetingMessage: 'Hello! How can we help?' });
    expect(saved!.schedules.find((day) => day.weekdayEn === 'monday')?.startTime).to.equal('09:30');
  });

  it('manages users: validation, add, live updates from elsewhere, delete', async () => {
    const { page } = opened;
    await page.click('[data-menu="users"]');
    await page.waitForURL('**/users');
    await page.locator('tr[data-user="super@atende.test"]').waitFor();

    await page.click('text=Add user');
    const form = page.locator('form[aria-label="User details"]');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]', { hasText: 'Required' }).waitFor();
    await form.locator('input[name="name"]').fill('A');
    await form.locator('input[name="email"]').fill('not-an-email');
    await form.locator('input[name="password"]').fill('abc');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]', { hasText: 'Too Short!' }).waitFor();
    await form.locator('[data-error-for="email"]', { hasText: 'Invalid email' }).waitFor();
    await form.locator('[data-error-for="password"]', { hasText: 'Too Short!' }).waitFor();
    await form.locator('button', { hasText: 'Cancel' }).click();

    // The queues for the user's queue picker cannot be had: the form says so (searchQueueError).
    await page.route(/\/api\/queue(\?.*)?$/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"ERR_INTERNAL_SERVER_ERROR"}' }));
    await page.click('text=Add user');
    await waitForToast(page, 'Could not load the queues');
    await page.unroute(/\/api\/queue(\?.*)?$/);
    await form.locator('input[name="name"]').fill('Maria Souza');
    await form.locator('input[name="email"]').fill('maria@atende.test');
    await form.locator('input[name="password"]').fill('secret-123');
    await form.locator('select[name="profile"]').selectOption('supervisor');
    await form.locator('select[name="whatsappId"]').selectOption({ label: 'Sales phone' });
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'User saved.');
    await page.locator('tr[data-user="maria@atende.test"]', { hasText: 'Supervisor' }).waitFor();

    // Created elsewhere: the list learns it from the user channel.
    await console.api.users.create({ name: 'Live Lucas', email: 'lucas@atende.test', password: 'secret-123', profile: 'user' });
    await page.locator('tr[data-user="lucas@atende.test"]').waitFor();

    await page.fill('input[type="search"]', 'lucas');
    await page.locator('tr[data-user="maria@atende.test"]').waitFor({ state: 'detached' });
    await page.locator('tr[data-user="lucas@atende.test"]').waitFor();
    await page.fill('input[type="search"]', '');
    await page.locator('tr[data-user="maria@atende.test"]').waitFor();

    await page.locator('tr[data-user="maria@atende.test"] button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"] button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'User deleted.');
    await page.locator('tr[data-user="maria@atende.test"]').waitFor({ state: 'detached' });
    const remaining = await console.api.users.page({ searchParam: 'maria' });
    expect(remaining.users).to.deep.equal([]);
  });

  it('loads the next page of users when scrolled near the bottom', async () => {
    const { page } = opened;
    const [plan] = await console.api.plans.all();
    await console.api.plans.update(plan!.id, { users: 40 });
    const existing = (await console.api.users.page()).count;
    for (let index = existing; index < 25; index += 1) {
      await console.api.users.create({ name: `Zz Agent ${String(index).padStart(2, '0')}`, email: `agent${index}@atende.test`, password: 'secret-123', profile: 'user' });
    }
    await page.reload();
    await page.locator('tr[data-user]').nth(19).waitFor();
    expect(await page.locator('tr[data-user]').count()).to.equal(20);
    await page.locator('tr[data-user]').nth(19).scrollIntoViewIfNeeded();
    await page.locator('tr[data-user]').nth(24).waitFor();
    expect(await page.locator('tr[data-user]').count()).to.equal(25);
  });

  it('shows every error code as its translated text', async () => {
    const { page } = opened;
    // Deleting oneself answers ERR_CANNOT_DELETE_SELF.
    await page.locator('tr[data-user="super@atende.test"] button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"] button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'You cannot delete your own user.');
  });
});
