import { expect } from 'chai';
import type { Flow } from '@atende/shared';
import { createCompany, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/**
 * /phrase-lists (document 3 sections 2, 5, 6, 7): the dialog's required fields and its selects
 * (the company's flows and connections), the status switch on by default, the toasts, add and
 * edit for the profiles that write flows, delete for those that may delete contacts, and the
 * table kept live.
 */
describe('web console: phrase campaigns', function () {
  this.timeout(60_000);
  let console: Console;
  let company: Company;
  let flow: Flow;
  let admin: OpenedPage;

  const campaigns = async () => (await company.admin.flows.listFlowCampaigns()).flow;
  const row = (page: OpenedPage['page'], name: string) => page.locator(`tr[data-phrase-campaign="${name}"]`);

  before(async () => {
    console = await startConsole();
    company = await createCompany(console, 'phrases');
    flow = await company.admin.flows.createFlow('Promoção');
    admin = await openPage(console);
    await signIn(admin.page, company.adminAccount.email, company.adminAccount.password);
    await admin.page.evaluate(() => window.localStorage.setItem('cshow', '1'));
  });

  after(async () => {
    await admin?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(admin.errors).to.deep.equal([]));

  it('requires name, flow, connection and phrase, and creates the campaign active by default', async () => {
    const { page } = admin;
    await page.goto('/phrase-lists');
    await page.locator('h1', { hasText: 'Phrase campaigns' }).waitFor();
    await page.click('text=Add campaign');
    const form = page.locator('form[aria-label="Campaign details"]');
    await form.locator('button[type="submit"]').click();
    for (const field of ['name', 'flowId', 'whatsappId', 'phrase']) expect(await form.locator(`[data-error-for="${field}"]`).textContent(), field).to.equal('Required');
    expect(await form.locator('input[role="switch"]').isChecked()).to.equal(true);
    expect(await form.locator('select[name="flowId"] option').allTextContents()).to.deep.equal(['Choose a flow', 'Promoção']);
    expect(await form.locator('select[name="whatsappId"] option').allTextContents()).to.deep.equal(['Choose a connection', 'Sandbox']);

    await form.locator('input[name="name"]').fill('Promo de verão');
    await form.locator('select[name="flowId"]').selectOption(flow.id);
    await form.locator('select[name="whatsappId"]').selectOption(company.whatsapp.id);
    await form.locator('input[name="phrase"]').fill('Quero a promoção');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Phrase created successfully!');
    expect(await row(page, 'Promo de verão').locator('td').nth(1).textContent()).to.equal('Active');
    const [saved] = await campaigns();
    expect(saved).to.deep.include({ name: 'Promo de verão', flowId: flow.id, whatsappId: company.whatsapp.id, phrase: 'Quero a promoção', status: true });
  });

  it('edits the campaign: switched off, it shows Inactive', async () => {
    const { page } = admin;
    await row(page, 'Promo de verão').locator('button[aria-label="Edit"]').click();
    const form = page.locator('form[aria-label="Campaign details"]');
    expect(await form.locator('input[name="phrase"]').inputValue()).to.equal('Quero a promoção');
    expect(await form.locator('select[name="flowId"]').inputValue()).to.equal(flow.id);
    await form.locator('input[role="switch"]').click();
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'Phrase changed successfully!');
    await page.locator('tr[data-phrase-campaign="Promo de verão"] td[data-status="false"]').waitFor();
    expect(await row(page, 'Promo de verão').locator('td').nth(1).textContent()).to.equal('Inactive');
    expect((await campaigns())[0]?.status).to.equal(false);
  });

  it('follows campaigns made elsewhere, live, and deletes one after confirming', async () => {
    const { page } = admin;
    const made = await company.admin.flows.createFlowCampaign({ name: 'Pela API', flowId: flow.id, whatsappId: company.whatsapp.id, phrase: 'oi api' });
    await row(page, 'Pela API').waitFor();
    await row(page, 'Pela API').locator('button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"]', { hasText: 'Delete Pela API?' }).locator('button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'Phrase deleted');
    await row(page, 'Pela API').waitFor({ state: 'detached' });
    expect((await campaigns()).map((campaign) => campaign.id)).not.to.include(made.id);
  });

  it('shows the campaigns read-only to a profile that may not write flows nor delete contacts', async () => {
    const agent = await openPage(console);
    try {
      await signIn(agent.page, company.agentAccount.email, company.agentAccount.password);
      await agent.page.evaluate(() => window.localStorage.setItem('cshow', '1'));
      await agent.page.goto('/phrase-lists');
      await row(agent.page, 'Promo de verão').waitFor();
      expect(await row(agent.page, 'Promo de verão').locator('button[aria-label="Edit"]').count()).to.equal(0);
      expect(await agent.page.locator('button', { hasText: 'Add campaign' }).count()).to.equal(0);
      expect(await row(agent.page, 'Promo de verão').locator('button[aria-label="Delete"]').count()).to.equal(0);
      expect(agent.errors).to.deep.equal([]);
    } finally {
      await agent.context.close();
    }
  });
});
