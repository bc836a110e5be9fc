import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Queue, Whatsapp } from '@atende/shared';
import { apiClient, openPage, pairedSandbox, signIn, startConsole, type Console } from './support.js';

const ANA = { name: 'Ana Agent', email: 'ana@waiting.test', password: 'ana-secret' };

/** The visible rows of the shown ticket list, top to bottom, by contact name. */
async function rowNames(page: Page, list: string): Promise<string[]> {
  return page.$$eval(`[data-ticket-list="${list}"] [data-ticket]`, (rows) =>
    rows
      .map((row) => ({ top: row.getBoundingClientRect().top, name: row.querySelector('.name')?.textContent ?? '' }))
      .sort((a, b) => a.top - b.top)
      .map((row) => row.name),
  );
}

describe('web console: waiting customers and the ticket list', () => {
  let console: Console;
  let sales: Queue;
  let phone: Whatsapp;

  before(async () => {
    console = await startConsole();
    sales = await console.api.queues.create({ name: 'Sales', color: '#1565c0', greetingMessage: 'Olá! Um atendente já vai falar com você.' });
    await console.api.users.create({ ...ANA, profile: 'user', queueIds: [sales.id] });
    phone = await pairedSandbox(console.api, { name: 'Shop phone', isDefault: true, queueIds: [sales.id], greetingMessage: 'Bem-vindo!' });
  });

  after(() => console?.stop());

  const customer = (from: string, name: string, body: string) => console.api.sandbox.send(phone.id, { from, name, body });

  it("shows an agent what a waiting customer wrote and for how long, lets them read it before accepting, and follows the accepted chat to the assigned tab", async () => {
    const agent = apiClient(console.server);
    await agent.auth.login({ email: ANA.email, password: ANA.password });
    const { context, page, errors } = await openPage(console, { width: 1440, height: 900 });
    await page.clock.install();
    await signIn(page, ANA.email, ANA.password);
    await customer('5511955550001', 'Paula Pedido', 'Quero saber do meu pedido 123');
    await page.click('[data-tab="pending"]');
    const row = page.locator('[data-ticket-list="pending"] [data-ticket]', { hasText: 'Paula Pedido' });
    // The customer's last words, not the bot's greeting that followed them.
    await row.locator('.last', { hasText: 'Quero saber do meu pedido 123' }).waitFor();
    const [ticket] = (await agent.tickets.list({ status: 'pending' })).tickets;
    expect(ticket!.lastMessage, 'the greeting went out after the customer wrote').to.not.equal('Quero saber do meu pedido 123');
    expect(await row.locator('[data-waited]').textContent()).to.equal('just arrived');
    await page.clock.fastForward('16:00');
    await row.locator('[data-waited]', { hasText: /^1[56] min$/ }).waitFor();
    expect(await row.locator('[data-waited]').getAttribute('title')).to.match(/^Waiting for 1[56] minutes$/);

    // A click reads the conversation, read only: nothing to type in, nothing marked read.
    await row.click();
    const peek = page.locator('[role="dialog"]', { has: page.locator(`[data-peek="${ticket!.uuid}"]`) });
    await peek.locator('[data-message]', { hasText: 'Quero saber do meu pedido 123' }).waitFor();
    expect(await peek.locator('[data-read-only]').textContent()).to.contain('Read only');
    expect(await peek.locator('textarea').count()).to.equal(0);
    expect(new URL(page.url()).pathname).to.equal('/tickets');
    expect((await agent.tickets.get(ticket!.id)).unreadMessages).to.be.greaterThan(0);

    // Accepting it there opens it, in the assigned tab, selected.
    await peek.locator('[data-peek-accept]').click();
    await page.waitForURL(`**/tickets/${ticket!.uuid}`);
    await page.locator('[data-tab="assigned"][aria-selected="true"]').waitFor();
    const assigned = page.locator(`[data-ticket-list="open"] [data-ticket="${ticket!.uuid}"][data-selected="true"]`);
    await assigned.waitFor();
    expect(await assigned.isVisible()).to.equal(true);
    expect((await agent.tickets.get(ticket!.id))).to.include({ status: 'open', userId: (await agent.auth.me()).id });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('lists the customers who wait longest first on request, and remembers it', async () => {
    for (const [n, name] of ['Primeiro', 'Segundo', 'Terceiro'].entries()) {
      await customer(`551195556000${n}`, name, `Oi, sou o ${name}`);
      const agent = apiClient(console.server);
      await agent.auth.login({ email: ANA.email, password: ANA.password });
      // Each arrives after the one before (their activity times differ).
      for (let tries = 0; !(await agent.tickets.list({ status: 'pending' })).tickets.some((ticket) => ticket.contact?.name === name); tries++) {
        if (tries > 200) throw new Error(`${name} never arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    const { context, page, errors } = await openPage(console, { width: 1440, height: 900 });
    await signIn(page, ANA.email, ANA.password);
    await page.click('[data-tab="pending"]');
    await page.locator('[data-ticket-list="pending"][data-count="3"]').waitFor();
    expect(await rowNames(page, 'pending')).to.deep.equal(['Terceiro', 'Segundo', 'Primeiro']);
    const asked = page.waitForRequest((request) => request.url().includes('/api/tickets?') && new URL(request.url()).searchParams.get('order') === 'oldest');
    await page.selectOption('select[name="pendingOrder"]', 'oldest');
    await asked;
    await page.waitForFunction(() => document.querySelector('[data-ticket-list="pending"] [data-ticket] .name')?.textContent === 'Primeiro');
    expect(await rowNames(page, 'pending')).to.deep.equal(['Primeiro', 'Segundo', 'Terceiro']);
    await page.reload();
    await page.locator('[data-ticket-list="pending"][data-count="3"]').waitFor();
    expect(await page.inputValue('select[name="pendingOrder"]')).to.equal('oldest');
    expect(await rowNames(page, 'pending')).to.deep.equal(['Primeiro', 'Segundo', 'Terceiro']);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('gives the list room at 1440 px with the menu open: every tab whole and inside the list; the list resizes and remembers it', async () => {
    const { context, page, errors } = await openPage(console, { width: 1440, height: 900 });
    await signIn(page, ANA.email, ANA.password);
    await page.locator('nav[data-open="true"]').waitFor();
    const pane = page.locator('[data-layout="wide"] > :first-child');
    const tabsInside = async () => {
      const box = (await pane.boundingBox())!;
      const tabs = await page.$$eval('[role="tablist"] [data-tab]', (buttons) => buttons.map((button) => ({ right: button.getBoundingClientRect().right, cut: button.scrollWidth > button.clientWidth })));
      return { width: box.width, outside: tabs.filter((tab) => tab.right > box.x + box.width + 0.5).length, cut: tabs.filter((tab) => tab.cut).length };
    };
    const wide = await tabsInside();
    expect(wide.width, 'the list at 1440 px with the menu open').to.be.at.least(400);
    expect(wide).to.include({ outside: 0, cut: 0 });
    for (const width of [1250, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await tabsInside()).outside, `the Search tab at ${width} px`).to.equal(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Wider with the divider's arrow keys, and by dragging it; kept after a reload.
    const divider = page.locator('[data-list-divider]');
    const before = Number(await divider.getAttribute('aria-valuenow'));
    await divider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await divider.getAttribute('aria-valuenow'))).to.equal(before + 48);
    const handle = (await divider.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x + 100, handle.y + 200, { steps: 4 });
    await page.mouse.up();
    const dragged = Number(await divider.getAttribute('aria-valuenow'));
    expect(dragged).to.be.greaterThan(before + 48);
    await page.reload();
    await page.locator('[data-list-divider]').waitFor();
    expect(Number(await page.locator('[data-list-divider]').getAttribute('aria-valuenow'))).to.equal(dragged);
    expect(Math.round((await pane.boundingBox())!.width)).to.equal(dragged);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
