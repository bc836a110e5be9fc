import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { openPage, pairedSandbox, signIn, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Lista');
  sheet.addRow(['nome', 'numero', 'email']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('web console: contact lists', () => {
  let console: Console;
  let opened: OpenedPage;

  before(async () => {
    console = await startConsole({ ATENDE_LIST_CHECK_RETRY_MS: '300' });
    opened = await openPage(console);
    await signIn(opened.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    // The campaign area exists only with the cshow storage flag (document 2 section 2).
    await opened.page.evaluate(() => localStorage.setItem('cshow', 'true'));
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('creates a list, adds and imports items, and shows each number checked on WhatsApp live', async () => {
    const { page } = opened;
    const connection = await pairedSandbox(console.api, { name: 'Lists phone', isDefault: true });
    await console.api.sandbox.absentNumbers(connection.id, ['5599']);

    await page.goto('/contact-lists');
    await page.click('text=New list');
    const form = page.locator('form[aria-label="List details"]');
    await form.locator('input[name="name"]').fill('A');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]').waitFor();
    await form.locator('input[name="name"]').fill('Black Friday');
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'List saved.');
    const row = page.locator('tr[data-contact-list="Black Friday"]');
    await row.waitFor();
    expect(await row.locator('[data-contacts-count]').textContent()).to.equal('0');

    await row.locator('button[aria-label="Open contacts"]').click();
    await page.waitForURL(/\/contact-lists\/[0-9a-f]{24}\/contacts$/);
    await page.locator('h1', { hasText: 'Black Friday' }).waitFor();

    await page.click('text=Add contact');
    const itemForm = page.locator('form[aria-label="Contact details"]');
    await itemForm.locator('input[name="name"]').fill('Ana Lista');
    await itemForm.locator('input[name="number"]').fill('+55 (11) 97777-0001');
    await itemForm.locator('button[type="submit"]').click();
    await waitForToast(page, 'Contact saved.');
    await page.locator('tr[data-list-item="Ana Lista"] [data-validity="valid"]').waitFor();

    const file = await workbook([
      ['Bruno Lista', 5511977770002, 'bruno@example.com'],
      ['Ghost Lista', '5599977770003', ''],
      ['Short', '12', ''],
      ['Ana Again', '5511977770001', ''],
    ]);
    // The import button opens the file picker for this list.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('button', { hasText: 'Import' }).click();
    await (await chooser).setFiles({ name: 'lista.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    const report = page.locator('[role="dialog"]', { hasText: 'Import result' });
    await report.locator('[data-import-added="2"]').waitFor({ timeout: 20_000 });
    await report.locator('tr[data-import-error-row="3"]', { hasText: 'Short' }).waitFor();
    await report.locator('tr[data-import-error-row="4"]', { hasText: 'Ana Again' }).waitFor();
    await page.keyboard.press('Escape');

    await page.locator('tr[data-list-item="Bruno Lista"] [data-validity="valid"]').waitFor();
    await page.locator('tr[data-list-item="Ghost Lista"] [data-validity="invalid"]').waitFor();
    await page.locator('[data-check-state="done"]').waitFor();

    // Search (debounced).
    await page.fill('input[type="search"]', 'bruno');
    await page.locator('tr[data-list-item="Ana Lista"]').waitFor({ state: 'detached' });
    await page.locator('tr[data-list-item="Bruno Lista"]').waitFor();
    await page.fill('input[type="search"]', '');

    await page.locator('tr[data-list-item="Ghost Lista"] button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"] button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'Contact deleted.');

    await page.click('text=Back');
    await page.waitForURL(/\/contact-lists$/);
    await page.locator('tr[data-contact-list="Black Friday"] [data-contacts-count]', { hasText: '2' }).waitFor();
  });

  it('refuses a broken .xls with a clear message', async () => {
    const { page } = opened;
    await page.goto('/contact-lists');
    await page.locator('tr[data-contact-list="Black Friday"]').waitFor();
    const [list] = (await console.api.contactLists.page({ searchParam: 'Black' })).records;
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(56)]);
    // The row's import button opens the file picker for that list.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('tr[data-contact-list="Black Friday"] button[aria-label="Import"]').click();
    await (await chooser).setFiles({ name: 'broken.xls', mimeType: 'application/vnd.ms-excel', buffer: ole });
    await waitForToast(page, 'This file type is not accepted.');
    expect((await console.api.contactLists.get(list!.id)).contactsCount).to.equal(2);
  });
});
