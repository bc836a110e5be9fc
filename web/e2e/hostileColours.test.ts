/**
 * A colour is put into CSS only if it is one (issue 29): even when an answer carries CSS in a
 * tag's colour (the server refuses and neutralises them; this is the console's own guard), the
 * tags' chips and the kanban lanes draw the default colour and load nothing.
 */
import { expect } from 'chai';
import { DEFAULT_COLOR, PLAN_FLAGS, type PlanFlags } from '@atende/shared';
import { openPage, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, signIn, startConsole, type Console } from './support.js';

const HOSTILE = 'red;background:url(http://127.0.0.1:9/leak.png)';

/** rgb(r, g, b) of a #rrggbb colour, as computed styles write it. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('web console: stored colours never become CSS', function () {
  this.timeout(60_000);
  let console: Console;

  before(async () => {
    console = await startConsole();
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;
    const me = await console.api.auth.me();
    const plan = await console.api.plans.create({ name: 'Everything', users: 5, connections: 2, queues: 3, value: 0, ...flags });
    await console.api.companies.update(me.companyId, { planId: plan.id });
    await console.api.tags.create({ name: 'Hostile lane', color: '#123456', kanban: 1 });
  });
  after(() => console?.stop());

  it('a tag whose colour carries CSS shows the default colour on the tags page and the kanban board', async () => {
    const { context, page, errors } = await openPage(console);
    const leaks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('leak.png')) leaks.push(request.url());
    });
    // Every tag the console reads comes back with CSS for a colour.
    await page.route(/\/api\/tags(\/kanban)?(\?.*)?$/, async (route) => {
      const answer = await route.fetch();
      const text = (await answer.text()).replace(/"color":"#123456"/g, `"color":${JSON.stringify(HOSTILE)}`);
      await route.fulfill({ response: answer, body: text });
    });
    await signIn(page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);

    await page.goto('/tags');
    const chip = page.locator('tr', { hasText: 'Hostile lane' }).locator('span', { hasText: 'Hostile lane' }).first();
    await chip.waitFor();
    const chipStyle = await chip.evaluate((element) => ({ image: getComputedStyle(element).backgroundImage, color: getComputedStyle(element).backgroundColor }));
    expect(chipStyle).to.deep.equal({ image: 'none', color: rgbOf(DEFAULT_COLOR) });

    await page.goto('/kanban');
    const lane = page.locator('[data-lane="Hostile lane"]');
    await lane.waitFor();
    const laneStyle = await lane.evaluate((element) => ({ image: getComputedStyle(element).backgroundImage, border: getComputedStyle(element).borderTopColor }));
    expect(laneStyle.image).to.equal('none');
    expect(laneStyle.border).to.not.equal('rgb(255, 0, 0)');
    expect(leaks).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
