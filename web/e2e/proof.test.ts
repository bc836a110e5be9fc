import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { CONSOLE_PAGES, seedShowcase, visit, type ConsolePage, type Showcase } from './showcase.js';
import { openPage, SCREENSHOTS_DIR, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, signIn, startConsole, type Console, type OpenedPage } from './support.js';

/** `ATENDE_DOCS_SCREENSHOTS=1` writes the README's screenshots (docs/screenshots) instead of the test output folder. */
const DOCS_SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const SHOTS = process.env.ATENDE_DOCS_SCREENSHOTS === '1' ? DOCS_SCREENSHOTS : path.join(SCREENSHOTS_DIR, 'pages');

type Scheme = 'light' | 'dark';

/** Serious and critical findings of axe-core on the page as it is now, one line each. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated through the browser's protocol: the console's CSP (script-src 'self') refuses inline scripts.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.targets.join(' | ')}`);
}

/**
 * Controls a person can reach that stick out of the screen sideways, and a page that scrolls
 * sideways. Hidden things (the closed drawer, a list kept for another tab, the skip link) do not
 * count; a board marked data-scroll-x scrolls sideways on purpose.
 */
async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])');
    for (const control of controls) {
      if (control.closest('nav[data-open="false"], [hidden], [data-skip-link], [data-scroll-x]')) continue;
      const style = getComputedStyle(control);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? '';
        problems.push(`${control.tagName.toLowerCase()} "${name}" spans ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
      }
    }
    return problems;
  });
}

describe('web console: every page, checked', () => {
  let console: Console;
  let showcase: Showcase;
  const opened: OpenedPage[] = [];

  /** A browser profile of that size and scheme; signed in unless `guest`. */
  async function profile(width: number, height: number, scheme: Scheme, guest = false): Promise<Page> {
    const one = await openPage(console, { width, height, colorScheme: scheme });
    opened.push(one);
    if (!guest) await signIn(one.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    return one.page;
  }

  /** Runs `check` on every page in a signed-in and a guest profile of that size and scheme. */
  async function eachPage(width: number, height: number, scheme: Scheme, check: (page: Page, target: ConsolePage) => Promise<void>): Promise<void> {
    const member = await profile(width, height, scheme);
    const guest = await profile(width, height, scheme, true);
    for (const target of CONSOLE_PAGES) {
      const page = target.guest ? guest : member;
      await visit(page, target, showcase);
      await check(page, target);
    }
  }

  before(async function () {
    this.timeout(120_000);
    console = await startConsole();
    showcase = await seedShowcase(console.api);
  });

  after(async () => {
    for (const one of opened) await one.context.close();
    await console?.stop();
  });

  afterEach(() => {
    for (const one of opened) expect(one.errors).to.deep.equal([]);
  });

  it('has no serious or critical accessibility violation on any page (axe-core), light and dark', async function () {
    this.timeout(240_000);
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await eachPage(1280, 800, scheme, async (page, target) => {
        for (const problem of await accessibilityProblems(page)) found.push(`${scheme} ${target.name}: ${problem}`);
      });
    }
    expect(found).to.deep.equal([]);
  });

  it('keeps every control inside the screen at 320 and 390 px, on every page', async function () {
    this.timeout(240_000);
    const found: string[] = [];
    for (const width of [320, 390]) {
      await eachPage(width, 740, 'light', async (page, target) => {
        for (const problem of await overflowProblems(page)) found.push(`${width}px ${target.name}: ${problem}`);
      });
    }
    expect(found).to.deep.equal([]);
  });

  it('takes a screenshot of every page at desktop and phone sizes, light and dark', async function () {
    this.timeout(300_000);
    await mkdir(SHOTS, { recursive: true });
    const sizes = { desktop: [1440, 900], phone: [390, 844] } as const;
    for (const [size, [width, height]] of Object.entries(sizes)) {
      for (const scheme of ['light', 'dark'] as const) {
        await eachPage(width, height, scheme, async (page, target) => {
          await page.screenshot({ path: path.join(SHOTS, `${target.name}-${size}-${scheme}.png`) });
        });
      }
    }
  });
});
