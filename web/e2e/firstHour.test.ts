import { expect } from 'chai';
import { startConsole, type Console } from './support.js';

describe('web console: a team\'s first hour in the shell', () => {
  let console: Console;

  before(async () => {
    console = await startConsole();
  });

  after(() => console?.stop());

  for (const locale of ['de-DE', 'fr-FR', 'ja']) {
    it(`opens in English for a browser whose languages are none of ours (${locale})`, async () => {
      const context = await console.browser.newContext({ baseURL: console.server.url, locale });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/login');
      await page.locator('button[type="submit"]').waitFor();
      expect(await page.evaluate(() => navigator.languages)).to.not.include('en');
      expect(await page.evaluate(() => document.documentElement.lang)).to.equal('en');
      expect(await page.textContent('button[type="submit"]')).to.match(/sign in/i);
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).to.equal(null);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }
});
