import { expect } from 'chai';
import { openPage, signIn, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';
import { PNG } from './fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe('web console: file lists (/files)', () => {
  let console: Console;
  let opened: OpenedPage;

  before(async () => {
    console = await startConsole();
    opened = await openPage(console);
    await signIn(opened.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('creates a list with two files, searches, edits it (one file removed) and deletes it', async () => {
    const { page } = opened;
    await page.goto('/files');
    await page.locator('nav a[href="/files"]').waitFor();
    await page.locator('header').getByRole('button', { name: 'Add', exact: true }).click();
    const form = page.locator('form[aria-label="File list details"]');
    await form.locator('input[name="name"]').fill('Ab');
    await form.locator('button', { hasText: 'Add file' }).click();
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="name"]').waitFor();
    await form.locator('[data-error-for="message"]').waitFor();
    await form.locator('[data-file-option="1"]', { hasText: 'Give every file a name.' }).waitFor();
    await form.locator('[data-file-option="1"]', { hasText: 'Choose a file for every item.' }).waitFor();

    // Over the image limit: told before anything is sent.
    await form.locator('#file-option-file-0').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]) });
    await form.locator('[data-file-option="1"]', { hasText: 'File is too large! 2MB maximum' }).waitFor();

    await form.locator('input[name="name"]').fill('Catalogue');
    await form.locator('textarea[name="message"]').fill('Our catalogue');
    await form.locator('#file-option-name-0').fill('Photo');
    await form.locator('#file-option-file-0').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await form.locator('button', { hasText: 'Add file' }).click();
    await form.locator('#file-option-name-1').fill('Prices');
    await form.locator('#file-option-file-1').setInputFiles({ name: 'prices.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.locator('button[type="submit"]').click();
    await waitForToast(page, 'File list saved.');
    const row = page.locator('tr[data-file-list="Catalogue"]');
    await row.locator('text=2 files').waitFor();
    const saved = (await console.api.files.page({ searchParam: 'Catalogue' })).files[0]!;
    expect(saved.options.map((option) => [option.name, option.mediaType, option.originalName])).to.deep.equal([
      ['Photo', 'image', 'photo.png'],
      ['Prices', 'application', 'prices.pdf'],
    ]);

    // Search: another list drops out of view and comes back.
    await console.api.files.create({ name: 'Brochures', message: 'Our brochures' });
    await page.locator('tr[data-file-list="Brochures"]').waitFor();
    await page.fill('input[type="search"]', 'catal');
    await page.locator('tr[data-file-list="Brochures"]').waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr[data-file-list]').count()).to.equal(1);
    await page.fill('input[type="search"]', '');
    await page.locator('tr[data-file-list="Brochures"]').waitFor();

    // Edit: the first file's row removed, the other renamed.
    await row.locator('button[aria-label="Edit"]').click();
    const edit = page.locator('form[aria-label="File list details"]');
    await edit.locator('[data-file-option="1"]', { hasText: 'photo.png' }).waitFor();
    await edit.locator('button[aria-label="Remove file 1"]').click();
    await edit.locator('#file-option-name-0').fill('Prices 2026');
    await edit.locator('[data-file-option="1"]', { hasText: 'prices.pdf' }).waitFor();
    await edit.locator('button[type="submit"]').click();
    await waitForToast(page, 'File list saved.');
    await row.locator('text=1 file').waitFor();
    const edited = await console.api.files.get(saved.id);
    expect(edited.options.map((option) => [option.id, option.name])).to.deep.equal([[saved.options[1]!.id, 'Prices 2026']]);
    const gone = await fetch(`${console.server.url}${saved.options[0]!.mediaUrl}`);
    expect(gone.status).to.equal(404);

    await row.locator('button[aria-label="Delete"]').click();
    await page.locator('[role="dialog"]', { hasText: 'Delete Catalogue?' }).locator('button', { hasText: 'Confirm' }).click();
    await waitForToast(page, 'File list deleted.');
    await row.waitFor({ state: 'detached' });
    expect((await console.api.files.page({ searchParam: 'Catalogue' })).files).to.deep.equal([]);
  });

  it('shows lists made, changed and deleted in another session live', async () => {
    const { page } = opened;
    // The page's socket must have asked for the file channel before anything happens elsewhere.
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('/file"') && resolve()));
    });
    await page.goto('/files');
    await page.locator('table').waitFor();
    await subscribed;
    await page.waitForTimeout(200);
    const created = await console.api.files.create({ name: 'Made elsewhere', message: 'Hello' });
    const row = page.locator('tr[data-file-list="Made elsewhere"]');
    await row.waitFor();
    await console.api.files.upload(created.id, [{ file: new Blob([PNG]), fileName: 'x.png', name: 'Picture' }]);
    await row.locator('text=1 file').waitFor();
    await console.api.files.update(created.id, { name: 'Renamed elsewhere' });
    await page.locator('tr[data-file-list="Renamed elsewhere"]').waitFor();
    await console.api.files.remove(created.id);
    await page.locator('tr[data-file-list="Renamed elsewhere"]').waitFor({ state: 'detached' });
  });
});
