import { expect } from 'chai';
import { MESSAGES_PAGE_SIZE, type Queue, type Ticket, type User, type Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import type { Page } from 'playwright-core';
import { AUDIO_MIN_BYTES } from '../src/app/constants.js';
import { apiClient, launchChromium, openPage, pairedSandbox, screenshot, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

const YEAR_MS = 365 * 24 * 3_600_000;
const ADMIN = { email: 'dona@loja.test', password: 'admin-secret' };
const AGENT = { email: 'ana@loja.test', password: 'agent-secret' };
const COLLEAGUE = { email: 'bia@loja.test', password: 'agent-secret' };
/** Chromium's fake microphone (a beeping tone) and an always-granted capture prompt. */
const FAKE_MICROPHONE = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

interface Company {
  admin: ApiClient;
  agentApi: ApiClient;
  sales: Queue;
  agent: User;
  whatsapp: Whatsapp;
}

/** A company with its admin, two agents of Sales and a paired sandbox phone serving Sales. */
async function createCompany(console: Console): Promise<Company> {
  const [plan] = await console.api.plans.all();
  await console.api.companies.create({ name: 'Loja da Dona', ...ADMIN, planId: plan!.id, dueDate: new Date(Date.now() + YEAR_MS).toISOString() });
  const admin = apiClient(console.server);
  await admin.auth.login(ADMIN);
  const sales = await admin.queues.create({ name: 'Sales', color: '#1d4ed8', greetingMessage: 'Sales here.' });
  const agent = await admin.users.create({ name: 'Ana Agent', ...AGENT, profile: 'user', queueIds: [sales.id] });
  await admin.users.create({ name: 'Bia Colleague', ...COLLEAGUE, profile: 'user', queueIds: [sales.id] });
  const agentApi = apiClient(console.server);
  await agentApi.auth.login(AGENT);
  const whatsapp = await pairedSandbox(admin, { name: 'Sandbox', isDefault: true, queueIds: [sales.id], greetingMessage: 'Hello from Loja da Dona!' });
  return { admin, agentApi, sales, agent, whatsapp };
}

async function ticketOf(company: Company, number: string): Promise<Ticket> {
  for (let tries = 0; ; tries += 1) {
    const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
    if (tickets.length === 1) return tickets[0]!;
    if (tries > 100) throw new Error(`no single ticket for ${number}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls until `check` answers something truthy (the outbound queue delivers asynchronously). */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Audio messages the server stored for the ticket. */
async function storedAudios(company: Company, ticket: Ticket) {
  const { messages } = await company.admin.messages.list(ticket.id, 1);
  return messages.filter((message) => message.mediaType === 'audio');
}

/** Audio files the customer's phone received. */
async function receivedAudios(company: Company, number: string) {
  const { messages } = await company.admin.sandbox.outbox(company.whatsapp.id, { to: number });
  return messages.filter((message) => message.media?.kind === 'audio');
}

/** An ID3 tag, or an MPEG audio frame sync with a layer. */
function startsAsMp3(bytes: Uint8Array): boolean {
  const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
  return id3 || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0);
}

/** Microphone tracks the page opened and has not stopped (getUserMedia is watched, not replaced). */
async function liveTracks(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length);
}

async function watchMicrophone(opened: OpenedPage): Promise<void> {
  await opened.context.addInitScript(() => {
    const opened: MediaStream[] = [];
    (window as unknown as { openedStreams: MediaStream[] }).openedStreams = opened;
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      opened.push(stream);
      return stream;
    };
  });
}

describe('web console: audio recording and ticket peek', () => {
  let console: Console;
  let company: Company;
  let agentPage: OpenedPage;
  let ticket: Ticket;
  const customer = '5511955554444';

  before(async () => {
    console = await startConsole({}, { chromiumArgs: FAKE_MICROPHONE });
    company = await createCompany(console);
    await company.admin.sandbox.send(company.whatsapp.id, { from: customer, name: 'Eva Customer', body: 'Can you hear me?' });
    const pending = await ticketOf(company, customer);
    ticket = await company.agentApi.tickets.update(pending.id, { status: 'open', userId: company.agent.id });
    agentPage = await openPage(console, { permissions: ['microphone'] });
    await watchMicrophone(agentPage);
    await signIn(agentPage.page, AGENT.email, AGENT.password);
  });

  after(async () => {
    await agentPage?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(agentPage.errors).to.deep.equal([]));

  const mic = (page: Page) => page.locator('form button[aria-label="Record audio"]');

  it('records about 2 s on an open ticket and sends it as an MP3 the customer receives', async () => {
    const { page } = agentPage;
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="open"]`).waitFor();

    // The mic button takes the send button's place while the text is empty.
    expect(await page.locator('form button[type="submit"]').count()).to.equal(0);
    await page.fill('textarea[name="body"]', 'Just a second');
    await page.locator('form button[type="submit"]').waitFor();
    expect(await mic(page).count()).to.equal(0);
    await page.fill('textarea[name="body"]', '');
    expect(await mic(page).isEnabled()).to.equal(true);

    await mic(page).click();
    const bar = page.locator('[data-recorder="recording"]');
    await bar.waitFor();
    expect(await page.locator('textarea[name="body"]').count()).to.equal(0);
    await bar.locator('[data-elapsed]', { hasText: '0:02' }).waitFor();
    await screenshot(page, 'tickets-recording');
    await bar.locator('button[aria-label="Send audio"]').click();

    const player = page.locator('[data-message][data-from-me="true"][data-media-type="audio"] audio[data-media="audio"]');
    await player.waitFor();
    const src = (await player.getAttribute('src'))!;
    // A signed link (issue 22): the file's name, then its expiry and signature.
    expect(new URL(src, console.server.url).pathname).to.match(/\.mp3$/);
    const response = await fetch(new URL(src, console.server.url));
    expect(response.headers.get('content-type')).to.match(/^audio\/mpeg/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).to.be.at.least(AUDIO_MIN_BYTES);
    expect(startsAsMp3(bytes)).to.equal(true);

    const [stored] = await storedAudios(company, ticket);
    expect(stored!.body).to.match(/^audio-\d+\.mp3$/);
    const [received] = await eventually(async () => {
      const audios = await receivedAudios(company, customer);
      return audios.length > 0 && audios;
    }, 'the customer to receive the audio');
    expect(received!.media).to.include({ mimeType: 'audio/mpeg', kind: 'audio' });
    expect(received!.media!.fileName).to.match(/^audio-\d+\.mp3$/);

    // Back to idle, the microphone released.
    await mic(page).waitFor();
    expect(await liveTracks(page)).to.equal(0);
  });

  it('discards a recording stopped at once, with a toast, and sends nothing', async () => {
    const { page } = agentPage;
    await mic(page).click();
    // Pressed from inside the page the moment it shows: a click from here could come late on a busy machine.
    await page.evaluate(async () => {
      for (;;) {
        const send = document.querySelector<HTMLButtonElement>('[data-recorder="recording"] button[aria-label="Send audio"]');
        if (send) return send.click();
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await waitForToast(page, 'Audio too short: it was not sent.');
    await mic(page).waitFor();
    expect(await liveTracks(page)).to.equal(0);
    expect(await storedAudios(company, ticket)).to.have.length(1);
    expect(await receivedAudios(company, customer)).to.have.length(1);
  });

  it('sends nothing when a recording is cancelled', async () => {
    const { page } = agentPage;
    await mic(page).click();
    const bar = page.locator('[data-recorder="recording"]');
    await bar.locator('[data-elapsed]', { hasText: '0:01' }).waitFor();
    await bar.locator('button[aria-label="Cancel recording"]').click();
    await mic(page).waitFor();
    expect(await liveTracks(page)).to.equal(0);
    // Long enough for a send to have been stored, had there been one.
    await page.waitForTimeout(1_000);
    expect(await storedAudios(company, ticket)).to.have.length(1);
    expect(await receivedAudios(company, customer)).to.have.length(1);
  });

  it('says so when the microphone is refused', async () => {
    // The fake prompt grants every request: this browser has the fake microphone but a real prompt,
    // which the profile's setting answers "denied" (a user refusing), as another agent of Sales.
    const browser = await launchChromium(['--use-fake-device-for-media-stream']);
    try {
      const refused = await openPage({ ...console, browser });
      const { page, context } = refused;
      await watchMicrophone(refused);
      await signIn(page, COLLEAGUE.email, COLLEAGUE.password);
      const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
      const cdp = await browser.newBrowserCDPSession();
      await cdp.send('Browser.setPermission', { permission: { name: 'microphone' }, setting: 'denied', origin: console.server.url, browserContextId: targetInfo.browserContextId });
      await page.goto(`/tickets/${ticket.uuid}`);
      await mic(page).click();
      await waitForToast(page, 'Microphone access was denied.');
      await mic(page).waitFor();
      expect(await liveTracks(page)).to.equal(0);
      expect(await storedAudios(company, ticket)).to.have.length(1);
      expect(refused.errors).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });

  it('disables the mic on a pending or a closed ticket', async () => {
    const { page } = agentPage;
    await company.agentApi.tickets.update(ticket.id, { status: 'pending', userId: null });
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="pending"]`).waitFor();
    expect(await mic(page).isDisabled()).to.equal(true);
    await company.admin.tickets.update(ticket.id, { status: 'closed', userId: company.agent.id, queueId: company.sales.id, useIntegration: false, promptId: false, integrationId: false });
    await page.locator(`[data-conversation="${ticket.uuid}"][data-status="closed"]`).waitFor();
    expect(await mic(page).isDisabled()).to.equal(true);
  });

  describe('ticket peek', () => {
    const waiting = '5511944443333';
    let adminPage: OpenedPage;
    let pending: Ticket;
    /** One page more than the first: the peek scrolls up for the rest. */
    const questions = MESSAGES_PAGE_SIZE + 5;
    /** The questions and the connection's greeting, as the server stored them. */
    let stored: number;

    before(async () => {
      for (let index = 1; index <= questions; index += 1) {
        await company.admin.sandbox.send(company.whatsapp.id, { from: waiting, name: 'Fabio Waiting', body: `Question ${index}` });
      }
      pending = await eventually(async () => {
        const found = await ticketOf(company, waiting);
        return found.unreadMessages === questions && found;
      }, 'every message of the waiting customer');
      stored = (await company.admin.messages.list(pending.id, 1)).count;
      adminPage = await openPage(console);
      await signIn(adminPage.page, ADMIN.email, ADMIN.password);
    });

    after(async () => {
      await adminPage?.context.close();
    });

    afterEach(() => expect(adminPage.errors).to.deep.equal([]));

    it('lets an admin read a pending ticket without accepting it, Escape and the close button closing it', async () => {
      const { page } = adminPage;
      expect(pending.status).to.equal('pending');
      await page.click('[role="tab"][data-tab="pending"]');
      const row = page.locator('[data-ticket-list="pending"] [data-ticket]', { hasText: 'Fabio Waiting' });
      await row.locator('button[aria-label="Peek at ticket"]').click();
      const dialog = page.locator('[role="dialog"]', { hasText: "Fabio Waiting's ticket" });
      const peek = dialog.locator(`[data-peek="${pending.uuid}"]`);
      await peek.locator('[data-message]', { hasText: `Question ${questions}` }).waitFor();
      // Clicking the eye did not open the ticket.
      expect(new URL(page.url()).pathname).to.equal('/tickets');
      expect(await page.locator('[data-conversation]').count()).to.equal(0);
      // Read-only: nothing to type in; Accept is the one action at hand (issue 30).
      expect(await dialog.locator('textarea, input, form').count()).to.equal(0);
      expect(await dialog.locator('button', { hasText: /Accept|Resolve|Return/ }).allInnerTexts()).to.deep.equal(['Accept']);
      expect(await peek.locator('[data-message]').count()).to.equal(MESSAGES_PAGE_SIZE);

      // Older messages load when scrolled to the top.
      await peek.locator('[data-messages]').evaluate((element) => element.scrollTo(0, 0));
      await peek.locator('[data-message] > span', { hasText: /^Question 1$/ }).waitFor();
      expect(await peek.locator('[data-message]').count()).to.equal(stored);
      await screenshot(page, 'tickets-peek');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await row.locator('button[aria-label="Peek at ticket"]').click();
      await dialog.locator('[data-message]').first().waitFor();
      await dialog.locator('header button[aria-label="Close"]').click();
      await dialog.waitFor({ state: 'detached' });

      // The ticket is as it was: pending, nobody's, every message still unread.
      const after = await company.admin.tickets.get(pending.id);
      expect(after).to.include({ status: 'pending', userId: null, unreadMessages: questions });
      await row.locator('button', { hasText: 'Accept' }).waitFor();
    });

    it('shows no peek button to a plain user', async () => {
      const { page } = agentPage;
      await page.goto('/tickets');
      await page.click('[role="tab"][data-tab="pending"]');
      await page.locator('[data-ticket-list="pending"] [data-ticket]', { hasText: 'Fabio Waiting' }).waitFor();
      expect(await page.locator('[data-ticket-list] button[aria-label="Peek at ticket"]').count()).to.equal(0);
      expect(await adminPage.page.locator('[data-ticket-list="pending"] button[aria-label="Peek at ticket"]').count()).to.be.at.least(1);
    });
  });
});
