import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { acceptedBy, createCompany, customerWrites, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, type Console, type OpenedPage } from './support.js';

const CUSTOMER = '5511977776666';

/** What an agent types in a row, each followed by Enter without waiting for the previous send. */
const MESSAGES = [
  'Ok',
  'Oi Carla, tudo bem?',
  'Vou verificar o seu pedido agora mesmo',
  'Um momento, por favor',
  'Encontrei: pedido 4821',
  'Saiu para entrega hoje cedo',
  'Chega até as 18h',
  'Quer o código de rastreio?',
  'É BR123456789',
  'Qualquer dúvida, estou aqui',
  'Obrigada pela paciência!',
  'Até mais 👋',
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types like a person: 30 to 60 ms between keys, Enter at the end of each message. */
async function typeLikeAnAgent(page: Page, messages: string[]): Promise<void> {
  for (const message of messages) {
    for (const character of message) {
      await page.keyboard.type(character);
      await pause(30 + Math.random() * 30);
    }
    await page.keyboard.press('Enter');
    await pause(30 + Math.random() * 30);
  }
}

describe('web console: the composer keeps every keystroke', () => {
  let console: Console;
  let company: Company;
  let opened: OpenedPage;

  before(async () => {
    console = await startConsole();
    company = await createCompany(console, 'composer');
    opened = await openPage(console);
    await signIn(opened.page, company.agentAccount.email, company.agentAccount.password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('delivers 12 messages typed back to back whole, once and in order', async function () {
    this.timeout(90_000);
    const { page } = opened;
    const ticket = await acceptedBy(company, await customerWrites(company, CUSTOMER, 'Carla', 'Cadê meu pedido?'));
    await page.goto(`/tickets/${ticket.uuid}`);
    const composer = page.locator('textarea[name="body"]');
    await composer.click();
    const outbox = () => company.admin.sandbox.outbox(company.whatsapp.id, { to: CUSTOMER });
    // The queue's greeting went out before the agent typed anything.
    const before = new Set((await outbox()).messages.map((message) => message.id));

    await typeLikeAnAgent(page, MESSAGES);

    // The console handed each message to the server once, whole, in the order typed.
    let stored: string[] = [];
    for (let tries = 0; tries < 300 && stored.length < MESSAGES.length; tries += 1) {
      stored = (await company.agent.messages.list(ticket.id)).messages.filter((message) => message.fromMe && message.user).map((message) => message.body);
      if (stored.length < MESSAGES.length) await pause(100);
    }
    // Signed with the agent's name (signOption is on unless turned off).
    const SIGNED = MESSAGES.map((message) => `*Ana Agente*:\n${message}`);
    expect(stored).to.deep.equal(SIGNED);

    // The customer's phone received each of them whole and in that order. (The server's outbound
    // job may still hand one message to the phone twice when two job runs overlap: that is the
    // sender's at-least-once delivery, apart from what the console sends, so arrivals are
    // compared by their first copy.)
    let received: string[] = [];
    for (let tries = 0; tries < 300 && received.length < MESSAGES.length; tries += 1) {
      received = [...new Set((await outbox()).messages.filter((message) => !before.has(message.id)).map((message) => message.body))];
      if (received.length < MESSAGES.length) await pause(100);
    }
    expect(received).to.deep.equal(SIGNED);

    // The agent sees them once each, in order, nothing left in the outbox or in the input.
    await page.locator('[data-outbox]').first().waitFor({ state: 'detached' });
    // The signature shows once: the author's name above the text.
    expect(await page.locator('[data-message][data-from-me="true"]:has([data-author]) [data-body]').allTextContents()).to.deep.equal(MESSAGES);
    expect(await composer.inputValue()).to.equal('');
    // Each carries the name of the agent who wrote it.
    expect(await page.locator('[data-message][data-from-me="true"] [data-author]').allTextContents()).to.deep.equal(MESSAGES.map(() => 'Ana Agente'));
  });
});
