import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { PLAN_FLAGS, type PlanFlags, type Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { apiClient, openPage, pairedSandbox, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/** A local HTTP server answering with `respond` and recording each request's path and body. */
async function localServer(respond: (path: string, body: string) => { status: number; json?: unknown }) {
  const requests: { path: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', body });
      const answer = respond(request.url ?? '', body);
      response.statusCode = answer.status;
      if (answer.json !== undefined) response.setHeader('content-type', 'application/json');
      response.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The queue integrations page (/queue-integration): the fields each type shows, the name's rules,
 * the dialogflow test button against a local stand-in of Dialogflow's REST API, the webhook's secret
 * shown once and rotated, its delivery log after a customer writes (the connection's picker set in
 * its dialog), the queue dialog's picker, the delete refused while in use, live updates, and the
 * plan gate.
 */
describe('web console: queue integrations (/queue-integration)', function () {
  this.timeout(90_000);
  let console: Console;
  let receiver: Awaited<ReturnType<typeof localServer>>;
  let dialogflow: Awaited<ReturnType<typeof localServer>>;
  let admin: ApiClient;
  let whatsapp: Whatsapp;
  let opened: OpenedPage;
  const email = 'admin@integrations.test';
  const password = 'admin-secret';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const credentials = JSON.stringify({ type: 'service_account', project_id: 'atende-bot', private_key_id: 'key-1234', private_key: privateKey, client_email: 'bot@atende-bot.iam.gserviceaccount.com' });

  async function company(slug: string, useIntegrations: boolean): Promise<ApiClient> {
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag === 'useIntegrations' ? useIntegrations : flag === 'useExternalApi'])) as PlanFlags;
    const plan = await console.api.plans.create({ name: `Integrations ${slug}`, users: 3, connections: 2, queues: 3, value: 0, ...flags });
    await console.api.companies.create({ name: `Integrations ${slug}`, email: `admin@${slug}.test`, planId: plan.id, password });
    const client = apiClient(console.server);
    await client.auth.login({ email: `admin@${slug}.test`, password });
    return client;
  }

  before(async () => {
    receiver = await localServer(() => ({ status: 200 }));
    // Dialogflow's detectIntent: the project "atende-bot" answers, any other is not found.
    dialogflow = await localServer((path, body) => {
      const project = /^\/v2\/projects\/([^/]+)\//.exec(path)?.[1];
      if (project !== 'atende-bot') return { status: 404, json: { error: { code: 404, message: `Project ${project} not found.`, status: 'NOT_FOUND' } } };
      const said = (JSON.parse(body) as { queryInput: { text: { text: string } } }).queryInput.text.text;
      return { status: 200, json: { responseId: 'r1', queryResult: { queryText: said, fulfillmentText: `Olá! Você disse ${said}`, fulfillmentMessages: [{ text: { text: [`Olá! Você disse ${said}`] } }], intent: { displayName: 'Welcome' } } } };
    });
    console = await startConsole({ ATENDE_DIALOGFLOW_URL: dialogflow.url, ATENDE_INTEGRATION_RETRY_MS: '200' });
    admin = await company('integrations', true);
    whatsapp = await pairedSandbox(admin, { name: 'Sandbox', isDefault: true, greetingMessage: '' });
    opened = await openPage(console);
    await signIn(opened.page, email, password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
    await Promise.all([receiver?.close(), dialogflow?.close()]);
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  const form = () => opened.page.locator('form[aria-label="Integration details"]');
  const visibleFields = async () => (await form().locator('input[name], select[name], textarea[name]').evaluateAll((fields) => fields.map((field) => field.getAttribute('name')))).sort();

  it('shows the fields of each type, checks the name, and saves a typebot with its defaults', async () => {
    const { page } = opened;
    await page.click('nav >> text=Integrations');
    await page.waitForURL('**/queue-integration');
    await page.locator('header').getByRole('button', { name: 'Add', exact: true }).click();
    const byType: Record<string, string[]> = {
      dialogflow: ['jsonContent', 'language', 'name', 'projectName', 'type'],
      n8n: ['name', 'type', 'urlN8N'],
      webhook: ['name', 'type', 'urlN8N'],
      typebot: ['name', 'type', 'typebotDelayMessage', 'typebotExpires', 'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotRestartMessage', 'typebotSlug', 'typebotUnknownMessage', 'urlN8N'],
      flowbuilder: ['flowId', 'name', 'type'],
    };
    for (const [type, fields] of Object.entries(byType)) {
      await form().locator('select[name="type"]').selectOption(type);
      await form().locator(`[data-integration-type="${type}"]`).or(form()).first().waitFor();
      expect(await visibleFields(), type).to.deep.equal(fields);
      expect(await form().locator('[data-test-session]').count(), type).to.equal(type === 'dialogflow' ? 1 : 0);
    }
    await form().locator('select[name="type"]').selectOption('typebot');
    await form().locator('input[name="name"]').fill('A');
    await form().locator('button[type="submit"]').click();
    await form().locator('[data-error-for="name"]', { hasText: 'Too Short!' }).waitFor();
    await form().locator('[data-error-for="urlN8N"]', { hasText: 'Required' }).waitFor();
    await form().locator('input[name="name"]').fill('x'.repeat(51));
    await form().locator('[data-error-for="name"]', { hasText: 'Too Long!' }).waitFor();
    expect(await form().locator('input[name="typebotExpires"]').inputValue()).to.equal('1');
    expect(await form().locator('input[name="typebotDelayMessage"]').inputValue()).to.equal('1000');
    await form().locator('input[name="name"]').fill('Sales bot');
    await form().locator('input[name="urlN8N"]').fill('https://typebot.example.com');
    await form().locator('input[name="typebotSlug"]').fill('sales-bot');
    await form().locator('input[name="typebotKeywordFinish"]').fill('#sair');
    await form().locator('button[type="submit"]').click();
    await waitForToast(page, 'Integration saved.');
    const row = page.locator('tr[data-integration="Sales bot"]');
    await row.waitFor();
    const [saved] = (await admin.queueIntegrations.page({ searchParam: 'Sales bot' })).queueIntegrations;
    expect(saved).to.deep.include({ type: 'typebot', typebotSlug: 'sales-bot', typebotExpires: 1, typebotDelayMessage: 1000, typebotKeywordFinish: '#sair', projectName: 'Sales bot' });
    expect(await row.textContent()).to.contain(saved!.id);
    expect(await row.locator('[role="img"][aria-label="Typebot"]').count()).to.equal(1);
  });

  it('tests dialogflow credentials with the button: the agent answers, or the reason it did not', async () => {
    const { page } = opened;
    await page.goto('/queue-integration');
    await page.locator('header').getByRole('button', { name: 'Add', exact: true }).click();
    await form().locator('select[name="type"]').selectOption('dialogflow');
    await form().locator('input[name="name"]').fill('Agent');
    await form().locator('select[name="language"]').selectOption('pt-BR');
    await form().locator('input[name="projectName"]').fill('atende-bot');
    await form().locator('textarea[name="jsonContent"]').fill(credentials);
    await form().locator('[data-test-session]').click();
    await form().locator('[data-test-outcome="ok"]', { hasText: 'Olá! Você disse Oi' }).waitFor();
    const asked = dialogflow.requests.at(-1)!;
    expect(JSON.parse(asked.body).queryInput.text).to.deep.equal({ text: 'Oi', languageCode: 'pt-BR' });
    await form().locator('input[name="projectName"]').fill('other-project');
    await form().locator('[data-test-session]').click();
    await form().locator('[data-test-outcome="failed"]', { hasText: 'other-project not found' }).waitFor();
    await form().locator('input[name="projectName"]').fill('atende-bot');
    await form().locator('button[type="submit"]').click();
    await waitForToast(page, 'Integration saved.');
    // Reopened: the credentials are masked, and the mask still tests the stored ones.
    await page.locator('tr[data-integration="Agent"] button[aria-label="Edit"]').click();
    const masked = await form().locator('textarea[name="jsonContent"]').inputValue();
    expect(masked).to.equal('•••• bot@atende-bot.iam.gserviceaccount.com ••••1234');
    await form().locator('[data-test-session]').click();
    await form().locator('[data-test-outcome="ok"]').waitFor();
    await page.keyboard.press('Escape');
  });

  it("shows a webhook's secret once, rotates it, and logs the deliveries of its connection's customers", async () => {
    const { page } = opened;
    await page.goto('/queue-integration');
    await page.locator('header').getByRole('button', { name: 'Add', exact: true }).click();
    await form().locator('select[name="type"]').selectOption('webhook');
    await form().locator('input[name="name"]').fill('Orders hook');
    await form().locator('input[name="urlN8N"]').fill(`${receiver.url}/orders`);
    await form().locator('button[type="submit"]').click();
    const secret = await page.locator('[data-new-secret]').textContent();
    expect(secret).to.match(/^whsec_[0-9a-f]{48}$/);
    await page.locator('[role="dialog"]', { hasText: 'Copy this secret now' }).getByRole('button', { name: 'Close', exact: true }).last().click();
    const row = page.locator('tr[data-integration="Orders hook"]');
    await row.locator('button[aria-label="Edit"]').click();
    expect(await form().locator('[data-secret-mask]').textContent()).to.equal(`${secret!.slice(0, 6)}...${secret!.slice(-4)}`);
    await form().locator('[data-rotate-secret]').click();
    await page.locator('[role="dialog"]', { hasText: 'Make a new secret?' }).locator('button', { hasText: 'Confirm' }).click();
    const rotated = await page.locator('[data-new-secret]').textContent();
    expect(rotated).to.match(/^whsec_/).and.not.equal(secret);
    await page.locator('[role="dialog"]', { hasText: 'Copy this secret now' }).getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.keyboard.press('Escape');

    // The connection's dialog hands its customers to the webhook.
    await page.goto('/connections');
    await page.locator('tr[data-connection="Sandbox"] button[aria-label="Edit"]').click();
    const connection = page.locator('form[aria-label="Connection details"]');
    const picker = connection.locator('select[name="integrationId"]');
    await picker.locator('option', { hasText: 'Orders hook (Webhook)' }).waitFor({ state: 'attached' });
    const [hook] = (await admin.queueIntegrations.page({ searchParam: 'Orders hook' })).queueIntegrations;
    await picker.selectOption(hook!.id);
    await connection.locator('button[type="submit"]').click();
    await waitForToast(page, 'Connection saved.');
    expect((await admin.whatsapp.get(whatsapp.id)).integrationId).to.equal(hook!.id);

    await page.goto('/queue-integration');
    await page.locator('tr[data-integration="Orders hook"] button[aria-label="Deliveries"]').click();
    const log = page.locator('[role="dialog"]', { hasText: 'Deliveries of Orders hook' });
    await log.locator('text=No event sent yet.').waitFor();
    await admin.sandbox.send(whatsapp.id, { from: '5511966660001', name: 'Rita Cliente', body: 'Where is my order?' });
    // Live: the log shows the delivery once made.
    const delivered = log.locator('[data-status="delivered"]');
    await delivered.waitFor({ timeout: 15_000 });
    expect(await delivered.locator('[data-attempt="200"]').count()).to.equal(1);
    await delivered.locator('summary').click();
    expect(await delivered.locator('pre').textContent()).to.contain('Where is my order?');
    expect(receiver.requests.map((request) => request.path)).to.include('/orders');
    await page.keyboard.press('Escape');

    // The conversation says who is answering.
    const { tickets } = await admin.tickets.list({ searchParam: '5511966660001', showAll: true });
    await page.goto(`/tickets/${tickets[0]!.uuid}`);
    await page.locator('[data-integration-run="answering"]', { hasText: 'Orders hook (Webhook) is answering this customer.' }).waitFor();

    // In use by the connection: the delete is refused with the reason.
    await page.goto('/queue-integration');
    await page.locator('tr[data-integration="Orders hook"] button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"]', { hasText: 'Delete Orders hook?' }).locator('button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'This integration is used by a queue or a connection.');
    await admin.whatsapp.update(whatsapp.id, { integrationId: null });
    await page.locator('tr[data-integration="Orders hook"] button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"]', { hasText: 'Delete Orders hook?' }).locator('button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'Integration deleted.');
    await page.locator('tr[data-integration="Orders hook"]').waitFor({ state: 'detached' });
  });

  it("picks a queue's integration in its dialog, and shows integrations made elsewhere live", async () => {
    const { page } = opened;
    const flow = await admin.flows.createFlow('Pedidos');
    await page.goto('/queue-integration');
    await page.locator('table').waitFor();
    await page.waitForTimeout(300);
    const made = await admin.queueIntegrations.create({ type: 'flowbuilder', name: 'Orders flow', flowId: flow.id });
    await page.locator('tr[data-integration="Orders flow"][data-type="flowbuilder"]').waitFor();
    await admin.queueIntegrations.update(made.id, { name: 'Orders flow 2' });
    await page.locator('tr[data-integration="Orders flow 2"]').waitFor();

    const queue = await admin.queues.create({ name: 'Pedidos', color: '#aa3355', greetingMessage: 'Oi' });
    await page.goto('/queues');
    await page.locator('tr[data-queue="Pedidos"] button[aria-label="Edit"]').click();
    const dialog = page.locator('form[aria-label="Queue details"]');
    const picker = dialog.locator('select[name="integrationId"]');
    await picker.locator('option', { hasText: 'Orders flow 2 (Conversation flow)' }).waitFor({ state: 'attached' });
    await picker.selectOption(made.id);
    await page.locator('[role="dialog"]').getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Queue saved');
    expect((await admin.queues.get(queue.id)).integrationId).to.equal(made.id);
  });

  it('without the plan flag: no menu entry, and the page says so and returns to / after a second', async () => {
    await company('noplan', false);
    const { context, page } = await openPage(console);
    await signIn(page, 'admin@noplan.test', password);
    expect(await page.locator('nav >> text=Integrations').count()).to.equal(0);
    await page.goto('/queue-integration');
    await waitForToast(page, 'This company does not have permission to access this page!');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
