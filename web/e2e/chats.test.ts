import { expect } from 'chai';
import { openPage, screenshot, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

const CAROL = { name: 'Carol Chat', email: 'carol@atende.test', password: 'carol-secret' };
const DINO = { name: 'Dino Chat', email: 'dino@atende.test', password: 'dino-secret' };

describe('web console: internal chat', () => {
  let console: Console;
  let carol: OpenedPage;
  let dino: OpenedPage;

  before(async () => {
    console = await startConsole();
    for (const user of [CAROL, DINO]) await console.api.users.create({ ...user, profile: 'user', queueIds: [] });
    carol = await openPage(console);
    dino = await openPage(console);
    await signIn(carol.page, CAROL.email, CAROL.password);
    await signIn(dino.page, DINO.email, DINO.password);
  });

  after(async () => {
    await carol?.context.close();
    await dino?.context.close();
    await console?.stop();
  });

  afterEach(() => {
    expect(carol.errors).to.deep.equal([]);
    expect(dino.errors).to.deep.equal([]);
  });

  it('starts a chat, whose messages reach the other participant live with unread markers until read', async () => {
    await carol.page.goto('/chats');
    await carol.page.click('button:has-text("New chat")');
    const form = carol.page.locator('form[aria-label="Chat details"]');
    await form.locator('button[type="submit"]').click();
    await form.locator('[role="alert"]', { hasText: 'Give the chat a title.' }).waitFor();
    await form.locator('input[name="title"]').fill('Stock count');
    await form.locator('button[type="submit"]').click();
    await form.locator('[role="alert"]', { hasText: 'Select at least one participant.' }).waitFor();
    await form.locator('label', { hasText: DINO.name }).locator('input').check();
    await form.locator('button[type="submit"]').click();
    await waitForToast(carol.page, 'Chat saved.');
    await carol.page.locator('[data-chat-conversation]', { hasText: 'Stock count' }).waitFor();

    const composer = carol.page.locator('textarea[name="message"]');
    await composer.fill('   ');
    await composer.press('Enter');
    await composer.fill('Can you count the boxes?');
    await composer.press('Enter');
    await carol.page.locator('[data-chat-message]', { hasText: 'Can you count the boxes?' }).waitFor();
    expect(await carol.page.locator('[data-chat-message]').count(), 'blank text is not sent').to.equal(1);

    // Dino, elsewhere in the console: the top bar counts it and the menu shows the dot.
    await dino.page.locator('button[aria-label^="Chats"][data-count="1"]').waitFor();
    await dino.page.click('button[aria-label^="Chats"]');
    await dino.page.click('[data-chat="Stock count"]');
    await dino.page.waitForURL('**/chats/*');
    await dino.page.locator('[data-chat-message]', { hasText: 'Can you count the boxes?' }).waitFor();
    // Read on screen: the counters go back to zero.
    await dino.page.locator('button[aria-label^="Chats"][data-count="0"]').waitFor();
    expect(await dino.page.locator('[data-chat-conversation] button[aria-label="Edit"]').count(), 'only the owner edits').to.equal(0);

    await dino.page.locator('textarea[name="message"]').fill('Twelve boxes.');
    await dino.page.locator('textarea[name="message"]').press('Enter');
    await carol.page.locator('[data-chat-message]', { hasText: 'Twelve boxes.' }).waitFor();
    expect(await carol.page.locator('[data-chat-message]', { hasText: 'Twelve boxes.' }).textContent()).to.include(DINO.name);
    await screenshot(carol.page, 'chats');
  });

  it('lets the owner rename and delete the chat, for everyone', async () => {
    await carol.page.click('[data-chat-conversation] button[aria-label="Edit"]');
    const form = carol.page.locator('form[aria-label="Chat details"]');
    await form.locator('input[name="title"]').fill('Stock count (May)');
    await form.locator('button[type="submit"]').click();
    await waitForToast(carol.page, 'Chat saved.');
    await dino.page.locator('[data-chat="Stock count (May)"]').waitFor();

    await carol.page.click('[data-chat-conversation] button[aria-label="Delete"]');
    await carol.page.locator('[role="dialog"] button', { hasText: 'Confirm' }).click();
    await waitForToast(carol.page, 'Chat deleted.');
    await dino.page.locator('[data-chat="Stock count (May)"]').waitFor({ state: 'detached' });
    await dino.page.waitForURL((url) => url.pathname === '/chats');
  });
});
