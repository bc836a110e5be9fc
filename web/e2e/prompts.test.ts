import { expect } from 'chai';
import type { Prompt } from '@atende/shared';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../scripts/testing/openaiStandIn.js';
import { createCompany, customerWrites, type Company } from './fixtures.js';
import { apiClient, menuKeys, openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

const INSTRUCTIONS = 'You are the assistant of the shoe shop. Answer briefly and kindly, in the language of the customer.';

describe('web console: AI prompts (/prompts) and the assistant in the conversation', function () {
  this.timeout(90_000);
  let console: Console;
  let company: Company;
  let opened: OpenedPage;
  let ai: OpenAiStandIn;

  before(async () => {
    ai = await startOpenAiStandIn();
    console = await startConsole({ ATENDE_SANDBOX_ACK_MS: '20' });
    company = await createCompany(console, 'prompts');
    opened = await openPage(console);
    await signIn(opened.page, company.adminAccount.email, company.adminAccount.password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
    await ai?.close();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  const promptNamed = async (name: string): Promise<Prompt | undefined> => (await company.admin.prompts.list()).prompts.find((prompt) => prompt.name === name);
  const dialogForm = () => opened.page.locator('form[aria-label="Prompt details"]');

  it("adds a prompt with the dialog's rules, edits it keeping the key, and deletes another after confirming", async () => {
    const { page } = opened;
    expect(await menuKeys(page)).to.include('prompts');
    await page.click('nav >> text=Prompts');
    await page.waitForURL('**/prompts');
    await page.locator('header').getByRole('button', { name: 'Add prompt' }).click();
    const form = dialogForm();
    await form.locator('button[type="submit"]').click();
    for (const field of ['name', 'prompt', 'apiKey']) await form.locator(`[data-error-for="${field}"]`, { hasText: 'Required' }).waitFor();
    await form.locator('[data-error-for="queueId"]', { hasText: 'You must select a sector (queue).' }).waitFor();
    // The spec's defaults are the dialog's initial values.
    expect(await form.locator('input[name="model"]').inputValue()).to.equal('gpt-3.5-turbo-1106');
    expect([await form.locator('input[name="maxTokens"]').inputValue(), await form.locator('input[name="temperature"]').inputValue(), await form.locator('input[name="maxMessages"]').inputValue()]).to.deep.equal(['100', '1', '10']);

    await form.locator('input[name="name"]').fill('Sale');
    await form.locator('textarea[name="prompt"]').fill('Too short to guide anyone.');
    await form.locator('input[name="temperature"]').fill('1.5');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]', { hasText: 'Too Short!' }).waitFor();
    await form.locator('[data-error-for="prompt"]', { hasText: 'Too Short!' }).waitFor();
    await form.locator('[data-error-for="temperature"]').waitFor();

    await form.locator('input[name="name"]').fill('Sales assistant');
    await form.locator('textarea[name="prompt"]').fill(INSTRUCTIONS);
    await form.locator('input[name="model"]').fill('gpt-4o-mini');
    await form.locator('input[name="apiKey"]').fill(ai.apiKey!);
    expect(await form.locator('input[name="apiKey"]').getAttribute('type')).to.equal('password');
    await form.locator('select[name="queueId"]').selectOption({ label: 'Vendas' });
    await form.locator('input[name="temperature"]').fill('0.4');
    await form.locator('input[name="baseURL"]').fill(ai.baseURL);
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Prompt saved.');
    const row = page.locator('tr[data-prompt="Sales assistant"]');
    await row.locator('td', { hasText: 'Vendas' }).waitFor();
    await row.locator('td', { hasText: /^100$/ }).waitFor();
    const saved = (await promptNamed('Sales assistant'))!;
    expect(saved).to.include({ model: 'gpt-4o-mini', temperature: 0.4, queueId: company.queue.id, baseURL: ai.baseURL, apiKey: 'sk-...cdef' });
    expect((await company.admin.queues.get(company.queue.id)).promptId).to.equal(saved.id);

    await row.locator('button[aria-label="Edit"]').click();
    const edit = dialogForm();
    expect(await edit.locator('input[name="apiKey"]').inputValue()).to.equal('sk-...cdef');
    await edit.locator('input[name="maxTokens"]').fill('200');
    await edit.locator('button[type="submit"]').click();
    await waitForToast(page, 'Prompt saved.');
    await row.locator('td', { hasText: /^200$/ }).waitFor();
    expect((await promptNamed('Sales assistant'))!.apiKey).to.equal('sk-...cdef');

    await company.admin.prompts.create({ name: 'Temporary one', prompt: INSTRUCTIONS, apiKey: 'sk-temporary-key-000000000', queueId: company.queue.id });
    await company.admin.queues.update(company.queue.id, { promptId: saved.id });
    const temporary = page.locator('tr[data-prompt="Temporary one"]');
    await temporary.locator('button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"]', { hasText: 'Delete Temporary one?' }).locator('button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'Prompt deleted.');
    await temporary.waitFor({ state: 'detached' });
    expect(await promptNamed('Temporary one')).to.equal(undefined);
  });

  it('shows prompts made, changed and deleted in another session live', async () => {
    const { page } = opened;
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('/prompt"') && resolve()));
    });
    await page.goto('/prompts');
    await page.locator('table').waitFor();
    await subscribed;
    await page.waitForTimeout(200);
    const made = await company.admin.prompts.create({ name: 'Made elsewhere', prompt: INSTRUCTIONS, apiKey: 'sk-elsewhere-key-00000000', queueId: company.queue.id });
    await company.admin.queues.update(company.queue.id, { promptId: (await promptNamed('Sales assistant'))!.id });
    await page.locator('tr[data-prompt="Made elsewhere"]').waitFor();
    await company.admin.prompts.update(made.id, { name: 'Renamed elsewhere', maxTokens: 321 });
    await page.locator('tr[data-prompt="Renamed elsewhere"] td', { hasText: /^321$/ }).waitFor();
    await company.admin.prompts.remove(made.id);
    await page.locator('tr[data-prompt="Renamed elsewhere"]').waitFor({ state: 'detached' });
  });

  it("saves the company's default endpoint, refusing what is no http(s) address", async () => {
    const { page } = opened;
    await page.goto('/prompts');
    const box = page.locator('[data-default-endpoint]');
    await box.locator('input[name="openAiBaseUrl"]').fill('ftp://models.example.com');
    await box.locator('button[type="submit"]').click();
    await box.locator('[data-error-for="openAiBaseUrl"]').waitFor();
    await box.locator('input[name="openAiBaseUrl"]').fill('http://127.0.0.1:11434/v1');
    await box.locator('button[type="submit"]').click();
    await waitForToast(page, 'Default endpoint saved.');
    expect((await company.admin.settings.list()).find((setting) => setting.key === 'openAiBaseUrl')?.value).to.equal('http://127.0.0.1:11434/v1');
  });

  it('picks the prompt of a queue and of a connection in their dialogs', async () => {
    const { page } = opened;
    const second = await company.admin.prompts.create({ name: 'Night shift', prompt: INSTRUCTIONS, apiKey: 'sk-night-shift-key-0000000', queueId: company.queue.id });
    await page.goto('/queues');
    await page.locator('tr[data-queue="Vendas"] button[aria-label="Edit"]').click();
    const queueForm = page.locator('form[aria-label="Queue details"]');
    const queuePicker = queueForm.locator('select[name="promptId"]');
    await queuePicker.locator('option', { hasText: 'Sales assistant' }).waitFor({ state: 'attached' });
    await queuePicker.selectOption({ label: 'Sales assistant' });
    await page.locator('[role="dialog"] footer button[type="submit"]').click();
    await waitForToast(page, 'Queue saved.');
    expect((await company.admin.queues.get(company.queue.id)).promptId).to.equal((await promptNamed('Sales assistant'))!.id);

    await page.goto('/connections');
    await page.locator('tr[data-connection="Sandbox"] button[aria-label="Edit"]').click();
    const connectionForm = page.locator('form[aria-label="Connection details"]');
    const connectionPicker = connectionForm.locator('select[name="promptId"]');
    await connectionPicker.locator('option', { hasText: 'Night shift' }).waitFor({ state: 'attached' });
    await connectionPicker.selectOption({ label: 'Night shift' });
    await connectionForm.locator('button[type="submit"]').click();
    await waitForToast(page, 'Connection saved.');
    expect((await company.admin.whatsapp.get(company.whatsapp.id)).promptId).to.equal(second.id);
    await company.admin.whatsapp.update(company.whatsapp.id, { promptId: null });
  });

  it('the conversation says when the assistant answers, hands over or fails; the list flags the ticket that wants an agent', async () => {
    const { page } = opened;
    ai.reset();
    ai.answer('Temos sim, de todos os tamanhos!');
    const ticket = await customerWrites(company, '5511977771001', 'Maria Cliente', 'Oi, vocês têm sapatos?');
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.locator('[data-conversation]', { hasText: 'Temos sim, de todos os tamanhos!' }).waitFor();
    await page.locator('[data-ai-answering]', { hasText: 'The AI assistant answers this ticket until an agent accepts it.' }).waitFor();
    expect(ai.chats[0]!.messages[0]).to.deep.equal({ role: 'system', content: INSTRUCTIONS });

    await company.admin.sandbox.send(company.whatsapp.id, { from: '5511977771001', name: 'Maria Cliente', body: 'Quero falar com um atendente' });
    await page.locator('[data-ai-handed-over]').waitFor();
    await page.click('[role="tab"][data-tab="pending"]');
    await page.locator(`[data-ticket="${ticket.uuid}"] [data-handed-over]`, { hasText: 'Wants an agent' }).waitFor();

    ai.fail(500);
    const failing = await customerWrites(company, '5511977771002', 'João Cliente', 'Olá?');
    await page.goto(`/tickets/${failing.uuid}`);
    const alert = page.locator('[data-ai-error="server"]');
    await alert.waitFor();
    expect(await alert.textContent()).to.include('The AI assistant could not answer (the endpoint failed, HTTP 500)');
    ai.reset();
  });

  it('without the plan flag: no menu entry; the page says so and returns to / after a second', async () => {
    const plan = await console.api.plans.create({ name: 'No AI', users: 3, connections: 1, queues: 1, value: 0, useOpenAi: false });
    await console.api.companies.create({ name: 'No AI Co', email: 'admin@noai.test', planId: plan.id, password: 'admin-secret' });
    const admin = apiClient(console.server);
    await admin.auth.login({ email: 'admin@noai.test', password: 'admin-secret' });
    const other = await openPage(console);
    try {
      await signIn(other.page, 'admin@noai.test', 'admin-secret');
      expect(await menuKeys(other.page)).to.not.include('prompts');
      await other.page.goto('/prompts');
      await waitForToast(other.page, 'This company has no permission to access this page! Redirecting you.');
      expect(new URL(other.page.url()).pathname).to.equal('/prompts');
      await other.page.waitForURL((url) => url.pathname === '/');
      expect(other.errors).to.deep.equal([]);
    } finally {
      await other.context.close();
    }
  });
});
