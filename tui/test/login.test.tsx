/**
 * Signing in against a real server: masked password, translated errors, the session saved in a
 * file (mode 0600) and reused at the next start, the language (flag, environment, the user's own,
 * live), an expired subscription, and the session ended by the server or by a login elsewhere
 * (the e-mail kept for signing in again).
 */
import { expect } from 'chai';
import { fileSession, readSavedSession } from '@atende/shared/node';
import { inboxSession, readSignInHint } from '../src/state/inboxFiles.js';
import { createApiClient, memorySession } from '@atende/shared/client';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, signedIn, unique, type TestCompany } from './support/company.js';
import { KEYS, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';

describe('sign-in and session (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let configDir: string;
  let inbox: InboxUnderTest | undefined;

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    configDir = await mkdtemp(path.join(tmpdir(), 'atende-inbox-config-'));
  });

  afterEach(() => {
    inbox?.unmount();
    inbox = undefined;
  });

  after(async () => {
    await server?.stop();
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  async function signIn(screen: InboxUnderTest, email: string, password: string) {
    await screen.see('Atende — sign in');
    await screen.type(email);
    await screen.press(KEYS.enter);
    await screen.type(password);
    await screen.press(KEYS.enter);
  }

  it('asks for both fields and shows the catalogue text of a refused login, the password masked', async () => {
    inbox = renderInbox(server);
    await inbox.see('Atende — sign in', server.url);
    await inbox.press(KEYS.enter, KEYS.enter);
    await inbox.see('E-mail: Required');
    await signIn(inbox, company.agentAccount.email, 'wrong-password');
    await inbox.see('Authentication error. Please check your email and password.');
    expect(inbox.frame()).to.include('•'.repeat('wrong-password'.length));
    expect(inbox.frame()).not.to.include('wrong-password');
  });

  it('narrows the sign-in box to a small terminal', async () => {
    inbox = renderInbox(server);
    await inbox.see('Atende — sign in');
    inbox.resize(40);
    await inbox.seeWhere((frame) => frame.includes('Atende — sign in') && frame.split('\n').every((row) => row.length <= 40), 'a sign-in box of at most 40 columns');
  });

  it('saves the session in its file (mode 0600) and reuses it at the next start', async () => {
    const file = path.join(configDir, 'inbox-session.json');
    inbox = renderInbox(server, { session: fileSession(server.url, file) });
    await signIn(inbox, company.agentAccount.email, company.agentAccount.password);
    await inbox.see('Ana Agente', 'Open 0');
    const saved = readSavedSession(file);
    expect([saved?.server, saved?.user.email, typeof saved?.refreshToken]).to.deep.equal([server.url, company.agentAccount.email, 'string']);
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
    inbox.unmount();

    inbox = renderInbox(server, { session: fileSession(server.url, file) });
    await inbox.see('Ana Agente', '● Connected');
    expect(inbox.frame()).not.to.include('sign in');
  });

  it('speaks the user’s language, unless --lang says otherwise', async () => {
    const account = { email: `${unique('es')}@inbox.test`, password: 'agent-secret' };
    await company.admin.users.create({ name: 'Lucía', ...account, profile: 'user', queueIds: [company.queue.id], language: 'es' });
    inbox = renderInbox(server);
    await signIn(inbox, account.email, account.password);
    await inbox.see('Abiertos 0', 'En espera 0', 'Elige un ticket y pulsa Enter.');
    inbox.unmount();

    inbox = renderInbox(server, { session: await sessionOf(server, account), language: 'pt' });
    await inbox.see('Abertos 0', 'Aguardando 0');
  });

  it('follows the terminal’s locale and ATENDE_LANGUAGE, and the user’s language live when it changes elsewhere', async () => {
    const account = { email: `${unique('lang')}@inbox.test`, password: 'agent-secret' };
    await company.admin.users.create({ name: 'Rafa', ...account, profile: 'user', queueIds: [company.queue.id] });
    const session = await sessionOf(server, account);
    inbox = renderInbox(server, { session, env: { LANG: 'pt_BR.UTF-8' } });
    await inbox.see('Abertos 0', 'Aguardando 0', '● Conectado');
    // The user picks Spanish in the console (the same account): the inbox switches at once.
    await inbox.connection.api.users.setLanguage('es');
    await inbox.see('Abiertos 0', 'En espera 0');
    inbox.unmount();

    // Changed while the inbox was closed: the next start speaks what the server has, not the saved session.
    await createApiClient({ baseUrl: server.url, session }).users.setLanguage('en');
    expect(session.get()?.user.language).to.equal('es');
    inbox = renderInbox(server, { session, env: { LANG: 'pt_BR.UTF-8' } });
    await inbox.see('Open 0', 'Pending 0');
    inbox.unmount();

    inbox = renderInbox(server, { session, env: { ATENDE_LANGUAGE: 'pt', LC_ALL: 'es_ES.UTF-8' } });
    await inbox.see('Abertos 0', 'Aguardando 0');
  });

  it('goes back to the sign-in when the server ends the session', async () => {
    const session = await sessionOf(server, company.agentAccount);
    inbox = renderInbox(server, { session });
    await inbox.see('Ana Agente', '● Connected');
    // The same session logged out from another program: its refresh token and access token die.
    await createApiClient({ baseUrl: server.url, session: memorySession(session.get()) }).auth.logout();
    await inbox.press('f');
    await inbox.see('Atende — sign in', 'Your session has expired. Please log in again.');
    expect(session.get()).to.equal(null);
  });

  it('goes back to the sign-in when the account is opened on another computer, the e-mail kept: only the password is asked', async () => {
    const file = path.join(configDir, 'elsewhere.json');
    inbox = renderInbox(server, { session: inboxSession(server.url, file) });
    await signIn(inbox, company.agentAccount.email, company.agentAccount.password);
    await inbox.see('Ana Agente', '● Connected');
    await signedIn(server, company.agentAccount);
    await inbox.see('Atende — sign in', 'Your account was accessed from another computer', `E-mail     ${company.agentAccount.email}`);
    expect(readSignInHint(file), 'the file keeps where and as whom, no token').to.deep.equal({ server: server.url, email: company.agentAccount.email });
    expect(readSavedSession(file)).to.equal(null);
    await inbox.type(company.agentAccount.password);
    await inbox.press(KEYS.enter);
    await inbox.see('Ana Agente', '● Connected');
    inbox.unmount();

    // The next start too (the program reads the hint, see main.tsx).
    await createApiClient({ baseUrl: server.url, session: inboxSession(server.url, file) }).auth.logout();
    inbox = renderInbox(server, { session: inboxSession(server.url, file), signInEmail: readSignInHint(file)?.email });
    await inbox.see('Atende — sign in', `E-mail     ${company.agentAccount.email}`);
  });

  it('says when the subscription expired', async () => {
    const account = { email: `${unique('late')}@inbox.test`, password: 'admin-secret' };
    const [plan] = await company.super.plans.all();
    const dueDate = new Date(Date.now() + 3_600_000);
    const late = await company.super.companies.create({ name: unique('Atrasada '), email: account.email, password: account.password, planId: plan!.id, dueDate: dueDate.toISOString() });
    const expired = new Date(2025, 0, 31, 12);
    await company.super.companies.update(late.id, { dueDate: expired.toISOString() });
    inbox = renderInbox(server);
    await signIn(inbox, account.email, account.password);
    await inbox.see('Your subscription expired on 31/01/2025.');
  });
});

