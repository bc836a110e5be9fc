import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlowExport } from '@atende/shared';
import { createCompany, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/**
 * /flowbuilders (document 3 sections 2, 5, 7): the name dialog's texts, add opening the editor,
 * the Ativo/Desativado switch, rename, duplicate, export and import, delete, search and infinite
 * scroll, the list kept live by the flowbuilder channel, and read-only for an agent.
 */
describe('web console: conversation flows list', function () {
  this.timeout(60_000);
  let console: Console;
  let company: Company;
  let opened: OpenedPage;

  const allFlows = async () => (await company.admin.flows.listFlows({ searchParam: '', pageNumber: 1 })).flows;
  const row = (name: string) => opened.page.locator(`tr[data-flow="${name}"]`);
  const menu = async (name: string, action: string) => {
    await row(name).locator('[data-flow-menu]').click();
    await opened.page.locator(`[data-flow-action="${action}"]`).click();
  };

  before(async () => {
    console = await startConsole();
    company = await createCompany(console, 'flows');
    opened = await openPage(console);
    await signIn(opened.page, company.adminAccount.email, company.adminAccount.password);
    // The flow area exists only with the cshow storage flag (document 3 section 2).
    await opened.page.evaluate(() => window.localStorage.setItem('cshow', '1'));
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it("checks the name with the spec's texts, then creates the flow and opens the editor", async () => {
    const { page } = opened;
    await page.goto('/flowbuilders');
    await page.locator('h1', { hasText: 'Conversation flows' }).waitFor();
    await page.click('text=Add flow');
    const form = page.locator('form[aria-label="Flow name"]');
    const name = form.locator('input[name="name"]');
    const error = form.locator('[data-error-for="name"]');
    await form.locator('button[type="submit"]').click();
    expect(await error.textContent()).to.equal('Type a name!');
    await name.fill('A');
    expect(await error.textContent()).to.equal('Too short!');
    await name.fill('x'.repeat(51));
    expect(await error.textContent()).to.equal('Too long!');
    await name.fill('Boas-vindas');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Flow created successfully');
    const [created] = await allFlows();
    expect(created?.name).to.equal('Boas-vindas');
    await page.waitForURL(`**/flowbuilder/${created!.id}`);
  });

  it('switches a flow between Active and Inactive', async () => {
    const { page } = opened;
    await page.goto('/flowbuilders');
    const flow = (await allFlows()).find((found) => found.name === 'Boas-vindas')!;
    const toggle = row('Boas-vindas').locator('input[role="switch"]');
    await toggle.waitFor();
    const status = async (active: boolean) => {
      await page.locator(`tr[data-flow="Boas-vindas"][data-active="${active}"]`).waitFor();
      expect(await toggle.isChecked()).to.equal(active);
      expect(await row('Boas-vindas').locator('td').nth(1).textContent()).to.equal(active ? 'Active' : 'Inactive');
      expect((await allFlows()).find((found) => found.id === flow.id)?.active).to.equal(active);
    };
    await status(flow.active);
    // The switch toggles in place: the row's click (open the editor) is not taken.
    await toggle.click();
    await status(!flow.active);
    expect(page.url()).to.match(/\/flowbuilders$/);
    await toggle.click();
    await status(flow.active);
  });

  it('renames a flow from its menu, and a click on the row opens the editor', async () => {
    const { page } = opened;
    await menu('Boas-vindas', 'editName');
    const form = page.locator('form[aria-label="Flow name"]');
    expect(await form.locator('input[name="name"]').inputValue()).to.equal('Boas-vindas');
    await form.locator('input[name="name"]').fill('Recepção');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Flow renamed successfully');
    await row('Recepção').waitFor();
    expect(await row('Boas-vindas').count()).to.equal(0);
    const [flow] = await allFlows();
    await row('Recepção').locator('td').first().click();
    await page.waitForURL(`**/flowbuilder/${flow!.id}`);
  });

  it('duplicates, exports and imports a flow, and refuses a file that is not a flow', async () => {
    const { page } = opened;
    await page.goto('/flowbuilders');
    await row('Recepção').waitFor();
    await menu('Recepção', 'duplicate');
    await waitForToast(page, 'Flow duplicated successfully');
    await page.locator('tr[data-flow]').nth(1).waitFor();
    expect(await allFlows()).to.have.length(2);

    const download = page.waitForEvent('download');
    await menu('Recepção', 'export');
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as FlowExport;
    expect([exported.format, exported.version, exported.name]).to.deep.equal(['atende-flow', 1, 'Recepção']);

    const copy = path.join(tmpdir(), `flow-${Date.now()}.json`);
    await writeFile(copy, JSON.stringify({ ...exported, name: 'Importado' }));
    await page.setInputFiles('input[type="file"]', copy);
    await waitForToast(page, 'Flow imported successfully');
    await row('Importado').waitFor();

    const wrong = path.join(tmpdir(), `not-a-flow-${Date.now()}.json`);
    await writeFile(wrong, JSON.stringify({ hello: 'world' }));
    await page.setInputFiles('input[type="file"]', wrong);
    await waitForToast(page, 'This file is not an exported flow.');
    expect(await allFlows()).to.have.length(3);
  });

  it('deletes a flow after confirming', async () => {
    const { page } = opened;
    await menu('Importado', 'delete');
    await page.locator('[role="dialog"]', { hasText: 'Delete Importado?' }).locator('button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'Flow deleted successfully');
    await row('Importado').waitFor({ state: 'detached' });
    expect((await allFlows()).map((flow) => flow.name)).not.to.include('Importado');
  });

  it('follows flows made and deleted elsewhere, live', async () => {
    const { page } = opened;
    const made = await company.admin.flows.createFlow('Feito pela API');
    await row('Feito pela API').waitFor();
    await company.admin.flows.deleteFlow(made.id);
    await row('Feito pela API').waitFor({ state: 'detached' });
    expect(await page.locator('tr[data-flow]').count()).to.equal(2);
  });

  it('searches (debounced) and loads the next pages on scrolling', async () => {
    const { page } = opened;
    for (let n = 1; n <= 40; n += 1) await company.admin.flows.createFlow(`Campanha ${String(n).padStart(2, '0')}`);
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/flowbuilders');
    await page.locator('tr[data-flow]').first().waitFor();
    const paper = page.locator('tr[data-flow]').first().locator('xpath=ancestor::table/..');
    for (let tries = 0; tries < 20 && (await page.locator('tr[data-flow]').count()) < 42; tries += 1) {
      await paper.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.waitForTimeout(150);
    }
    expect(await page.locator('tr[data-flow]').count()).to.equal(42);
    await page.fill('input[type="search"]', 'Recep');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-flow]').length < 10);
    const names = await page.locator('tr[data-flow]').evaluateAll((rows) => rows.map((found) => found.getAttribute('data-flow') ?? ''));
    expect(names).to.include('Recepção');
    expect(names.filter((name) => !name.includes('Recep'))).to.deep.equal([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the flows read-only to a profile that may not write them: open and export only', async () => {
    const agent = await openPage(console);
    try {
      await signIn(agent.page, company.agentAccount.email, company.agentAccount.password);
      await agent.page.evaluate(() => window.localStorage.setItem('cshow', '1'));
      await agent.page.goto('/flowbuilders');
      await agent.page.fill('input[type="search"]', 'Recepção');
      const recepcao = agent.page.locator('tr[data-flow="Recepção"]');
      await recepcao.waitFor();
      expect(await agent.page.locator('button', { hasText: 'Add flow' }).count()).to.equal(0);
      expect(await agent.page.locator('[data-flow-import]').count()).to.equal(0);
      expect(await recepcao.locator('input[role="switch"]').isDisabled()).to.equal(true);
      await recepcao.locator('[data-flow-menu]').click();
      expect(await agent.page.locator('[data-flow-action]').evaluateAll((items) => items.map((item) => item.getAttribute('data-flow-action')))).to.deep.equal(['editFlow', 'export']);
      expect(agent.errors).to.deep.equal([]);
    } finally {
      await agent.context.close();
    }
  });
});
