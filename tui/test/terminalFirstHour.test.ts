/**
 * A team's first hour in a real terminal (issue 30): tmux runs the built `atende-inbox` and the
 * real `atende` against a spawned server. Keys typed at once (Down then Space in the tags dialog,
 * Alt+Enter as tmux sends it: ESC CR) act one after the other; drafts survive a restart and q
 * asks before quitting with them; the inbox and the CLI on one machine keep sessions of their own,
 * neither throwing the other out, and a sign-in elsewhere sends the inbox back to its sign-in
 * with the server and the e-mail kept, the CLI's session untouched.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signatureOf } from '@atende/shared';
import { createApiClient } from '@atende/shared/client';
import { fileSession, readSavedSession } from '@atende/shared/node';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, signedIn, type TestCompany } from './support/company.js';
import { startTerminal, type TerminalUnderTest } from './support/tmux.js';
import { until } from './support/until.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../cli/bin/atende.mjs', import.meta.url));

describe('a first hour in a real terminal (tmux)', function () {
  // Each test starts the built inbox in a terminal: slow on a loaded machine.
  this.timeout(120_000);
  let server: SpawnedServer;
  let company: TestCompany;
  let configDir: string;
  let terminal: TerminalUnderTest | undefined;
  const maria = customerNumber();

  /** The inbox at 100x30 with the config dir of the test. */
  async function inbox(dir = configDir) {
    terminal = await startTerminal({ columns: 100, rows: 30, args: ['--server', server.url], env: { ATENDE_CONFIG_DIR: dir } });
    return terminal;
  }

  /** The real `atende`, with the same config dir as the inbox. */
  async function atende(args: string[], dir = configDir): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, ATENDE_CONFIG_DIR: dir, ATENDE_LANGUAGE: 'en', NO_COLOR: '1' } as Record<string, string>;
    for (const name of ['ATENDE_SERVER', 'ATENDE_TOKEN', 'ATENDE_EMAIL', 'ATENDE_PASSWORD']) delete env[name];
    return run(process.execPath, [CLI, ...args], { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  }

  /** The composer's rows: from the prompt to the frame's end. */
  const composer = (screen: string) => {
    const rows = screen.split('\n');
    const start = rows.findIndex((row) => row.includes('│> '));
    if (start === -1) return [];
    const end = rows.findIndex((row, index) => index > start && row.includes('╰'));
    return rows.slice(start, end).map((row) => row.slice(row.lastIndexOf('││') + 2 || 1, -1).trimEnd());
  };

  async function openMaria(screen: TerminalUnderTest) {
    await screen.shows('▌Maria Cliente');
    await screen.keys('Enter');
    await screen.shows('Maria Cliente +' + maria, 'Oi, tudo bem?');
  }

  before(async function () {
    this.timeout(120_000);
    expect(existsSync(CLI), 'the atende binary').to.equal(true);
    server = await spawnServer();
    company = await createCompany(server);
    configDir = await mkdtemp(path.join(tmpdir(), 'atende-inbox-first-hour-'));
    await createApiClient({ baseUrl: server.url, session: fileSession(server.url, path.join(configDir, 'inbox-session.json')) }).auth.login(company.agentAccount);
    for (const name of ['alfa', 'beta', 'gama']) await company.admin.tags.create({ name, color: '#7c3aed' });
    await customerSays(company, maria, 'Maria Cliente', 'Oi, tudo bem?');
    const { tickets } = await company.admin.tickets.list({ searchParam: maria, showAll: true });
    await company.admin.tickets.update(tickets[0]!.id, { status: 'open', userId: company.agent.id });
  });

  afterEach(async () => {
    await terminal?.stop();
    terminal = undefined;
  });

  after(async () => {
    await server?.stop();
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  it('takes Down and Space typed at once in the tags dialog as two keys: the second row is ticked', async () => {
    const screen = await inbox();
    await openMaria(screen);
    for (let round = 0; round < 3; round += 1) {
      await screen.keys('g');
      await screen.shows('Tags of Maria Cliente', '[ ] alfa', '[ ] beta', '[ ] gama');
      // One write, as a fast typist or a slow link delivers them: ESC [ B and the space together.
      await screen.hex('1b 5b 42 20');
      const ticked = await screen.showsWhere((text) => text.includes('[x]'), 'a row ticked');
      expect(ticked.split('\n').filter((row) => row.includes('[x]')).map((row) => row.replace(/[║›\s]+/g, ' ').trim()), `round ${round + 1}`).to.deep.equal(['[x] beta']);
      await screen.keys('Escape');
      await screen.showsWhere((text) => !text.includes('Tags of Maria Cliente'), 'the dialog closed');
    }
  });

  it('breaks the line with Alt+Enter as tmux sends it (ESC CR), and sends both lines with Enter', async () => {
    const screen = await inbox();
    await openMaria(screen);
    await screen.keys('Enter');
    await screen.shows('│> ');
    await screen.type('Primeira linha');
    await screen.keys('M-Enter');
    await screen.type('Segunda linha');
    await screen.showsWhere((text) => composer(text).join('|') === '> Primeira linha|  Segunda linha', 'two lines in the composer');
    await screen.keys('Enter');
    await until(async () => (await received(company, maria)).some((message) => message.body === `${signatureOf(company.agent.name)}Primeira linha\nSegunda linha`), 'both lines reach the phone as one message');
  });

  it('keeps a draft across a restart, and q asks before quitting with it', async () => {
    let screen = await inbox();
    await openMaria(screen);
    await screen.keys('Enter');
    await screen.shows('│> ');
    await screen.type('Vou conferir o seu pedido');
    await screen.keys('Escape', 'Escape');
    await screen.shows('✎ Draft: Vou conferir');
    await screen.keys('q');
    await screen.shows('Quit the inbox?', '1 conversation has a draft you have not sent', 'y quits');
    expect(await screen.running(), 'asked, not quit').to.equal(true);
    await screen.keys('y');
    await until(async () => !(await screen.running()), 'y quits');
    expect((await stat(path.join(configDir, 'inbox-drafts.json'))).mode & 0o777).to.equal(0o600);
    await screen.stop();

    screen = await inbox();
    await screen.shows('✎ Draft: Vou conferir');
    await screen.keys('Enter');
    await screen.showsWhere((text) => composer(text)[0] === '> Vou conferir o seu pedido', 'the draft back in the composer');
    await screen.keys('Enter', 'C-u');
    await screen.showsWhere((text) => composer(text)[0] === '>', 'the draft cleared');
    // One Esc and its effect awaited: two sent at once may reach Ink as one Alt+Esc, leaving the
    // composer open to take the q as text.
    await screen.keys('Escape');
    await screen.showsWhere((text) => composer(text).length === 0 && !text.includes('✎ Draft:'), 'the composer closed, no draft left');
    await screen.keys('q');
    await until(async () => !(await screen.running()), 'q quits at once without drafts');
  });

  it('keeps the inbox signed in while `atende` logs in and out on the same machine, and keeps the server and e-mail when a sign-in elsewhere ends it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atende-two-programs-'));
    try {
      const screen = await inbox(dir);
      await screen.shows('Atende — sign in', server.url);
      await screen.type(company.agentAccount.email);
      await screen.keys('Enter');
      await screen.type(company.agentAccount.password);
      await screen.keys('Enter');
      await screen.shows('Ana Agente', '● Connected');

      const login = await atende(['login', '--server', server.url, '--email', company.agentAccount.email, '--password', company.agentAccount.password], dir);
      expect(login.code, login.stderr).to.equal(0);
      // Whatever the CLI's sign-in caused reached the inbox before this customer's message does.
      const ana = customerNumber();
      await customerSays(company, ana, 'Ana Cliente', 'Primeira mensagem');
      await screen.keys('2');
      await screen.shows('Ana Cliente', 'Primeira mensagem');
      expect(await screen.screen()).not.to.include('sign in');

      const logout = await atende(['logout'], dir);
      expect(logout.code, logout.stderr).to.equal(0);
      await customerSays(company, ana, 'Ana Cliente', 'Segunda mensagem');
      await screen.shows('Segunda mensagem');
      await screen.keys('a');
      await screen.shows('Ticket accepted.');
      expect(await screen.screen(), 'the CLI ended its own session only').not.to.include('sign in');

      expect((await atende(['login', '--server', server.url, '--email', company.agentAccount.email, '--password', company.agentAccount.password], dir)).code).to.equal(0);
      // The web console signs in: the inbox goes back to the sign-in, the e-mail there, the CLI still in.
      await signedIn(server, company.agentAccount);
      const signIn = await screen.shows('Atende — sign in', 'Your account was accessed from another computer', server.url, company.agentAccount.email);
      expect(signIn).not.to.include(company.agentAccount.password);
      const whoami = await atende(['whoami'], dir);
      expect([whoami.code, whoami.stdout.includes(company.agentAccount.email)], whoami.stderr).to.deep.equal([0, true]);
      expect(readSavedSession(path.join(dir, 'session.json'))?.server, "the CLI's session is untouched").to.equal(server.url);
      expect(JSON.parse(await readFile(path.join(dir, 'inbox-session.json'), 'utf8'))).to.deep.equal({ server: server.url, email: company.agentAccount.email });
      await screen.stop();

      // The next start signs in there again with only the password, even without --server.
      terminal = await startTerminal({ columns: 100, rows: 30, env: { ATENDE_CONFIG_DIR: dir } });
      await terminal.shows('Atende — sign in', server.url, company.agentAccount.email);
      await terminal.type(company.agentAccount.password);
      await terminal.keys('Enter');
      await terminal.shows('Ana Agente', '● Connected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
