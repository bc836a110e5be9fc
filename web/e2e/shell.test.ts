import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { PLAN_FLAGS, type PlanFlags } from '@atende/shared';
import { apiClient, menuKeys, openPage, screenshot, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, signIn, startConsole, waitForToast, type Console } from './support.js';

const PASSWORD = 'secret-123';
const ADMIN_EMAIL = 'admin@basic.test';
const AGENT_EMAIL = 'agent@basic.test';

async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

describe('web console: sign-up, shell, gating, theme, language, narrow layout', () => {
  let console: Console;

  before(async () => {
    console = await startConsole();
    // A plan with kanban only, a company on it, its admin and an agent (profile user).
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag === 'useKanban'])) as PlanFlags;
    const plan = await console.api.plans.create({ name: 'Basic', users: 5, connections: 2, queues: 3, value: 49, ...flags });
    await console.api.companies.create({ name: 'Basic Co', email: ADMIN_EMAIL, planId: plan.id, password: PASSWORD, dueDate: '2099-06-30T12:00:00.000Z' });
    const companyAdmin = apiClient(console.server);
    await companyAdmin.auth.login({ email: ADMIN_EMAIL, password: PASSWORD });
    await companyAdmin.users.create({ name: 'Agent Smith', email: AGENT_EMAIL, password: PASSWORD, profile: 'user' });
  });

  after(() => console?.stop());

  it('keeps guests on the public pages and sends them to /login', async () => {
    const { context, page, errors } = await openPage(console);
    await page.goto('/users');
    await page.waitForURL('**/login');
    expect(await page.textContent('footer')).to.contain('8.0.1');
    // An unknown address says so instead of sending the guest somewhere else.
    await page.goto('/nowhere');
    await page.locator('[data-not-found]').waitFor();
    expect(new URL(page.url()).pathname).to.equal('/nowhere');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('signs the super admin in: /tickets, the greeting and the due date, the whole menu; / for public routes then', async () => {
    const { context, page, errors } = await openPage(console);
    await signIn(page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    expect(await page.textContent('[data-greeting]')).to.match(/^Hello, .+ · .+$/);
    expect(await page.getAttribute('[data-due-date]', 'data-due-soon')).to.equal('false');
    const keys = await menuKeys(page);
    expect(keys).to.include.members(['dashboard', 'tickets', 'kanban', 'chats', 'announcements', 'connections', 'users', 'settings']);
    expect(await page.textContent('nav[data-variant]')).to.contain('8.0.1');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('gates the menu by role and plan', async () => {
    const admin = await openPage(console);
    await signIn(admin.page, ADMIN_EMAIL, PASSWORD);
    const adminKeys = await menuKeys(admin.page);
    expect(adminKeys).to.deep.equal(['dashboard', 'tickets', 'kanban', 'quickMessages', 'todolist', 'contacts', 'tags', 'helps', 'flowsGroup', 'connections', 'files', 'queues', 'users', 'financeiro', 'settings']);
    // A plan-gated route is refused as well, not only hidden.
    await admin.page.goto('/chats');
    await admin.page.waitForURL((url) => url.pathname === '/');
    await admin.context.close();

    const agent = await openPage(console);
    await signIn(agent.page, AGENT_EMAIL, PASSWORD);
    const agentKeys = await menuKeys(agent.page);
    expect(agentKeys).to.deep.equal(['tickets', 'kanban', 'quickMessages', 'todolist', 'contacts', 'tags', 'helps', 'flowsGroup']);
    expect(await agent.page.locator('[data-due-date]').count()).to.equal(0);
    expect(admin.errors.concat(agent.errors)).to.deep.equal([]);
    await agent.context.close();
  });

  it('switches to dark mode and to Portuguese, and remembers both', async () => {
    const { context, page, errors } = await openPage(console);
    await signIn(page, ADMIN_EMAIL, PASSWORD);
    expect(await bodyBackground(page)).to.equal('rgb(244, 246, 249)');
    await screenshot(page, 'shell-light');

    // Theme and language live in the account menu.
    await page.click('[data-account-menu]');
    await page.click('[data-theme-toggle]');
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(17, 19, 23)');
    expect(await page.evaluate(() => localStorage.getItem('preferredTheme'))).to.equal('dark');
    await screenshot(page, 'shell-dark');

    await page.click('input[name="language"][value="pt"]');
    await page.waitForFunction(() => document.documentElement.lang === 'pt');
    expect(await page.textContent('[data-menu="users"]')).to.equal('Usuários');
    expect(await page.textContent('[data-logout]')).to.contain('Sair');

    await page.reload();
    await page.waitForSelector('[data-menu="users"]');
    expect(await page.textContent('[data-menu="users"]')).to.equal('Usuários');
    expect(await bodyBackground(page)).to.equal('rgb(17, 19, 23)');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).to.equal('pt');
    // The choice is also stored on the account (POST /users/set-language).
    const companyAdmin = apiClient(console.server);
    const me = (await companyAdmin.auth.login({ email: ADMIN_EMAIL, password: PASSWORD })).user;
    expect(me.language).to.equal('pt');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('forgets what the account kept in the browser when it is opened elsewhere, but not the device\'s theme', async () => {
    const { context, page } = await openPage(console);
    await signIn(page, AGENT_EMAIL, PASSWORD);
    await page.evaluate(() => {
      localStorage.setItem('tasks', JSON.stringify([{ text: 'call Maria back', createdAt: '2026-11-25', updatedAt: '2026-11-25' }]));
      localStorage.setItem('cshow', 'null');
      localStorage.setItem('preferredTheme', 'dark');
    });
    await apiClient(console.server).auth.login({ email: AGENT_EMAIL, password: PASSWORD });
    await waitForToast(page, 'Your account was accessed from another computer');
    await page.waitForURL('**/login');
    const kept = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(kept).to.deep.equal(['preferredTheme']);
    await context.close();
  });

  it('follows the system theme when nothing was chosen', async () => {
    const { context, page } = await openPage(console, { colorScheme: 'dark' });
    await page.goto('/login');
    await page.waitForSelector('input[name="email"]');
    expect(await bodyBackground(page)).to.equal('rgb(17, 19, 23)');
    await context.close();
  });

  it('uses a temporary drawer on narrow screens', async () => {
    const { context, page, errors } = await openPage(console, { width: 500, height: 800 });
    await signIn(page, ADMIN_EMAIL, PASSWORD);
    const drawer = page.locator('nav[data-variant]');
    expect(await drawer.getAttribute('data-variant')).to.equal('temporary');
    expect(await drawer.getAttribute('data-open')).to.equal('false');
    expect((await drawer.boundingBox())!.x).to.be.below(0);

    await page.click('[data-drawer-toggle]');
    await page.waitForSelector('nav[data-open="true"]');
    await page.waitForFunction(() => document.querySelector('nav[data-variant]')!.getBoundingClientRect().x === 0);
    await screenshot(page, 'shell-narrow');
    await page.click('[data-menu="users"]');
    await page.waitForURL('**/users');
    await page.waitForSelector('nav[data-open="false"]');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('opens the drawer by default only above 1200 px', async () => {
    const { context, page } = await openPage(console, { width: 1000, height: 800 });
    await signIn(page, ADMIN_EMAIL, PASSWORD);
    const drawer = page.locator('nav[data-variant]');
    expect(await drawer.getAttribute('data-variant')).to.equal('permanent');
    expect(await drawer.getAttribute('data-open')).to.equal('false');
    expect((await drawer.boundingBox())!.width).to.equal(64);
    await context.close();
  });

  it('validates every field, masks the phone, creates the company through a referral link and its admin signs in', async () => {
    const { context, page, errors } = await openPage(console);
    const [referrer] = await console.api.companies.list();
    await page.goto(`/login?companyId=${referrer!.id}`);
    await page.click(`a[href="/signup?companyId=${referrer!.id}"]`);
    await page.waitForURL(`**/signup?companyId=${referrer!.id}`);
    const plans = await console.api.plans.list();
    // The plan select lists the public plans.
    await page.locator(`select[name="planId"] option[value="${plans[0]!.id}"]`).waitFor({ state: 'attached' });

    await page.click('button[type="submit"]');
    for (const field of ['name', 'email', 'password', 'planId']) {
      await page.locator(`[data-error-for="${field}"]`, { hasText: 'Required' }).waitFor();
    }
    expect(await page.locator('[data-error-for="phone"]').count()).to.equal(0);

    await page.fill('input[name="name"]', 'A');
    await page.fill('input[name="email"]', 'owner@');
    await page.fill('input[name="password"]', '1234');
    await page.locator('[data-error-for="name"]', { hasText: 'Too Short!' }).waitFor();
    await page.locator('[data-error-for="email"]', { hasText: 'Invalid email' }).waitFor();
    await page.locator('[data-error-for="password"]', { hasText: 'Too Short!' }).waitFor();
    await page.fill('input[name="name"]', 'N'.repeat(51));
    await page.locator('[data-error-for="name"]', { hasText: 'Too Long!' }).waitFor();

    await page.locator('input[name="phone"]').pressSequentially('11987654321999');
    expect(await page.inputValue('input[name="phone"]')).to.equal('(11) 98765-4321');

    await page.fill('input[name="name"]', 'Padaria Estrela');
    await page.fill('input[name="email"]', 'dono@estrela.test');
    await page.fill('input[name="password"]', 'estrela-123');
    await page.selectOption('select[name="planId"]', plans[0]!.id);
    await page.click('button[type="submit"]');
    await waitForToast(page, 'Company created! Sign in to get started.');
    // The toast is read on the sign-up page: the redirect waits a second.
    expect(new URL(page.url()).pathname).to.equal('/signup');
    await page.waitForURL(`**/login?companyId=${referrer!.id}`);

    const companies = await console.api.companies.list();
    const created = companies.find((company) => company.name === 'Padaria Estrela');
    expect(created).to.include({ email: 'dono@estrela.test', phone: '11987654321', planId: plans[0]!.id, referrerCompanyId: referrer!.id });

    await page.fill('input[name="email"]', 'dono@estrela.test');
    await page.fill('input[name="password"]', 'estrela-123');
    await page.click('button[type="submit"]');
    await page.waitForURL('**/tickets');
    // A 3-day trial: the warning of a subscription ending in fewer than 5 days.
    await waitForToast(page, 'Your subscription ends in');
    // Its admin sees the due date in the top bar while it is that close.
    expect(await page.textContent('[data-due-date]')).to.match(/Due date: \d\d\/\d\d\/\d{4}/);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('shows the error of a refused sign-up in the chosen language', async () => {
    const { context, page } = await openPage(console);
    await page.goto('/signup');
    await page.click('[data-language-menu]');
    await page.click('input[name="language"][value="es"]');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const [plan] = await console.api.plans.list();
    await page.locator(`select[name="planId"] option[value="${plan!.id}"]`).waitFor({ state: 'attached' });
    await page.fill('input[name="name"]', 'Otra Empresa');
    await page.fill('input[name="email"]', 'dono@estrela.test');
    await page.fill('input[name="password"]', 'estrela-123');
    await page.selectOption('select[name="planId"]', plan!.id);
    await page.click('button[type="submit"]');
    await waitForToast(page, 'Este correo electrónico ya está en uso.');
    expect(new URL(page.url()).pathname).to.equal('/signup');
    await context.close();
  });
});
