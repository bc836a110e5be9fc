/**
 * The conversation as a new team meets it (issue 30, items 2, 3, 4, 11, 13, 14): "/" answers picked
 * by keys without a half-typed shortcut ever reaching the customer; drafts kept per ticket across
 * switches and reloads; a send the server gave up on shown failed, retried or edited; who wrote
 * each outgoing message; WhatsApp's marks rendered (safely), the signature once; documents and
 * voice notes with name, icon, size and player; no file name sent as a caption.
 */
import { expect } from 'chai';
import type { Ticket } from '@atende/shared';
import type { Page } from 'playwright-core';
import { acceptedBy, createCompany, customerWrites, PNG, subscribedTo, type Company } from './fixtures.js';
import { openPage, screenshot, signIn, startConsole, type Console, type OpenedPage } from './support.js';

const PDF = Buffer.from('%PDF-1.4\n% contrato de entrega\n'.padEnd(2_400, ' '), 'latin1');
const OGG = Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(3_000, 7)]);

async function until<T>(label: string, check: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${label}: not reached in ${ms} ms`);
}

describe('web console: the conversation of a first hour', () => {
  let console: Console;
  let company: Company;
  let opened: OpenedPage;
  let page: Page;

  before(async () => {
    // Failed sends are given up in about a second.
    console = await startConsole({ ATENDE_SEND_RETRY_MS: '10' });
    company = await createCompany(console, 'firsthour');
    await company.admin.quickMessages.create({ shortcode: 'prazo', message: 'O prazo de entrega é de 3 dias úteis.', geral: true });
    await company.admin.quickMessages.create({ shortcode: 'pratos', message: 'Veja nossos pratos no cardápio.', geral: true });
    opened = await openPage(console);
    page = opened.page;
    await signIn(page, company.agentAccount.email, company.agentAccount.password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  const composer = () => page.locator('textarea[name="body"]');
  /** The composer holds this text (its state settles after the key or click that set it). */
  const composerHolds = (text: string) => until(`the composer holding "${text}"`, async () => (await composer().inputValue()) === text);
  const bubble = (text: string) => page.locator('[data-message]', { hasText: text });
  const received = async (number: string) => (await company.admin.sandbox.outbox(company.whatsapp.id, { to: number })).messages;

  async function openConversation(number: string, name: string, first: string): Promise<Ticket> {
    const ticket = await acceptedBy(company, await customerWrites(company, number, name, first));
    const live = subscribedTo(page, ['ticket', 'appMessage']);
    await page.goto(`/tickets/${ticket.uuid}`);
    await bubble(first).waitFor();
    // The list's first page is in and the socket subscribed: what arrives next comes live.
    await page.locator(`[data-ticket="${ticket.uuid}"]`).waitFor();
    await live;
    return ticket;
  }

  /** Sends a marker and waits for it on the phone: whatever the agent sent before it has arrived too. */
  async function sendMarker(number: string, text: string): Promise<string[]> {
    await composer().fill(text);
    await composer().press('Enter');
    return until(`${text} received`, async () => {
      const bodies = (await received(number)).map((message) => message.body);
      return bodies.some((body) => body.endsWith(text)) ? bodies : null;
    });
  }

  it('picks "/" answers with the arrows, Enter and Tab; Escape closes; a half-typed shortcut is never sent', async () => {
    const number = '5511966660001';
    const ticket = await openConversation(number, 'Cliente Atalho', 'qual o prazo?');
    const options = page.locator('[role="listbox"] [role="option"]');

    const ANSWERS: Record<string, string> = { prazo: 'O prazo de entrega é de 3 dias úteis.', pratos: 'Veja nossos pratos no cardápio.' };
    const answerOf = (label: string) => ANSWERS[label.split(' - ')[0]!.trim()];

    await composer().fill('/pra');
    expect(await options.count()).to.equal(2);
    const labels = await options.allTextContents();
    expect(await options.nth(0).getAttribute('aria-selected')).to.equal('true');
    await composer().press('Enter');
    await composerHolds(answerOf(labels[0]!));
    expect(await page.locator('[role="listbox"]').count()).to.equal(0);

    await composer().fill('/pra');
    await composer().press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).to.equal('true');
    expect(await composer().getAttribute('aria-activedescendant')).to.equal(await options.nth(1).getAttribute('id'));
    await composer().press('ArrowDown');
    expect(await options.nth(0).getAttribute('aria-selected')).to.equal('true');
    await composer().press('ArrowUp');
    await composer().press('Tab');
    await composerHolds(answerOf(labels[1]!));

    // Closed with Escape, Enter opens the list again instead of sending "/pra".
    await composer().fill('/pra');
    await composer().press('Escape');
    expect(await page.locator('[role="listbox"]').count()).to.equal(0);
    await composer().press('Enter');
    expect(await options.count()).to.equal(2);
    await composerHolds('/pra');

    const bodies = await sendMarker(number, 'depois do atalho');
    expect(bodies.some((body) => body.includes('/pra'))).to.equal(false);
    expect((await company.agent.messages.list(ticket.id)).messages.some((message) => message.body.includes('/pra'))).to.equal(false);
  });

  it('keeps a draft per ticket across switching conversations and a reload, marks it in the list, and clears it on send', async () => {
    const first = await openConversation('5511966660002', 'Cliente Rascunho', 'oi, uma dúvida');
    const other = await acceptedBy(company, await customerWrites(company, '5511966660003', 'Outro Cliente', 'bom dia'));
    await composer().fill('meio escrito, não enviado');
    const firstRow = page.locator(`[data-ticket="${first.uuid}"]`);
    await firstRow.locator('[data-draft]').waitFor();

    await page.locator(`[data-ticket="${other.uuid}"]`).click();
    await bubble('bom dia').waitFor();
    await composerHolds('');
    expect(await page.locator(`[data-ticket="${other.uuid}"] [data-draft]`).count()).to.equal(0);
    await firstRow.click();
    await bubble('oi, uma dúvida').waitFor();
    await composerHolds('meio escrito, não enviado');

    await page.reload();
    await bubble('oi, uma dúvida').waitFor();
    await composerHolds('meio escrito, não enviado');
    await firstRow.locator('[data-draft]').waitFor();

    await composer().press('Enter');
    await firstRow.locator('[data-draft]').waitFor({ state: 'detached' });
    await page.reload();
    await bubble('oi, uma dúvida').waitFor();
    await composerHolds('');
  });

  it('shows a send the server gave up on as failed with its reason; Retry sends it once, Edit takes it back', async () => {
    const number = '5511966660004';
    await openConversation(number, 'Cliente Falha', 'vocês estão aí?');
    await company.admin.sandbox.failNext(company.whatsapp.id, 100);
    await composer().fill('vai falhar primeiro');
    await composer().press('Enter');
    const failed = bubble('vai falhar primeiro');
    await failed.locator('[data-send-failed]').waitFor({ timeout: 20_000 });
    expect(await failed.locator('[data-send-error]').textContent()).to.match(/\w/);
    expect(await failed.locator('[data-ack]').getAttribute('data-ack')).to.equal('failed');
    await screenshot(page, 'conversation-send-failed');

    await company.admin.sandbox.failNext(company.whatsapp.id, 0);
    await failed.locator('[data-retry]').click();
    await failed.locator('[data-send-failed]').waitFor({ state: 'detached' });
    await failed.locator('[data-ack="1"], [data-ack="2"], [data-ack="3"]').first().waitFor();
    const copies = await until('received once', async () => (await received(number)).filter((message) => message.body.endsWith('vai falhar primeiro')));
    expect(copies).to.have.length(1);

    await company.admin.sandbox.failNext(company.whatsapp.id, 100);
    await composer().fill('texto para corrigir');
    await composer().press('Enter');
    await bubble('texto para corrigir').locator('[data-send-failed]').waitFor({ timeout: 20_000 });
    await company.admin.sandbox.failNext(company.whatsapp.id, 0);
    await bubble('texto para corrigir').locator('[data-take-back]').click();
    await composerHolds('texto para corrigir');
    await bubble('texto para corrigir').waitFor({ state: 'detached' });
    await composer().fill('texto corrigido');
    await composer().press('Enter');
    const bodies = await sendMarker(number, 'fim');
    expect(bodies.filter((body) => body.endsWith('texto corrigido'))).to.have.length(1);
    expect(bodies.some((body) => body.endsWith('texto para corrigir'))).to.equal(false);
  });

  it("names who wrote each outgoing message: the agent, the chatbot, the API; the signature once", async () => {
    const number = '5511966660005';
    await openConversation(number, 'Cliente Autor', 'quem fala?');
    const { token } = await company.admin.whatsapp.get(company.whatsapp.id);
    await company.admin.externalSend.send({ token: token!, number, body: 'mensagem do sistema da loja' });
    await bubble('mensagem do sistema da loja').locator('[data-origin="api"]').waitFor();
    // The queue's greeting went out by the chatbot when the customer wrote.
    expect(await bubble('Olá!').locator('[data-origin="chatbot"]').count()).to.equal(1);
    expect(await bubble('Olá!').locator('[data-author]').count()).to.equal(0);

    await composer().fill('eu mesma respondo');
    await composer().press('Enter');
    const mine = bubble('eu mesma respondo');
    await mine.locator('[data-ack]:not([data-ack="0"])').waitFor();
    expect(await mine.locator('[data-author]').textContent()).to.equal('Ana Agente');
    expect(await mine.locator('[data-origin]').count()).to.equal(0);
    // Signed: the customer gets "*Ana Agente*:"; the bubble names her once.
    expect((await mine.textContent())!.split('Ana Agente')).to.have.length(2);
  });

  it("renders WhatsApp's marks in the conversation, never a customer's HTML, and previews without them", async () => {
    const number = '5511966660006';
    const ticket = await openConversation(number, 'Cliente Marcas', 'oi');
    await company.admin.sandbox.send(company.whatsapp.id, { from: number, name: 'Cliente Marcas', body: 'quero *dois* _grandes_ ~sem~ ```X-1``` <img src=x onerror="window.hacked=1">' });
    const marked = bubble('quero');
    await marked.waitFor();
    expect(await marked.locator('[data-body] strong').textContent()).to.equal('dois');
    expect(await marked.locator('[data-body] em').textContent()).to.equal('grandes');
    expect(await marked.locator('[data-body] s').textContent()).to.equal('sem');
    expect(await marked.locator('[data-body] code').textContent()).to.equal('X-1');
    expect(await marked.locator('img').count()).to.equal(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).to.equal(undefined);
    const preview = page.locator(`[data-ticket="${ticket.uuid}"] .last`);
    let seen = '';
    await until('preview without marks', async () => (seen = (await preview.textContent()) ?? '').startsWith('quero dois grandes sem X-1')).catch((error: Error) => {
      throw new Error(`${error.message}; the row shows "${seen}"`);
    });
  });

  it('shows documents and voice notes with name, icon, size and player; sends a photo without its file name', async () => {
    const number = '5511966660007';
    const ticket = await openConversation(number, 'Cliente Arquivos', 'segue o contrato');
    await company.admin.sandbox.send(company.whatsapp.id, { from: number, name: 'Cliente Arquivos', body: 'contrato.pdf', media: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'contrato.pdf' } });
    const documentCard = page.locator('[data-message] [data-media="document"]');
    await documentCard.waitFor();
    expect(await documentCard.locator('[data-file-name]').textContent()).to.equal('contrato.pdf');
    expect(await documentCard.locator('[data-file-details]').textContent()).to.match(/^PDF · 2\.4\skB$/);

    await company.admin.sandbox.send(company.whatsapp.id, { from: number, name: 'Cliente Arquivos', body: '', media: { data: OGG.toString('base64'), mimeType: 'audio/ogg', fileName: 'PTT-20250310-WA0001.ogg' } });
    const voice = page.locator('[data-message][data-media-type="audio"]');
    await voice.locator('audio[data-media="audio"][controls]').waitFor();
    expect(await voice.locator('[data-file-details]').textContent()).to.match(/Voice message · 3\skB/);
    expect(await voice.textContent()).not.to.include('PTT-');
    // The list previews it by kind (the company's language, pt by default), not by file name.
    let voicePreview: string | null = null;
    await until('voice preview', async () => (voicePreview = await page.locator(`[data-ticket="${ticket.uuid}"] .last`).textContent()) === 'Mensagem de voz').catch((error: Error) => {
      throw new Error(`${error.message}; the row shows ${JSON.stringify(voicePreview)}`);
    });

    await page.setInputFiles('input[type="file"][name="medias"]', { name: 'foto-do-produto.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('button[type="submit"]').click();
    const photo = await until('photo received', async () => (await received(number)).find((message) => message.media?.fileName === 'foto-do-produto.png'));
    expect(photo.body).to.equal('');
    const sent = page.locator('[data-message][data-from-me="true"][data-media-type="image"]');
    await sent.waitFor();
    expect(await sent.locator('[data-body]').count()).to.equal(0);
    await screenshot(page, 'conversation-files');
  });
});
