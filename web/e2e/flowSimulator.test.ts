import { expect } from 'chai';
import type { Flow } from '@atende/shared';
import { createCompany, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, type Console, type OpenedPage } from './support.js';

/**
 * The editor's simulator panel (shared/src/domain/flows.ts, FlowSimulatorEvent): opened from the
 * editor's Simulate button, it runs the flow, shows the flow's text with WhatsApp's marks, waits
 * for the question's answer (its block marked on the canvas), lists the variable, shows why the
 * run ended, restarts, and ends the simulation on the server when closed.
 */
describe('web console: flow simulator', function () {
  this.timeout(60_000);
  let console: Console;
  let company: Company;
  let opened: OpenedPage;
  let flow: Flow;

  before(async () => {
    console = await startConsole();
    company = await createCompany(console, 'simulator');
    flow = await company.admin.flows.createFlow('Atendimento');
    await company.admin.flows.saveFlow({
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'ola', type: 'message', position: { x: 240, y: 0 }, data: { label: 'Olá, *bem-vindo* à _loja_!' } },
        { id: 'pergunta', type: 'question', position: { x: 480, y: 0 }, data: { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } } },
        { id: 'tchau', type: 'message', position: { x: 720, y: 0 }, data: { label: 'Prazer, {{nome}}!' } },
      ],
      connections: [
        { id: 'e1', source: '1', target: 'ola', sourceHandle: 'a' },
        { id: 'e2', source: 'ola', target: 'pergunta', sourceHandle: 'a' },
        { id: 'e3', source: 'pergunta', target: 'tchau', sourceHandle: 'a' },
      ],
    });
    opened = await openPage(console);
    await signIn(opened.page, company.adminAccount.email, company.adminAccount.password);
    await opened.page.evaluate(() => window.localStorage.setItem('cshow', '1'));
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('runs the flow as the customer talks, to its end, and restarts', async () => {
    const { page } = opened;
    await page.goto(`/flowbuilder/${flow.id}`);
    await page.locator('button[data-simulate]', { hasText: 'Simulate' }).click();
    const panel = page.locator('aside[data-flow-simulator]');
    const flowSays = panel.locator('[data-simulator-message="flow"]');
    await flowSays.nth(1).waitFor({ timeout: 15_000 });
    // WhatsApp's marks: *bold* and _italic_.
    expect(await flowSays.first().locator('strong').textContent()).to.equal('bem-vindo');
    expect(await flowSays.first().locator('em').textContent()).to.equal('loja');
    expect(await flowSays.nth(1).textContent()).to.equal('Qual é o seu nome?');
    await panel.locator('[data-simulator-waiting="answer"]').waitFor();
    // The block the run waits at is marked on the editor's canvas.
    await page.locator('[data-node-id="pergunta"][data-active]').waitFor();

    await panel.locator('input[aria-label="Write as the customer"]').fill('Maria');
    await panel.locator('button', { hasText: 'Send' }).click();
    await panel.locator('[data-simulator-message="author"]', { hasText: 'Maria' }).waitFor();
    await flowSays.filter({ hasText: 'Prazer, Maria!' }).waitFor();
    await panel.locator('[data-simulator-variables] dd', { hasText: 'Maria' }).waitFor();
    await panel.locator('[data-simulator-end="finished"]').waitFor();
    expect(await panel.locator('[data-simulator-end] [role="status"]').textContent()).to.equal('Simulation ended: the flow reached its end');
    expect(await panel.locator('[data-simulator-message="author"]').count(), 'the author message once').to.equal(1);

    await panel.locator('button', { hasText: 'Restart' }).click();
    await panel.locator('[data-simulator-waiting="answer"]').waitFor();
    expect(await panel.locator('[data-simulator-message="author"]').count()).to.equal(0);
    expect(await flowSays.count()).to.equal(2);
  });

  it('ends the simulation on the server when the panel closes', async () => {
    const { page } = opened;
    const ended = page.waitForResponse((response) => response.request().method() === 'DELETE' && /\/api\/flowbuilder\/simulator\/[^/]+$/.test(response.url()));
    await page.locator('aside[data-flow-simulator] button[aria-label="Close simulator"]').click();
    expect((await ended).status()).to.be.below(300);
    expect(await page.locator('aside[data-flow-simulator]').count()).to.equal(0);
    expect(await page.locator('[data-node-id][data-active]').count(), 'no block marked once closed').to.equal(0);
  });
});
