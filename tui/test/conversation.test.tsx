/**
 * The conversation and its composer against a real server: only open tickets take replies, empty
 * text is not sent, line breaks, quick answers, quoting, attaching a file by its path, and the
 * customer's media, location and contact card, the media saved with its key.
 */
import { expect } from 'chai';
import { createApiClient, type SessionStore } from '@atende/shared/client';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { KEYS, lineAbove, lineBelow, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('conversation and composer (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;
  let agentSession: SessionStore;
  let dir: string;
  const maria = customerNumber();

  const lastReceived = async () => (await received(company, maria)).at(-1);
  const receivedBody = (body: string) => until(async () => (await received(company, maria)).find((message) => message.body === body), `the phone receives ${JSON.stringify(body)}`);

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    dir = await mkdtemp(path.join(tmpdir(), 'atende-inbox-files-'));
    await company.admin.quickMessages.create({ shortcode: 'prazo', message: 'O prazo de entrega é de 3 dias úteis.', geral: true });
    const catalog = await company.admin.quickMessages.create({ shortcode: 'catalogo', message: 'Nosso catálogo.', geral: true });
    await company.admin.quickMessages.uploadMedia(catalog.id, new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }), 'catalogo.png');
    await customerSays(company, maria, 'Maria Cliente', 'Oi, tudo bem?');
    agentSession = await sessionOf(server, company.agentAccount);
    inbox = renderInbox(server, { session: agentSession, downloadDir: dir });
    await inbox.see('Pending 1');
    await inbox.press('2', 'a');
    await inbox.see('Ticket accepted.', 'Oi, tudo bem?');
    await inbox.press(KEYS.enter);
    await inbox.see('Enter send');
    // These sends are about their content: unsigned (the signature has its own tests, messageActions).
    await inbox.press(KEYS.ctrlS);
    await inbox.see('Not signing');
  });

  after(async () => {
    inbox?.unmount();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('does not send empty text, and sends line breaks typed with Ctrl+J', async () => {
    await inbox.press(KEYS.enter);
    await inbox.type('Linha um');
    await inbox.press(KEYS.ctrlJ);
    await inbox.type('Linha dois');
    await inbox.press(KEYS.enter);
    await receivedBody('Linha um\nLinha dois');
    const bodies = (await received(company, maria)).map((message) => message.body);
    expect(bodies.filter((body) => !body.trim()), 'nothing empty was sent').to.deep.equal([]);
    await inbox.see('Linha um', 'Linha dois');
  });

  it('suggests quick answers after "/" and puts the chosen one in the composer', async () => {
    await inbox.type('/pra');
    await inbox.see('/prazo - O prazo de entrega é de 3…');
    await inbox.press(KEYS.enter);
    await inbox.see('> O prazo de entrega é de 3 dias úteis.');
    await inbox.press(KEYS.enter);
    await receivedBody('O prazo de entrega é de 3 dias úteis.');
  });

  it("sends a quick answer's attachment with its text", async () => {
    await inbox.type('/catal');
    await inbox.press(KEYS.enter);
    await inbox.see('📎 catalogo.png', '> Nosso catálogo.');
    await inbox.press(KEYS.enter);
    const sent = await until(async () => (await received(company, maria)).find((message) => message.media?.kind === 'image'), 'the catalog reaches the phone');
    expect(sent?.body).to.equal('Nosso catálogo.');
  });

  it('quotes the selected message in the reply', async () => {
    const { providerMessageId } = await customerSays(company, maria, 'Maria Cliente', 'Qual é o valor do frete?');
    await inbox.see('Qual é o valor do frete?');
    await inbox.press(KEYS.escape, 'r');
    await inbox.see('↪ Replying to: Qual é o valor do frete?');
    await inbox.type('Frete grátis para você!');
    await inbox.press(KEYS.enter);
    const reply = await receivedBody('Frete grátis para você!');
    expect(reply.quotedProviderMessageId).to.equal(providerMessageId);
    await inbox.seeWhere((frame) => lineAbove(frame, 'Frete grátis para você!').includes('│ Maria Cliente: Qual é o valor do frete?'), 'the quote above the reply');
  });

  it('attaches a file by its path, with the text as its caption', async () => {
    const file = path.join(dir, 'orcamento.txt');
    await writeFile(file, 'Orçamento: 3 caixas\n');
    await inbox.press(KEYS.ctrlO);
    await inbox.see('File:');
    await inbox.type(path.join(dir, 'nao-existe.txt'));
    await inbox.press(KEYS.enter);
    await inbox.see('File not found:');
    await inbox.press(KEYS.ctrlO);
    await inbox.type(file);
    await inbox.press(KEYS.enter);
    await inbox.see('📎 orcamento.txt');
    await inbox.type('Segue o orçamento');
    await inbox.press(KEYS.enter);
    const sent = await until(async () => ((await lastReceived())?.media ? lastReceived() : null), 'the file reaches the phone');
    expect([sent?.body, sent?.media?.kind]).to.deep.equal(['Segue o orçamento', 'document']);
    await inbox.see('[Document] Segue o orçamento');
    expect(inbox.frame()).not.to.include('📎');
  });

  it('shows the customer’s image with its address, and saves it with d', async () => {
    await company.admin.sandbox.send(company.whatsapp.id, { from: maria, name: 'Maria Cliente', body: '', mediaType: 'image', media: { data: PNG, mimeType: 'image/png', fileName: 'foto.png' } });
    // The customer sent no caption: the label stands alone, the address below it.
    await inbox.seeWhere((frame) => lineBelow(frame, '[Image]').includes(`↳ ${server.url}/public/`), 'the image with its address');
    await inbox.press(KEYS.escape, 'd');
    const saved = /File saved to (\S+\.png)/.exec(await inbox.see('File saved to'))?.[1];
    expect(path.dirname(saved ?? '')).to.equal(dir);
    expect((await readFile(saved!)).toString('base64')).to.equal(PNG);
  });

  it('summarises a location and a contact card', async () => {
    await company.admin.sandbox.send(company.whatsapp.id, { from: maria, name: 'Maria Cliente', mediaType: 'locationMessage', body: 'data:image/png;base64,AA|https://maps.google.com/?q=-23.56,-46.65|Av. Paulista, 1000' });
    await inbox.see('[Location] Av. Paulista, 1000', '↳ https://maps.google.com/?q=-23.56,-46.65');
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:Pedro Souza\nTEL;type=CELL:+55 11 98888-7777\nEND:VCARD';
    await company.admin.sandbox.send(company.whatsapp.id, { from: maria, name: 'Maria Cliente', mediaType: 'vcard', body: card });
    await inbox.see('[Contact] Pedro Souza +55 11 98888-7777');
  });

  it('marks a deleted message', async () => {
    const { messages } = await company.admin.messages.list((await inboxTicketId()) ?? '');
    const mine = messages.find((message) => message.body === 'Frete grátis para você!')!;
    // Only its author deletes a message: the agent, with the inbox's own session.
    await createApiClient({ baseUrl: server.url, session: agentSession }).messages.remove(mine.id);
    await inbox.see('This message was deleted');
    expect(inbox.frame()).not.to.include('Frete grátis para você!');
  });

  it('takes no reply on a closed ticket until it is reopened', async () => {
    await inbox.press(KEYS.escape, KEYS.escape, 'x');
    await inbox.see('Ticket resolved.');
    await inbox.press('3', KEYS.enter);
    await inbox.see('Closed ticket: reopen it (o) to reply.');
    await inbox.press(KEYS.enter);
    await inbox.see('Closed ticket: reopen it (o) to reply.', 'Enter i write');
    await inbox.press('o');
    await inbox.see('Ticket reopened.', 'Enter to write');
  });

  async function inboxTicketId(): Promise<string | undefined> {
    const { tickets } = await company.admin.tickets.list({ searchParam: maria, showAll: true });
    return tickets[0]?.id;
  }
});
