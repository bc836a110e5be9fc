/**
 * End to end in a real terminal: tmux runs the built `atende-inbox` against a spawned server; the
 * agent signs in, accepts the customer's ticket and replies, all with keys sent to the pane.
 */
import { expect } from 'chai';
import { signatureOf, formatPhoneNumber } from '@atende/shared';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readSavedSession } from '@atende/shared/node';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { until } from './support/until.js';

const run = promisify(execFile);
const TUI = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(TUI, 'bin/atende-inbox.mjs');
const BUNDLE = path.join(TUI, 'dist/atende-inbox.mjs');

describe('atende-inbox in a real terminal (tmux)', () => {
  const socket = `atende-inbox-e2e-${process.pid}`;
  const tmux = (...args: string[]) => run('tmux', ['-L', socket, ...args]);
  const pane = async () => (await tmux('capture-pane', '-p', '-t', 'inbox')).stdout;
  const shows = (...texts: string[]) => {
    let screen = '';
    return until(
      async () => {
        screen = await pane();
        return texts.every((text) => screen.includes(text)) ? screen : null;
      },
      () => `the pane shows ${JSON.stringify(texts)}\n--- pane ---\n${screen}`,
    );
  };
  const keys = (...args: string[]) => tmux('send-keys', '-t', 'inbox', ...args);

  let server: SpawnedServer;
  let company: TestCompany;
  let configDir: string;
  const maria = customerNumber();

  before(async function () {
    this.timeout(90_000);
    expect(existsSync(BUNDLE), 'build the inbox first: npm run build -w tui').to.equal(true);
    server = await spawnServer();
    company = await createCompany(server);
    await customerSays(company, maria, 'Maria Cliente', 'Boa tarde, meu pedido chegou quebrado');
    configDir = await mkdtemp(path.join(tmpdir(), 'atende-inbox-tmux-'));
    // CI=true as on a build machine, where Ink would otherwise draw nothing until the inbox quits;
    // a locale without a language of Atende's, so that the inbox speaks English whatever the machine's.
    const locale = ['-e', 'LANG=C.UTF-8', '-e', 'LC_ALL=', '-e', 'LC_MESSAGES=', '-e', 'ATENDE_LANGUAGE='];
    await tmux('new-session', '-d', '-s', 'inbox', '-x', '120', '-y', '32', '-e', `ATENDE_CONFIG_DIR=${configDir}`, '-e', 'CI=true', ...locale, `${process.execPath} ${BIN} --server ${server.url}`);
  });

  after(async () => {
    await tmux('kill-server').catch(() => undefined);
    await server?.stop();
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  it('signs in, accepts the waiting customer and replies from the keyboard', async function () {
    // The built program in a real terminal, step by step: slow on a loaded machine.
    this.timeout(90_000);
    await shows('Atende — sign in', server.url);
    await keys('-l', company.agentAccount.email);
    await keys('Enter');
    await keys('-l', company.agentAccount.password);
    await keys('Enter');
    await shows('Ana Agente', 'Pending 1', '● Connected');
    expect(readSavedSession(path.join(configDir, 'inbox-session.json'))?.server, 'the session is saved for the next start').to.equal(server.url);

    await keys('2');
    await shows('Maria Cliente');
    await keys('a');
    await shows('Ticket accepted.', 'Boa tarde, meu pedido chegou quebrado');
    await keys('Enter');
    await keys('-l', 'Sinto muito! Vamos trocar o produto.');
    await keys('Enter');
    await until(async () => (await received(company, maria)).some((message) => message.body === `${signatureOf(company.agent.name)}Sinto muito! Vamos trocar o produto.`), 'the reply reaches the phone');
    const screen = await shows('You ✓', 'Sinto muito! Vamos trocar o produto.');
    expect(screen).to.include(`Maria Cliente ${formatPhoneNumber(maria)}`);

    // Esc and a letter typed together read as Alt+letter: one key at a time, as a person types.
    await keys('Escape');
    await shows('r quote');
    await keys('Escape');
    await shows('Enter open');
    await keys('q');
    await until(async () => !(await tmux('list-panes', '-a', '-F', '#{pane_current_command}').catch(() => ({ stdout: '' }))).stdout.includes('node'), 'the inbox quits with q');
  });
});
