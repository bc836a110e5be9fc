import { expect } from 'chai';
import type { Flow } from '@atende/shared';
import { createCompany, customerWrites, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/**
 * A connection's default flow chosen in its dialog, then the conversation's line while that flow
 * runs in a new ticket (ticket.flowRun): its name, the Stop button (DELETE /tickets/{id}/flow)
 * with its toast, and the line gone live when the flow is stopped elsewhere.
 */
describe('web console: running flow in the conversation', function () {
  this.timeout(60_000);
  let console: Console;
  let company: Company;
  let opened: OpenedPage;
  let flow: Flow;

  const flowRunOf = async (ticketId: string) => (await company.admin.tickets.get(ticketId)).flowRun ?? null;

  before(async () => {
    console = await startConsole();
    company = await createCompany(console, 'flowrun');
    // A flow that asks and waits for the answer, as the connection's default flow.
    flow = await company.admin.flows.createFlow('Boas-vindas');
    await company.admin.flows.saveFlow({
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'pergunta', type: 'question', position: { x: 240, y: 0 }, data: { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } } },
      ],
      connections: [{ id: 'e1', source: '1', target: 'pergunta', sourceHandle: 'a' }],
    });
    opened = await openPage(console);
    await signIn(opened.page, company.adminAccount.email, company.adminAccount.password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it("sets and clears the connection's default flow in its dialog", async () => {
    const { page } = opened;
    const choose = async (value: string) => {
      await page.goto('/connections');
      await page.locator('tr[data-connection="Sandbox"] button[aria-label="Edit"]').click();
      const form = page.locator('form[aria-label="Connection details"]');
      const select = form.locator('select[name="flowId"]');
      await select.locator('option', { hasText: 'Boas-vindas' }).waitFor({ state: 'attached' });
      await select.selectOption(value);
      await form.locator('button[type="submit"]').click();
      await waitForToast(page, 'Connection saved.');
    };
    await choose(flow.id);
    expect((await company.admin.whatsapp.get(company.whatsapp.id)).flowId).to.equal(flow.id);
    await choose('');
    expect((await company.admin.whatsapp.get(company.whatsapp.id)).flowId ?? null).to.equal(null);
    await choose(flow.id);
    await page.locator('tr[data-connection="Sandbox"] button[aria-label="Edit"]').click();
    // The flows arrive after the dialog opens: the select shows the saved one once its option is there.
    const reopened = page.locator('form[aria-label="Connection details"] select[name="flowId"]');
    await reopened.locator('option', { hasText: 'Boas-vindas' }).waitFor({ state: 'attached' });
    await page.waitForFunction((id) => (document.querySelector('form[aria-label="Connection details"] select[name="flowId"]') as HTMLSelectElement | null)?.value === id, flow.id, { timeout: 5_000 });
    expect(await reopened.inputValue()).to.equal(flow.id);
    await page.keyboard.press('Escape');
  });

  it('names the running flow and stops it with the Stop button', async () => {
    const { page } = opened;
    const ticket = await customerWrites(company, '5511977770001', 'Maria Cliente', 'Oi');
    await page.goto(`/tickets/${ticket.uuid}`);
    const banner = page.locator('[data-flow-run]');
    await banner.waitFor();
    expect(await banner.textContent()).to.include('Flow running: Boas-vindas');
    await banner.locator('[data-flow-stop]').click();
    await waitForToast(page, 'Flow stopped');
    await banner.waitFor({ state: 'detached' });
    expect(await flowRunOf(ticket.id)).to.equal(null);
  });

  it('drops the line live when the flow is stopped elsewhere', async () => {
    const { page } = opened;
    const ticket = await customerWrites(company, '5511977770002', 'Joao Cliente', 'Bom dia');
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.locator('[data-flow-run]').waitFor();
    await company.admin.flowEngine.stopTicketFlow(ticket.id);
    await page.locator('[data-flow-run]').waitFor({ state: 'detached' });
    expect(await page.locator(`[data-conversation="${ticket.uuid}"]`).count()).to.equal(1);
  });

  it('says why a flow that looped stopped (issue 29: the run budget)', async () => {
    const { page } = opened;
    const loop = await company.admin.flows.createFlow('Laço');
    await company.admin.flows.saveFlow({
      idFlow: loop.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'eco', type: 'message', position: { x: 240, y: 0 }, data: { label: 'De novo' } },
      ],
      connections: [
        { id: 'e1', source: '1', target: 'eco', sourceHandle: 'a' },
        { id: 'e2', source: 'eco', target: 'eco', sourceHandle: 'a' },
      ],
    });
    await company.admin.flows.createFlowCampaign({ name: 'Laço', flowId: loop.id, whatsappId: company.whatsapp.id, phrase: 'quero o laço', status: true });
    const ticket = await customerWrites(company, '5511977770003', 'Rita Cliente', 'quero o laço');
    for (let tries = 0; tries < 200 && !(await company.admin.tickets.get(ticket.id)).flowEnd; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    await page.goto(`/tickets/${ticket.uuid}`);
    const banner = page.locator('[data-flow-end="loopLimit"]');
    await banner.waitFor();
    expect(await banner.textContent()).to.equal('The flow Laço stopped: it ran 50 blocks or sent 20 messages without an answer from the customer (a loop)');
    expect(await page.locator('[data-flow-run]').count()).to.equal(0);
  });
});
