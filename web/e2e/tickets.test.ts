import { expect } from 'chai';
import type { Queue, User, Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import type { Page } from 'playwright-core';
import { apiClient, openPage, pairedSandbox, screenshot, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

const YEAR_MS = 365 * 24 * 3_600_000;
const AGENT = { email: 'ana@loja.test', password: 'agent-secret' };
const TEN_THOUSAND = 10_000;

/** A picture drawn by the browser, to attach. */
async function drawPng(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 100;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1e6fd9';
    context.fillRect(0, 0, 160, 100);
    context.fillStyle = '#ffd54f';
    context.fillRect(40, 25, 80, 50);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(url.split(',')[1]!, 'base64');
}

interface Company {
  admin: ApiClient;
  sales: Queue;
  support: Queue;
  agent: User;
  colleague: User;
  whatsapp: Whatsapp;
}

/** A company with its admin, two queues, an agent of Sales, a colleague of Support and a paired sandbox phone serving Sales. */
async function createCompany(console: Console): Promise<Company> {
  const [plan] = await console.api.plans.all();
  const adminAccount = { email: 'dona@loja.test', password: 'admin-secret' };
  await console.api.companies.create({ name: 'Loja da Dona', ...adminAccount, planId: plan!.id, dueDate: new Date(Date.now() + YEAR_MS).toISOString() });
  const admin = apiClient(console.server);
  await admin.auth.login(adminAccount);
  const sales = await admin.queues.create({ name: 'Sales', color: '#1d4ed8', greetingMessage: 'Sales here.' });
  const support = await admin.queues.create({ name: 'Support', color: '#b91c1c', greetingMessage: 'Support here.' });
  const agent = await admin.users.create({ name: 'Ana Agent', ...AGENT, profile: 'user', queueIds: [sales.id] });
  const colleague = await admin.users.create({ name: 'Bruno Colleague', email: 'bruno@loja.test', password: 'agent-secret', profile: 'user', queueIds: [support.id] });
  const whatsapp = await pairedSandbox(admin, { name: 'Sandbox', isDefault: true, queueIds: [sales.id], greetingMessage: 'Hello from Loja da Dona!' });
  await admin.quickMessages.create({ shortcode: 'thanks', message: 'Thank you for choosing Loja da Dona, we are here to help!', geral: true });
  return { admin, sales, support, agent, colleague, whatsapp };
}

async function ticketOf(company: Company, number: string) {
  const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
  expect(tickets).to.have.length(1);
  return tickets[0]!;
}

async function openTab(page: Page, tab: string) {
  await page.click(`[role="tab"][data-tab="${tab}"]`);
}

describe('web console: tickets', () => {
  let console: Console;
  let company: Company;
  let opened: OpenedPage;

  before(async () => {
    console = await startConsole();
    company = await createCompany(console);
    opened = await openPage(console);
    await signIn(opened.page, AGENT.email, AGENT.password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('receives a customer live, accepts, answers with "/", attaches an image, transfers', async () => {
    const { page } = opened;
    await page.locator('[data-layout="wide"] [data-welcome]').waitFor();
    // The welcome shows the logo (loaded, not a broken image).
    await page.waitForFunction(() => {
      const logo = document.querySelector<HTMLImageElement>('[data-welcome] img[data-welcome-logo]');
      return logo !== null && logo.complete && logo.naturalWidth > 0;
    });
    await openTab(page, 'pending');
    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511988887777', name: 'Carla Customer', body: 'Hi, I need help' });
    const row = page.locator('[data-ticket-list="pending"] [data-status="pending"]', { hasText: 'Carla Customer' });
    await row.waitFor();

    // A pending ticket opens only by accepting it; a click reads it, read only.
    await row.click();
    await page.locator('[role="dialog"] [data-peek]').waitFor();
    expect(await page.locator('[data-conversation]').count()).to.equal(0);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await row.locator('button', { hasText: 'Accept' }).click();
    const ticket = await ticketOf(company, '5511988887777');
    await page.waitForURL(`**/tickets/${ticket.uuid}`);
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="open"]`).waitFor();
    await page.locator('[data-message][data-from-me="false"]', { hasText: 'Hi, I need help' }).waitFor();
    await openTab(page, 'assigned');
    await page.locator('[data-ticket-list="open"] [data-status="open"]', { hasText: 'Carla Customer' }).waitFor();

    const composer = page.locator('textarea[name="body"]');
    await composer.fill('/th');
    const suggestion = page.locator('[role="listbox"] [role="option"]');
    expect(await suggestion.textContent()).to.equal('thanks - Thank you for choosing Loj...');
    await suggestion.click();
    expect(await composer.inputValue()).to.equal('Thank you for choosing Loja da Dona, we are here to help!');
    await composer.press('Enter');
    await page.locator('[data-message][data-from-me="true"]', { hasText: 'Thank you for choosing' }).waitFor();
    // Cleared once the send is answered (its push may be shown a moment before).
    await page.waitForFunction(() => (document.querySelector('textarea[name="body"]') as HTMLTextAreaElement | null)?.value === '');
    // The sandbox acks the send: the tick turns into delivered or read.
    await page.locator('[data-message][data-from-me="true"] [data-ack]:not([data-ack="0"])').first().waitFor();

    await page.setInputFiles('input[name="medias"]', { name: 'photo.png', mimeType: 'image/png', buffer: await drawPng(page) });
    await page.locator('[data-file="photo.png"]').waitFor();
    await page.click('form button[type="submit"]');
    await page.locator('[data-message][data-media-type="image"] img[data-media="image"]').waitFor();
    // Acked: the phone has sent it.
    await page.locator('[data-message][data-media-type="image"] [data-ack]:not([data-ack="0"])').waitFor();
    const outbox = await company.admin.sandbox.outbox(company.whatsapp.id, { to: '5511988887777' });
    const sent = outbox.messages.map((message) => message.body);
    // Signed with the agent's name (signOption is on unless turned off).
    expect(sent).to.include('*Ana Agent*:\nThank you for choosing Loja da Dona, we are here to help!');
    expect(outbox.messages.map((message) => message.media?.kind)).to.include('image');

    await screenshot(page, 'tickets-light');

    await page.click('button[aria-label="Options"]');
    await page.click('text=Transfer');
    const dialog = page.locator('[role="dialog"]', { hasText: 'Transfer ticket' });
    await dialog.locator('input[name="transferUser"]').fill('Bru');
    await dialog.locator('[data-results="transferUser"] button', { hasText: 'Bruno Colleague' }).click();
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Support' });
    await dialog.locator('[data-submit="transfer"]').click();
    await page.waitForURL('**/tickets');
    const transferred = await ticketOf(company, '5511988887777');
    expect(transferred).to.include({ userId: company.colleague.id, queueId: company.support.id, status: 'open' });
    await page.locator('[data-ticket-list="open"] [data-ticket]', { hasText: 'Carla Customer' }).waitFor({ state: 'detached' });

    // Now of a queue that is not Ana's: opening it is refused.
    await page.goto(`/tickets/${ticket.uuid}`);
    await waitForToast(page, 'Access not allowed');
    await page.waitForURL('**/tickets');
  });

  it('shows an admin the customers who have not reached a queue yet, beside the picked queues, live and after a reload', async () => {
    const admin = await openPage(console);
    try {
      const { page } = admin;
      await signIn(page, 'dona@loja.test', 'admin-secret');
      const noQueues = await pairedSandbox(company.admin, { name: 'No queues yet' });
      await openTab(page, 'pending');
      await company.admin.sandbox.send(noQueues.id, { from: '5511966661234', name: 'Quentin Queueless', body: 'Anyone there?' });
      const row = page.locator('[data-ticket-list="pending"] [data-status="pending"]', { hasText: 'Quentin Queueless' });
      await row.waitFor();
      // Not only the live push: the server's list holds it too (show-all stays off).
      await page.reload();
      await openTab(page, 'pending');
      await row.waitFor();
      expect(admin.errors).to.deep.equal([]);
    } finally {
      await admin.context.close();
    }
  });

  it('resolves a ticket, reopens it from the closed tab, deletes an own message, searches', async () => {
    const { page } = opened;
    await openTab(page, 'pending');
    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511977776666', name: 'Davi Customer', body: 'Where is my order?' });
    const row = page.locator('[data-ticket-list="pending"] [data-ticket]', { hasText: 'Davi Customer' });
    await row.locator('button', { hasText: 'Accept' }).click();
    const ticket = await ticketOf(company, '5511977776666');
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="open"]`).waitFor();
    // No wait for the queue's greeting: its push may arrive after the resolve, and must not bring
    // the ticket back.
    await page.locator('[data-ticket-header] button', { hasText: 'Resolve' }).click();
    await page.locator('[data-conversation]').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).to.equal('/tickets');
    expect((await ticketOf(company, '5511977776666')).status).to.equal('closed');

    await openTab(page, 'closed');
    await page.locator('[data-ticket-list="closed"] [data-ticket]', { hasText: 'Davi Customer' }).click();
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="closed"]`).waitFor();
    expect(await page.locator('textarea[name="body"]').isDisabled()).to.equal(true);
    await page.locator('[data-ticket-header] button', { hasText: 'Reopen' }).click();
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="open"]`).waitFor();
    expect(await page.locator('textarea[name="body"]').isDisabled()).to.equal(false);

    // Only one's own messages can be deleted; they stay as a deleted mark.
    expect(await page.locator('[data-message][data-from-me="false"] button[aria-label="Delete message"]').count()).to.equal(0);
    await page.locator('textarea[name="body"]').fill('Wrong answer');
    await page.locator('textarea[name="body"]').press('Enter');
    const wrong = page.locator('[data-message][data-from-me="true"]', { hasText: 'Wrong answer' });
    await wrong.hover();
    await wrong.locator('button[aria-label="Delete message"]').click();
    await page.locator('[role="dialog"] button', { hasText: 'Confirm' }).click();
    await page.locator('[data-message][data-from-me="true"]', { hasText: 'This message was deleted' }).waitFor();

    // The search tab finds tickets by text after the debounce.
    await openTab(page, 'search');
    await page.fill('input[type="search"]', 'Davi');
    await page.locator('[data-ticket-list="search"] [data-ticket]', { hasText: 'Davi Customer' }).waitFor();
    await openTab(page, 'assigned');
  });

  it('keeps notes in the contact drawer', async () => {
    const { page } = opened;
    await page.click('[data-ticket-header] [data-contact-toggle]');
    const drawer = page.locator('[data-contact-drawer]');
    await drawer.waitFor();
    expect(await drawer.evaluate((element) => element.getBoundingClientRect().width)).to.equal(320);
    await drawer.locator('textarea[name="note"]').fill('Wants express delivery');
    await drawer.locator('button', { hasText: 'Add' }).click();
    await waitForToast(page, 'Note added.');
    await drawer.locator('[data-note]', { hasText: 'Wants express delivery' }).waitFor();

    // Its extra information, kept live; the contact modal edits it from here.
    const davi = await ticketOf(company, '5511977776666');
    await company.admin.contacts.update(davi.contactId, { extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] });
    await drawer.locator('[data-extra-info="CPF"]', { hasText: '123.456.789-00' }).waitFor();
    await drawer.locator('button', { hasText: 'Edit contact' }).click();
    const form = page.locator('form[aria-label="Contact details"]');
    await form.locator('input[name="email"]').fill('davi@example.com');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Contact saved.');
    await drawer.locator('dd', { hasText: 'davi@example.com' }).waitFor();
  });

  it("sends a quick answer's attachment with its text; quick answers made meanwhile are offered", async () => {
    const { page } = opened;
    const created = await company.admin.quickMessages.create({ shortcode: 'catalog', message: 'Here is our catalog.', geral: true });
    await company.admin.quickMessages.uploadMedia(created.id, new Blob([new Uint8Array(await drawPng(page))], { type: 'image/png' }), 'catalog.png');
    const composer = page.locator('textarea[name="body"]');
    await composer.fill('/cata');
    await page.locator('[role="listbox"] [role="option"]', { hasText: 'catalog - Here is our catalog.' }).click();
    await page.locator('[data-file="catalog.png"]').waitFor();
    expect(await composer.inputValue()).to.equal('Here is our catalog.');
    await page.click('form button[type="submit"]');
    await page.locator('[data-file="catalog.png"]').waitFor({ state: 'detached' });
    const received = async () => (await company.admin.sandbox.outbox(company.whatsapp.id, { to: '5511977776666' })).messages.filter((message) => message.media?.kind === 'image');
    for (let tries = 0; (await received()).length === 0; tries += 1) {
      if (tries > 100) throw new Error('the customer never received the catalog');
      await page.waitForTimeout(50);
    }
  });

  it('starts a ticket for a contact, opening the one already open with me, naming another\'s or a waiting one', async () => {
    const { page } = opened;
    const davi = await ticketOf(company, '5511977776666');
    await page.goto('/tickets');
    await page.click('button:has-text("New ticket")');
    const dialog = page.locator('[role="dialog"]', { hasText: 'Create ticket' });
    const save = dialog.locator('[data-submit="newTicket"]');
    await dialog.locator('input[name="contact"]').fill('Da');
    // The search starts at 3 characters.
    await page.waitForTimeout(700);
    expect(await dialog.locator('[data-results="contact"] button').count()).to.equal(0);
    await dialog.locator('input[name="contact"]').fill('Davi');
    await dialog.locator('[data-results="contact"] button', { hasText: 'Davi Customer' }).click();
    // A queue is required for an agent; the connection too.
    expect(await save.isDisabled()).to.equal(true);
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Sales' });
    await dialog.locator('select[name="whatsappId"]').selectOption({ label: 'Sandbox' });
    await save.click();
    await page.waitForURL(`**/tickets/${davi.uuid}`);
    await page.locator(`[data-conversation="${davi.uuid}"]`).waitFor();

    // Carla's ticket is open with Bruno in Support: a dialog names them, nothing opens.
    await page.click('button:has-text("New ticket")');
    await dialog.locator('input[name="contact"]').fill('Carla');
    await dialog.locator('[data-results="contact"] button', { hasText: 'Carla Customer' }).click();
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Sales' });
    await dialog.locator('select[name="whatsappId"]').selectOption({ label: 'Sandbox' });
    await save.click();
    const other = page.locator('[data-other-open-ticket]');
    await other.waitFor();
    expect(await other.textContent()).to.equal('This contact already has an open ticket with Bruno Colleague in queue Support.');
    await page.locator('[role="dialog"]', { hasText: 'Ticket in attendance' }).locator('button', { hasText: 'Close' }).last().click();
    await other.waitFor({ state: 'detached' });
    expect(page.url()).to.contain(`/tickets/${davi.uuid}`);

    // Elis's ticket waits for an agent: the error is shown too, and nothing opens (as the seed does).
    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511955554444', name: 'Elis Customer', body: 'Anyone there?' });
    for (let tries = 0; (await company.admin.tickets.list({ searchParam: '5511955554444', showAll: true })).tickets.length === 0; tries += 1) {
      if (tries > 100) throw new Error('Elis\'s ticket never arrived');
      await page.waitForTimeout(50);
    }
    await dialog.locator('input[name="contact"]').fill('Elis');
    await dialog.locator('[data-results="contact"] button', { hasText: 'Elis Customer' }).click();
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Sales' });
    await dialog.locator('select[name="whatsappId"]').selectOption({ label: 'Sandbox' });
    await save.click();
    await other.waitFor();
    expect(await other.textContent()).to.match(/^This contact already has a ticket waiting for an agent in queue /);
    await page.locator('[role="dialog"]', { hasText: 'Ticket in attendance' }).locator('button', { hasText: 'Close' }).last().click();
    await other.waitFor({ state: 'detached' });
    expect(page.url()).to.contain(`/tickets/${davi.uuid}`);
    await dialog.locator('button', { hasText: 'Cancel' }).click();
  });

  it('moves a ticket whose customer writes again to the top of its list', async () => {
    const { page } = opened;
    await page.goto('/tickets');
    await openTab(page, 'pending');
    const names = () => page.locator('[data-ticket-list="pending"] [data-ticket]').allTextContents();
    const first = async (name: string) => {
      for (let tries = 0; !(await names())[0]?.includes(name); tries += 1) {
        if (tries > 100) throw new Error(`${name} never reached the top: ${(await names()).join(' | ')}`);
        await page.waitForTimeout(50);
      }
    };
    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511966661111', name: 'Dora Customer', body: 'First question' });
    await first('Dora Customer');
    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511966662222', name: 'Eva Customer', body: 'Second question' });
    await first('Eva Customer');
    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511966661111', name: 'Dora Customer', body: 'Anyone there?' });
    await first('Dora Customer');
    expect((await names())[1]).to.include('Eva Customer');
  });

  it('renders a list of 10k loaded tickets virtualized', async () => {
    const { page } = opened;
    const [sample] = (await company.admin.tickets.list({ status: 'open', showAll: true })).tickets;
    const tickets = Array.from({ length: TEN_THOUSAND }, (_, index) => ({
      ...sample!,
      id: `bulk-${index}`,
      uuid: `bulk-${index}`,
      status: 'closed',
      contact: { ...sample!.contact!, name: `Bulk Customer ${index}` },
    }));
    // The measurement is of the browser's rendering: the closed list answers 10k tickets at once.
    await page.route('**/api/tickets?*status=closed*', (route) => route.fulfill({ json: { tickets, hasMore: false } }));
    try {
      await openTab(page, 'assigned');
      const elapsed = await page.evaluate(async (count) => {
        const started = performance.now();
        document.querySelector<HTMLElement>('[role="tab"][data-tab="closed"]')!.click();
        for (;;) {
          if (document.querySelector(`[data-ticket-list="closed"][data-count="${count}"] [data-ticket="bulk-0"]`)) return performance.now() - started;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      }, TEN_THOUSAND);
      process.stdout.write(`      10k tickets: list rendered in ${Math.round(elapsed)} ms\n`);
      expect(elapsed).to.be.below(5_000);
      // Virtualized: a screenful of rows in the document, not 10k.
      expect(await page.locator('[data-ticket-list="closed"] [data-ticket]').count()).to.be.below(60);
      await page.locator('[data-ticket-list="closed"]').evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.locator(`[data-ticket="bulk-${TEN_THOUSAND - 1}"]`).waitFor();
    } finally {
      await page.unroute('**/api/tickets?*status=closed*');
    }
  });

  it('shows the dark theme and the narrow tabbed layout', async () => {
    const dark = await openPage(console, { colorScheme: 'dark' });
    try {
      await signIn(dark.page, AGENT.email, AGENT.password);
      await dark.page.locator('[data-ticket-list="open"] [data-ticket]', { hasText: 'Davi Customer' }).click();
      await dark.page.locator('[data-conversation] [data-message]').first().waitFor();
      await screenshot(dark.page, 'tickets-dark');
      expect(dark.errors).to.deep.equal([]);
    } finally {
      await dark.context.close();
    }

    const narrow = await openPage(console, { width: 420, height: 800 });
    try {
      const { page } = narrow;
      await signIn(page, AGENT.email, AGENT.password);
      await page.locator('[data-layout="narrow"]').waitFor();
      expect(await page.locator('[data-pane="conversation"]').isDisabled()).to.equal(true);
      await page.locator('[data-ticket-list="open"] [data-ticket]', { hasText: 'Davi Customer' }).click();
      await page.locator('[data-layout="narrow"] [data-conversation]').waitFor();
      expect(await page.locator('[data-ticket-list]').count()).to.equal(0);
      await page.click('button[aria-label="Back"]');
      await page.locator('[data-ticket-list="open"]').waitFor();
      await page.click('[data-pane="conversation"]');
      await page.locator('[data-layout="narrow"] [data-conversation]').waitFor();
      await screenshot(page, 'tickets-narrow');
      expect(narrow.errors).to.deep.equal([]);
    } finally {
      await narrow.context.close();
    }
  });
});
