/**
 * The console under the content security policy the server sends with it (issue 13, item 13):
 * every screen loads and works without one violation, and the console refuses to be framed.
 */
import { expect } from 'chai';
import { PLAN_FLAGS, type PlanFlags } from '@atende/shared';
import { openPage, pairedSandbox, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, signIn, startConsole, type Console } from './support.js';

const SCREENS = ['/tickets', '/contacts', '/queues', '/tags', '/quick-messages', '/connections', '/users', '/', '/settings', '/helps', '/announcements', '/chats', '/kanban'];

describe('web console: content security policy', () => {
  let console: Console;

  before(async () => {
    console = await startConsole();
    await console.api.helps.create({ title: 'Getting started', description: 'A video', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;
    const me = await console.api.auth.me();
    const plan = await console.api.plans.create({ name: 'Everything', users: 5, connections: 2, queues: 3, value: 0, ...flags });
    await console.api.companies.update(me.companyId, { planId: plan.id });
    const connection = await pairedSandbox(console.api, { name: 'Line' });
    await console.api.sandbox.send(connection.id, { from: '5511999990101', name: 'Ana', body: 'Hello there' });
  });

  after(() => console?.stop());

  it('every screen runs without a policy violation', async () => {
    const { context, page, errors } = await openPage(console);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).to.contain("frame-ancestors 'none'");
    await signIn(page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    const violations: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen);
      await page.waitForLoadState('networkidle');
      violations.push(...(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).map((v) => `${screen}: ${v}`));
    }
    // A conversation: the ticket's messages and the composer.
    const { tickets } = await console.api.tickets.list({ status: 'pending', showAll: true });
    await page.goto(`/tickets/${tickets[0]!.uuid}`);
    await page.getByText('Hello there').first().waitFor();
    await page.waitForLoadState('networkidle');
    violations.push(...(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)));
    expect(violations).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
