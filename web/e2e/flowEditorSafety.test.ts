import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { createCompany, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/**
 * Issue 30 item 9: the flow editor keeps unsaved work (it asks before leaving), undoes and redoes
 * the last edits, puts new blocks where the user sees them, names the block a refused save is
 * about, and shows users who may not write flows a read-only view.
 */
describe('web console: flow editor keeps work safe', function () {
  this.timeout(90_000);
  let console: Console;
  let company: Company;
  let admin: OpenedPage;

  const nodes = (page: Page) => page.locator('.react-flow__node');
  const dialog = (page: Page, title: string) => page.locator('[role="dialog"]', { hasText: title });

  async function openEditor(page: Page, flowId: string): Promise<void> {
    await page.goto(`/flowbuilder/${flowId}`);
    await page.locator('[data-flow-canvas]:not([data-loading]) .react-flow__node').first().waitFor();
  }

  async function addQuestion(page: Page, message: string): Promise<Locator> {
    const before = await page.locator('.react-flow__node-question').count();
    await page.click('[data-add-block="question"]');
    const form = dialog(page, 'Adicionar Pergunta ao fluxo');
    await form.locator('textarea[name="message"]').fill(message);
    await form.locator('input[name="answerKey"]').fill(`v${before}`);
    await form.locator('[data-block-submit]').click();
    await page.locator('.react-flow__node-question').nth(before).waitFor();
    return page.locator('.react-flow__node-question').nth(before);
  }

  /** Whether the page asks before it is closed or reloaded (its beforeunload handler cancels the event). */
  const asksOnUnload = (page: Page) => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));

  before(async function () {
    console = await startConsole();
    company = await createCompany(console, 'fluxoseguro');
    admin = await openPage(console);
    await signIn(admin.page, company.adminAccount.email, company.adminAccount.password);
    await admin.page.evaluate(() => {
      localStorage.setItem('cshow', 'true');
      localStorage.setItem('i18nextLng', 'pt');
    });
  });

  after(async () => {
    await admin?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(admin.errors).to.deep.equal([]));

  it('asks before leaving with unsaved work (a menu link, Back, closing the tab), and lets go once saved', async () => {
    const { page } = admin;
    const flow = await company.admin.flows.createFlow('Guardado');
    // Opened from the list: Back returns there inside the console.
    await page.goto('/flowbuilders');
    await page.locator('tr[data-flow="Guardado"]').getByText('Guardado').click();
    await page.locator('[data-flow-canvas]:not([data-loading]) .react-flow__node').first().waitFor();
    expect(await asksOnUnload(page)).to.equal(false);
    await addQuestion(page, 'Qual é o seu nome?');
    await page.locator('[data-flow-canvas][data-dirty]').waitFor();
    expect(await asksOnUnload(page)).to.equal(true);

    await page.click('nav[data-variant] [data-menu="tickets"]');
    const leave = dialog(page, 'Sair sem salvar?');
    await leave.getByText('As alterações deste fluxo ainda não foram salvas').waitFor();
    await leave.getByRole('button', { name: 'Cancelar' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).to.equal(`/flowbuilder/${flow.id}`);
    expect(await nodes(page).count()).to.equal(2);

    await page.goBack();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancelar' }).click();
    expect(new URL(page.url()).pathname).to.equal(`/flowbuilder/${flow.id}`);

    await page.click('[data-save-flow]');
    await waitForToast(page, 'Fluxo salvo com sucesso');
    await page.locator('[data-flow-canvas]:not([data-dirty])').waitFor();
    expect(await asksOnUnload(page)).to.equal(false);
    await page.click('nav[data-variant] [data-menu="tickets"]');
    await page.waitForURL('**/tickets');
    expect(await dialog(page, 'Sair sem salvar?').count()).to.equal(0);

    // Leaving without saving, when the user says so.
    await openEditor(page, flow.id);
    await addQuestion(page, 'E o seu e-mail?');
    await page.click('nav[data-variant] [data-menu="tickets"]');
    await dialog(page, 'Sair sem salvar?').getByRole('button', { name: 'Sair sem salvar' }).click();
    await page.waitForURL('**/tickets');
    const { flow: stored } = await company.admin.flows.getFlow(flow.id);
    expect(stored.flow!.nodes).to.have.length(2);

    // Back, when the user says so, leaves for the list.
    await page.goto('/flowbuilders');
    await page.locator('tr[data-flow="Guardado"]').getByText('Guardado').click();
    await page.locator('[data-flow-canvas]:not([data-loading]) .react-flow__node').first().waitFor();
    await addQuestion(page, 'E o seu telefone?');
    await page.goBack();
    await dialog(page, 'Sair sem salvar?').getByRole('button', { name: 'Sair sem salvar' }).click();
    await page.waitForURL('**/flowbuilders');
  });

  it('undoes and redoes the last edits with Ctrl+Z / Ctrl+Shift+Z and the buttons', async () => {
    const { page } = admin;
    const flow = await company.admin.flows.createFlow('Desfazer');
    await openEditor(page, flow.id);
    expect(await page.locator('[data-undo]').isDisabled()).to.equal(true);
    const first = await addQuestion(page, 'Primeira');
    await addQuestion(page, 'Segunda');
    expect(await nodes(page).count()).to.equal(3);

    await page.keyboard.press('Control+z');
    await page.locator('.react-flow__node-question').nth(1).waitFor({ state: 'detached' });
    expect(await nodes(page).count()).to.equal(2);
    await page.keyboard.press('Control+z');
    await first.waitFor({ state: 'detached' });
    expect(await nodes(page).count()).to.equal(1);
    await page.keyboard.press('Control+Shift+z');
    await page.locator('.react-flow__node-question').first().getByText('Primeira').waitFor();
    await page.click('[data-redo]');
    await page.locator('.react-flow__node-question').nth(1).getByText('Segunda').waitFor();
    expect(await page.locator('[data-redo]').isDisabled()).to.equal(true);

    // A block deleted with its trash icon comes back with Undo.
    await page.locator('.react-flow__node-question').first().getByRole('button', { name: 'Excluir bloco' }).click();
    await page.locator('.react-flow__node-question').nth(1).waitFor({ state: 'detached' });
    await page.click('[data-undo]');
    await page.locator('.react-flow__node-question').first().getByText('Primeira').waitFor();
    expect(await nodes(page).count()).to.equal(3);
  });

  it('places new blocks in view, around its centre, none over another, wherever the view was moved', async () => {
    const { page } = admin;
    const flow = await company.admin.flows.createFlow('Posições');
    await openEditor(page, flow.id);
    const canvas = (await page.locator('[data-flow-canvas] .react-flow__pane').boundingBox())!;
    // Move the view far from the start block, as a user drags the canvas.
    await page.mouse.move(canvas.x + canvas.width - 40, canvas.y + canvas.height - 40);
    await page.mouse.down();
    await page.mouse.move(canvas.x + 200, canvas.y + 40, { steps: 10 });
    await page.mouse.up();
    const boxes: { x: number; y: number; width: number; height: number }[] = [];
    for (const text of ['Um', 'Dois', 'Três', 'Quatro']) boxes.push((await (await addQuestion(page, text)).boundingBox())!);
    for (const box of boxes) {
      expect(box.x, 'inside the view').to.be.within(canvas.x, canvas.x + canvas.width - box.width);
      expect(box.y, 'inside the view').to.be.within(canvas.y, canvas.y + canvas.height - 40);
    }
    // The first at the centre, the others around it: none covers another.
    const centre = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    expect(Math.abs(boxes[0]!.x + boxes[0]!.width / 2 - centre.x)).to.be.lessThan(20);
    expect(Math.abs(boxes[0]!.y + boxes[0]!.height / 2 - centre.y)).to.be.lessThan(40);
    boxes.forEach((box, index) =>
      boxes.slice(index + 1).forEach((other) => {
        const apart = box.x + box.width <= other.x || other.x + other.width <= box.x || box.y + box.height <= other.y || other.y + other.height <= box.y;
        expect(apart, 'blocks do not overlap').to.equal(true);
      }),
    );
  });

  it('names the block a refused save is about, and shows it', async () => {
    const { page } = admin;
    const flow = await company.admin.flows.createFlow('Padrões');
    await openEditor(page, flow.id);
    await addQuestion(page, 'Diga algo');
    for (const pattern of ['^sim$', '(a)\\1']) {
      await page.click('[data-add-block="condition"]');
      const form = dialog(page, 'Adicionar condição ao fluxo');
      await form.locator('select[name="condition"]').selectOption('regex');
      await form.locator('input[name="value"]').fill(pattern);
      await form.locator('[data-block-submit]').click();
      await form.waitFor({ state: 'detached' });
    }
    await page.locator('.react-flow__node-condition').nth(1).waitFor();
    await page.click('[data-save-flow]');
    await waitForToast(page, 'Bloco: Condição 2.');
    await page.locator('.react-flow__node-condition').nth(1).locator('[data-selected]').waitFor();
    expect(await page.locator('.react-flow__node-condition').first().locator('[data-selected]').count()).to.equal(0);
  });

  it('shows a user who may not write flows a read-only view: no block menu, no save, no moving or deleting; the simulator stays', async () => {
    const flow = await company.admin.flows.createFlow('Somente leitura');
    await company.admin.flows.saveFlow({
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'pergunta', type: 'question', position: { x: 300, y: 0 }, data: { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } } },
      ],
      connections: [{ id: 'e1', source: '1', target: 'pergunta', sourceHandle: 'a' }],
    });
    const agent = await openPage(console);
    try {
      const { page } = agent;
      await signIn(page, company.agentAccount.email, company.agentAccount.password);
      await page.evaluate(() => {
        localStorage.setItem('cshow', 'true');
        localStorage.setItem('i18nextLng', 'pt');
      });
      await openEditor(page, flow.id);
      await page.locator('[data-read-only]', { hasText: 'Somente leitura' }).first().waitFor();
      expect(await page.locator('[data-add-block]').count()).to.equal(0);
      expect(await page.locator('[data-save-flow]').count()).to.equal(0);
      expect(await page.locator('[data-undo]').count()).to.equal(0);
      expect(await page.getByRole('button', { name: 'Excluir bloco' }).count()).to.equal(0);
      expect(await page.locator('[data-simulate]').count()).to.equal(1);

      const question = page.locator('.react-flow__node[data-id="pergunta"]');
      /** Where the block is in the drawing (dragging the view moves its box on screen, not this). */
      const placed = () => question.evaluate((element: HTMLElement) => element.style.transform);
      const before = await placed();
      const box = (await question.boundingBox())!;
      await question.locator('[data-block] header strong').dblclick();
      expect(await page.locator('[role="dialog"]').count()).to.equal(0);
      await page.mouse.move(box.x + 40, box.y + 10);
      await page.mouse.down();
      await page.mouse.move(box.x + 240, box.y + 160, { steps: 8 });
      await page.mouse.up();
      expect(await placed()).to.equal(before);
      await question.click();
      await page.keyboard.press('Delete');
      expect(await nodes(page).count()).to.equal(2);
      expect(await asksOnUnload(page)).to.equal(false);
      expect(agent.errors).to.deep.equal([]);
    } finally {
      await agent.context.close();
    }
  });

  it('flags a loop that waits only on intervals (issue 29: it would write to a silent customer)', async () => {
    const { page } = admin;
    const flow = await company.admin.flows.createFlow('Laço com intervalo');
    await company.admin.flows.saveFlow({
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'oi', type: 'question', position: { x: 300, y: 0 }, data: { typebotIntegration: { message: 'Oi', answerKey: 'oi' } } },
        { id: 'novidade', type: 'singleBlock', position: { x: 600, y: 0 }, data: { seq: ['message0'], elements: [{ number: 'message0', type: 'message', value: 'Novidade!' }] } },
        { id: 'espera', type: 'interval', position: { x: 900, y: 0 }, data: { sec: 5 } },
      ],
      connections: [
        { id: 'e1', source: '1', target: 'oi', sourceHandle: 'a' },
        { id: 'e2', source: 'oi', target: 'novidade', sourceHandle: 'a' },
        { id: 'e3', source: 'novidade', target: 'espera', sourceHandle: 'a' },
        { id: 'e4', source: 'espera', target: 'novidade', sourceHandle: 'a' },
      ],
    });
    await openEditor(page, flow.id);
    const interval = page.locator('.react-flow__node[data-id="espera"]');
    await interval.locator('[data-block-problems]', { hasText: 'Laço que nunca espera o cliente: continua escrevendo até o fluxo pará-lo após 50 blocos' }).waitFor();
    expect(await page.locator('.react-flow__node[data-id="oi"] [data-block-problems]').count()).to.equal(0);
  });
});
