/**
 * What agents do to a message in the web console (issue 23), in Chromium against the real server
 * and the sandbox phone: reply (bubble action and key; a click on a quote brings the original
 * into view, older pages loaded), react (bar, live chips both ways), edit (the earlier text
 * readable), pick and forward, and the signature toggle.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { SandboxOutboxMessage, Ticket } from '@atende/shared';
import { acceptedBy, createCompany, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | null | undefined | false>, label: string, ms = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`${label}: not reached in ${ms} ms`);
    await pause(100);
  }
}

describe('web console: reply, react, edit, forward and the signature (issue 23)', function () {
  this.timeout(120_000);
  let console: Console;
  let company: Company;
  let opened: OpenedPage;
  let page: Page;

  before(async () => {
    console = await startConsole({ ATENDE_SANDBOX_ACK_MS: '20' });
    company = await createCompany(console, 'actions');
    opened = await openPage(console);
    page = opened.page;
    await signIn(page, company.agentAccount.email, company.agentAccount.password);
  });
  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });
  afterEach(() => expect(opened.errors).to.deep.equal([]));

  const outbox = async (to: string): Promise<SandboxOutboxMessage[]> => (await company.admin.sandbox.outbox(company.whatsapp.id, { to })).messages;
  const bubble = (text: string) => page.locator('[data-message]', { hasText: text }).last();
  /** The customer writes; answers the message's id on WhatsApp and the ticket. */
  const customer = async (from: string, body: string): Promise<string> => (await company.admin.sandbox.send(company.whatsapp.id, { from, name: 'Carla', body })).providerMessageId;

  /** The customer's first message opens a ticket; the agent accepts it and opens the conversation. */
  async function conversation(from: string, first: string): Promise<{ ticket: Ticket; firstId: string }> {
    const firstId = await customer(from, first);
    const pending = await until(async () => (await company.admin.tickets.list({ searchParam: from, showAll: true })).tickets.find((found) => found.contact?.number === from), 'the ticket');
    const ticket = await acceptedBy(company, pending);
    await page.goto(`/tickets/${ticket.uuid}`);
    await bubble(first).waitFor();
    return { ticket, firstId };
  }

  async function send(text: string): Promise<void> {
    const composer = page.locator('textarea[name="body"]');
    await composer.fill(text);
    await composer.press('Enter');
    await page.locator('[data-message][data-from-me="true"]', { hasText: text }).locator('[data-ack]:not([data-ack="0"])').waitFor();
  }

  it('signs by default with the name (shown once in the bubble); the toggle turns it off and stays off', async () => {
    const number = '5511970001001';
    await conversation(number, 'Oi, tudo bem?');
    expect(await page.locator('[data-sign]').getAttribute('aria-pressed')).to.equal('true');
    await send('Tudo ótimo!');
    // The name shows once, above the text (the customer sees it in bold before the text).
    expect(await bubble('Tudo ótimo!').locator('[data-author]').textContent()).to.equal('Ana Agente');
    expect(await bubble('Tudo ótimo!').locator('[data-body]').textContent()).to.equal('Tudo ótimo!');
    expect(await bubble('Tudo ótimo!').locator('[data-signed]').count()).to.equal(1);
    expect((await until(async () => (await outbox(number)).find((m) => m.body.endsWith('Tudo ótimo!')), 'signed on the phone')).body).to.equal('*Ana Agente*:\nTudo ótimo!');
    await page.locator('[data-sign]').click();
    await send('Sem assinatura');
    expect(await bubble('Sem assinatura').locator('[data-signed]').count()).to.equal(0);
    await page.reload();
    expect(await page.locator('[data-sign]').getAttribute('aria-pressed')).to.equal('false');
    expect((await outbox(number)).map((m) => m.body)).to.include('Sem assinatura');
  });

  it("replies from the bubble's action and from the R key; Escape cancels; the customer's copy quotes the message", async () => {
    const number = '5511970001002';
    const { firstId } = await conversation(number, 'Qual o prazo?');
    await bubble('Qual o prazo?').hover();
    await bubble('Qual o prazo?').locator('[data-action="reply"]').click();
    await page.locator('[data-reply-to]', { hasText: 'Qual o prazo?' }).waitFor();
    await page.locator('textarea[name="body"]').press('Escape');
    await page.locator('[data-reply-to]').waitFor({ state: 'detached' });
    await bubble('Qual o prazo?').focus();
    await page.keyboard.press('r');
    await page.locator('[data-reply-to]', { hasText: 'Qual o prazo?' }).waitFor();
    await send('Três dias úteis');
    await page.locator('[data-reply-to]').waitFor({ state: 'detached' });
    await bubble('Três dias úteis').locator('[data-quoted]', { hasText: 'Qual o prazo?' }).waitFor();
    const reply = await until(async () => (await outbox(number)).find((m) => m.body === 'Três dias úteis'), 'reply on the phone');
    expect(reply.quotedProviderMessageId).to.equal(firstId);
  });

  it('a click on a quote brings the original into view, loading older pages, and highlights it', async () => {
    const number = '5511970001003';
    const { ticket } = await conversation(number, 'Pedido 4821: chegou quebrado');
    for (let i = 1; i <= 24; i += 1) await customer(number, `detalhe ${i}`);
    const original = (await company.agent.messages.list(ticket.id, 2)).messages.find((m) => m.body === 'Pedido 4821: chegou quebrado') ?? (await company.agent.messages.list(ticket.id, 1)).messages.find((m) => m.body === 'Pedido 4821: chegou quebrado');
    await company.agent.messages.send(ticket.id, { body: 'Vamos trocar o produto', quotedMsg: { id: original!.id } });
    await page.reload();
    await bubble('Vamos trocar o produto').waitFor();
    expect(await page.locator(`[data-message="${original!.id}"]`).count(), 'the original is on an older page').to.equal(0);
    await bubble('Vamos trocar o produto').locator('[data-quoted]').click();
    const target = page.locator(`[data-message="${original!.id}"][data-highlighted="true"]`);
    await target.waitFor();
    expect(await target.isVisible()).to.equal(true);
    const inView = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const frame = element.closest('[data-messages]')!.getBoundingClientRect();
      return box.top >= frame.top && box.bottom <= frame.bottom;
    });
    expect(inView).to.equal(true);
  });

  it("reacts from the bar and with any emoji; the customer's reactions show live as chips, never as bubbles", async () => {
    const number = '5511970001004';
    const { firstId } = await conversation(number, 'Chegou!');
    await bubble('Chegou!').hover();
    await bubble('Chegou!').locator('[data-action="react"]').click();
    await page.locator('[data-reaction-bar] [data-emoji="❤️"]').click();
    await bubble('Chegou!').locator('[data-reaction="❤️"]').waitFor();
    const reacted = await until(async () => (await outbox(number)).find((m) => m.kind === 'reaction'), 'reaction on the phone');
    expect(reacted).to.include({ targetProviderMessageId: firstId, emoji: '❤️' });
    // Any emoji, from the picker: it replaces ours (one per sender).
    await bubble('Chegou!').focus();
    await page.keyboard.press('a');
    await page.locator('[data-more-reactions]').click();
    const picker = page.locator('[role="dialog"][aria-label="React"]');
    await picker.locator('input').first().fill('rocket');
    await picker.locator('[data-epr-unified="1f680"]').first().click();
    await bubble('Chegou!').locator('[data-reaction="🚀"]').waitFor();
    expect(await bubble('Chegou!').locator('[data-reaction="❤️"]').count()).to.equal(0);

    await send('Que bom!');
    const ours = await until(async () => (await outbox(number)).find((m) => m.body.endsWith('Que bom!')), 'ours on the phone');
    const bubbles = await page.locator('[data-message]').count();
    await company.admin.sandbox.send(company.whatsapp.id, { from: number, kind: 'reaction', targetProviderMessageId: ours.providerMessageId, emoji: '🙏' });
    await bubble('Que bom!').locator('[data-reaction="🙏"]').waitFor();
    expect(await page.locator('[data-message]').count()).to.equal(bubbles);
    await company.admin.sandbox.send(company.whatsapp.id, { from: number, kind: 'reaction', targetProviderMessageId: ours.providerMessageId, emoji: '' });
    await bubble('Que bom!').locator('[data-reaction]').waitFor({ state: 'detached' });
  });

  it('edits a sent text: the bubble says edited, the earlier text stays readable, the customer gets the edit', async () => {
    const number = '5511970001005';
    await conversation(number, 'Que horas fecha?');
    if ((await page.locator('[data-sign]').getAttribute('aria-pressed')) === 'true') await page.locator('[data-sign]').click();
    await send('Fechamos às 17h');
    await bubble('Fechamos às 17h').focus();
    await page.keyboard.press('e');
    const dialog = page.locator('[role="dialog"]', { hasText: 'Edit message' });
    await dialog.locator('textarea[name="edit"]').fill('Fechamos às 18h');
    await dialog.locator('[data-submit="edit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await bubble('Fechamos às 18h').locator('[data-edited]').click();
    await page.locator('[data-edit-history]', { hasText: 'Fechamos às 17h' }).waitFor();
    const edit = await until(async () => (await outbox(number)).find((m) => m.kind === 'edit'), 'edit on the phone');
    expect(edit.body).to.equal('Fechamos às 18h');
  });

  it('picks messages and forwards them to a contact found by search, staying in the chat, with a link to the target; the customer sees them forwarded', async () => {
    const number = '5511970001006';
    await conversation(number, 'Segue o endereço: Rua A, 10');
    await customer(number, 'E o CEP 50000-000');
    await bubble('E o CEP 50000-000').waitFor();
    const friend = '5511970001007';
    await company.agent.contacts.create({ name: 'Diego Entregas', number: friend });
    await bubble('Segue o endereço').hover();
    await bubble('Segue o endereço').locator('[data-action="select"]').click();
    await bubble('E o CEP').click();
    await page.locator('[data-selection="2"]').waitFor();
    await page.locator('[data-forward]').click();
    const dialog = page.locator('[role="dialog"]', { hasText: 'Forward 2 messages' });
    await dialog.locator('input[name="forwardContact"]').fill('Diego');
    await dialog.locator('[data-results="forwardContact"] button', { hasText: 'Diego Entregas' }).click();
    const where = page.url();
    await dialog.locator('[data-submit="forward"]').click();
    await waitForToast(page, 'Forwarded to Diego Entregas');
    await page.locator('[data-selection]').waitFor({ state: 'detached' });
    // The agent stays where they were; the toast opens the chat forwarded to, with the messages marked as forwarded.
    expect(page.url()).to.equal(where);
    await page.locator('[data-toast]', { hasText: 'Forwarded to Diego Entregas' }).locator('[data-toast-action]', { hasText: 'Open chat' }).click();
    await page.locator('[data-ticket-header]', { hasText: 'Diego Entregas' }).waitFor();
    await bubble('E o CEP 50000-000').locator('[data-forwarded]').waitFor();
    expect(await page.locator('[data-message]', { hasText: 'Segue o endereço' }).locator('[data-forwarded]').count()).to.equal(1);
    const received = await until(async () => {
      const all = await outbox(friend);
      return all.length === 2 ? all : null;
    }, 'forwarded on the phone');
    expect(received.map((m) => [m.body, m.forwarded])).to.deep.equal([
      ['Segue o endereço: Rua A, 10', true],
      ['E o CEP 50000-000', true],
    ]);
  });
});
