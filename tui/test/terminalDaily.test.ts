/**
 * The inbox as a daily driver in a real terminal (issue 18): tmux runs the built `atende-inbox`
 * against a spawned server, and what a person does at the keyboard is checked on the screen tmux
 * draws and on the customer's phone: reading a waiting customer before accepting, a message taller
 * than the pane, typing on while messages go out, a pasted address, the readline keys, emoji that
 * keep the frame whole, Ctrl+L, the footer and the help at small sizes, --help and --version, and
 * the language of the environment.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { APP_VERSION, signatureOf, formatPhoneNumber } from '@atende/shared';
import { createApiClient } from '@atende/shared/client';
import { fileSession } from '@atende/shared/node';
import { textsFor } from '../src/app/i18n.js';
import { KEY_SECTIONS } from '../src/app/keymap.js';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { startTerminal, type TerminalUnderTest } from './support/tmux.js';
import { until } from './support/until.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/atende-inbox.mjs', import.meta.url));
const ADDRESS = 'Rua das Flores, 123\nApto 45\nSão Paulo - SP';
const LONG = Array.from({ length: 45 }, (_, index) => `linha ${String(index + 1).padStart(2, '0')} do endereço de entrega`).join('\n');
/** One scroll key, then the screen it drew: a key sent before the last one was drawn would skip past the target. */
async function scrollOnce(screen: TerminalUnderTest, key: 'Up' | 'Down'): Promise<void> {
  const before = await screen.screen();
  await screen.keys(key);
  await screen.showsWhere((text) => text !== before, `the conversation scrolled (${key})`);
}

describe('atende-inbox as a daily driver, in a real terminal (tmux)', function () {
  // Each test starts the built inbox in a terminal and measures what tmux draws: slow on a loaded machine.
  this.timeout(120_000);
  let server: SpawnedServer;
  let company: TestCompany;
  let configDir: string;
  let terminal: TerminalUnderTest | undefined;
  const maria = customerNumber();
  const carla = customerNumber();

  /** The inbox at this size, signed in as the agent (the session file a login left). */
  async function inbox(columns: number, rows: number, env: Record<string, string> = {}, args: string[] = []) {
    terminal = await startTerminal({ columns, rows, args: ['--server', server.url, ...args], env: { ATENDE_CONFIG_DIR: configDir, ...env } });
    return terminal;
  }

  async function ticketOf(number: string) {
    const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
    return tickets.find((ticket) => ticket.contact?.number === number);
  }

  /** What the phone gets of a text the agent sends: signed, as the composer sends by default. */
  const signed = (body: string) => `${signatureOf(company.agent.name)}${body}`;

  /** Once the phone has the agent's text: how many times it got it. */
  const phoneGets = (number: string, body: string) =>
    until(async () => {
      const copies = (await received(company, number)).filter((message) => message.body === signed(body));
      return copies.length > 0 ? copies : null;
    }, `the phone receives ${JSON.stringify(body)}`);

  /** The composer's rows: from the prompt to the frame's end. */
  const composer = (screen: string) => {
    const rows = screen.split('\n');
    const start = rows.findIndex((row) => row.startsWith('│> '));
    return start === -1 ? [] : rows.slice(start, rows.findIndex((row, index) => index > start && row.startsWith('╰'))).map((row) => row.slice(1, -1).trimEnd());
  };

  before(async function () {
    this.timeout(120_000);
    server = await spawnServer();
    company = await createCompany(server);
    configDir = await mkdtemp(path.join(tmpdir(), 'atende-inbox-daily-'));
    await createApiClient({ baseUrl: server.url, session: fileSession(server.url, path.join(configDir, 'inbox-session.json')) }).auth.login(company.agentAccount);
  });

  afterEach(async () => {
    await terminal?.stop();
    terminal = undefined;
  });

  after(async () => {
    await server?.stop();
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  it("opens a waiting customer read-only, previewing the customer's words rather than the bot's greeting", async () => {
    await customerSays(company, maria, 'Maria Cliente', 'Meu pedido 4521 veio com o item errado');
    // The queue's greeting went out after the customer's message: it is the ticket's last message.
    await until(async () => (await ticketOf(maria))?.lastMessage === 'Olá!', 'the greeting is the last message');
    const screen = await inbox(80, 24);
    await screen.shows('Pending 1');
    await screen.keys('2');
    const list = await screen.shows('Maria Cliente', 'Meu pedido 4521 veio com o item errado');
    expect(list).not.to.include('Olá!');

    await screen.keys('Enter');
    await screen.shows(`Maria Cliente ${formatPhoneNumber(maria)}`, '[pending]', 'Meu pedido 4521 veio com o item errado', 'Read only: accept the ticket (a) to reply.');
    await screen.keys('i');
    await screen.shows('Read only: accept the ticket (a) to reply.');
    expect(await screen.screen()).not.to.include('│> ');
    const ticket = await ticketOf(maria);
    expect([ticket?.status, ticket?.userId, ticket?.unreadMessages], 'reading changed nothing').to.deep.equal(['pending', null, 1]);

    await screen.keys('a');
    await screen.shows('Ticket accepted.', '[open]');
    expect((await ticketOf(maria))?.status).to.equal('open');
    expect(await screen.brokenRows()).to.deep.equal([]);
  });

  it('scrolls a message taller than the pane to its first line and back to its last (80x24)', async () => {
    await customerSays(company, maria, 'Maria Cliente', LONG);
    const screen = await inbox(80, 24);
    await screen.shows('▌Maria Cliente');
    await screen.keys('Enter');
    await screen.shows('linha 45 do endereço de entrega');
    expect(await screen.screen()).not.to.include('linha 01 ');
    for (let step = 0; step < 6 && !(await screen.screen()).includes('linha 01 '); step += 1) await scrollOnce(screen, 'Up');
    const top = await screen.shows('linha 01 do endereço de entrega', 'more lines below');
    expect(top.split('\n').find((row) => row.includes('linha 01'))).to.be.a('string');
    // The message's header (its sender) is right above its first line.
    const rows = top.split('\n');
    expect(rows[rows.findIndex((row) => row.includes('linha 01')) - 1]).to.include('▶').and.include('Maria Cliente');
    for (let step = 0; step < 6 && !(await screen.screen()).includes('linha 45 '); step += 1) await scrollOnce(screen, 'Down');
    const bottom = await screen.shows('linha 45 do endereço de entrega');
    expect(bottom).not.to.include('more lines below');
    expect(await screen.brokenRows()).to.deep.equal([]);
  });

  it('keeps every key typed while messages are being sent, and sends each once, in order', async () => {
    const screen = await inbox(80, 24);
    await screen.shows('▌Maria Cliente');
    await screen.keys('Enter');
    await screen.shows(`Maria Cliente ${formatPhoneNumber(maria)}`);
    await screen.keys('Enter');
    await screen.shows('│> ');
    // Typed at once, as fast as tmux delivers: every message is typed while the previous ones go out.
    await screen.type('Primeira resposta\rSegunda resposta\rTerceira resposta\rQuarta\r');
    for (const body of ['Primeira resposta', 'Segunda resposta', 'Terceira resposta', 'Quarta']) await phoneGets(maria, body);
    const bodies = (await received(company, maria)).map((message) => message.body);
    for (const body of ['Primeira resposta', 'Segunda resposta', 'Terceira resposta', 'Quarta']) expect(bodies.filter((sent) => sent === signed(body)), body).to.have.length(1);
    const sent = ['Primeira resposta', 'Segunda resposta', 'Terceira resposta', 'Quarta'].map((body) => bodies.indexOf(signed(body)));
    expect(sent, 'in the order typed').to.deep.equal([...sent].sort((a, b) => a - b));
    await screen.showsWhere((text) => composer(text)[0] === '>', 'an empty composer');
  });

  it('takes a pasted address with several lines as text, sent as one message by Enter', async () => {
    const screen = await inbox(80, 24);
    await screen.shows('▌Maria Cliente');
    await screen.keys('Enter');
    await screen.shows(`Maria Cliente ${formatPhoneNumber(maria)}`);
    await screen.keys('Enter');
    await screen.shows('│> ');
    await screen.paste(ADDRESS);
    const pasted = await screen.showsWhere((text) => composer(text).length === 3, 'the three lines in the composer');
    expect(composer(pasted)).to.deep.equal(['> Rua das Flores, 123', '  Apto 45', '  São Paulo - SP']);
    expect((await received(company, maria)).some((message) => message.body.includes('Rua das Flores')), 'nothing sent by the paste').to.equal(false);
    await screen.keys('Enter');
    expect(await phoneGets(maria, ADDRESS)).to.have.length(1);
  });

  it('edits with Ctrl+W, Ctrl+U, Ctrl+K and Ctrl+Y as in readline', async () => {
    const screen = await inbox(80, 24);
    await screen.shows('▌Maria Cliente');
    await screen.keys('Enter');
    await screen.shows(`Maria Cliente ${formatPhoneNumber(maria)}`);
    await screen.keys('Enter');
    await screen.shows('│> ');
    await screen.type('bom dia pessoal');
    await screen.showsWhere((text) => composer(text)[0] === '> bom dia pessoal', 'the text typed');
    await screen.keys('C-w');
    await screen.showsWhere((text) => composer(text)[0] === '> bom dia', 'the last word removed');
    await screen.keys('C-u');
    await screen.showsWhere((text) => composer(text)[0] === '>', 'the line removed');
    await screen.keys('C-y');
    await screen.showsWhere((text) => composer(text)[0] === '> bom dia', 'the removed text back');
    await screen.keys('C-a', 'C-k');
    await screen.showsWhere((text) => composer(text)[0] === '>', 'the line removed from its start');
    await screen.type('Boa tarde!');
    await screen.keys('Enter');
    expect(await phoneGets(maria, 'Boa tarde!')).to.have.length(1);
    expect((await received(company, maria)).some((message) => message.body.includes('bom dia'))).to.equal(false);
  });

  it('keeps the frame whole with skin tones, flags and joined emoji, at 120 and 80 columns, and Ctrl+L redraws it', async () => {
    await customerSays(company, carla, 'Carla 👍🏽 🇧🇷', 'Oi 👍🏽 🇧🇷 👨‍👩‍👧 ❤️ 1️⃣ 🏳️‍🌈 tudo certo?');
    const screen = await inbox(120, 32);
    await screen.keys('2');
    await screen.shows('Carla', 'tudo certo?');
    await screen.keys('Enter');
    await screen.shows('[pending]', 'tudo certo?');
    expect(await screen.brokenRows(), 'two panes at 120 columns').to.deep.equal([]);
    // What terminals draw alike: no skin tone, no emoji-style selector; flags and joined wide emoji kept.
    expect(await screen.screen()).to.include('Carla 👍 🇧🇷 +' + carla).and.include('Oi 👍 🇧🇷 👨‍👩‍👧 ❤ 1 🏳 tudo certo?');
    await screen.resize(80, 24);
    await screen.showsWhere((text) => !text.includes('││'), 'one pane at 80 columns');
    await screen.shows('tudo certo?');
    await screen.settlesWhole('one pane at 80 columns');

    // A render of the inbox (a clock, a live event) may wipe the scribble before it is seen: write
    // it again every half second until it shows.
    let polls = 0;
    await until(async () => {
      if (polls++ % 20 === 0) await screen.scribble('\x1b[5;10H*** SOMETHING ELSE WROTE HERE ***');
      return (await screen.screen()).includes('SOMETHING ELSE WROTE HERE');
    }, 'the scribble on the screen');
    await screen.keys('C-l');
    await screen.showsWhere((text) => !text.includes('SOMETHING ELSE') && text.includes('tudo certo?'), 'the screen drawn again');
    expect(await screen.brokenRows()).to.deep.equal([]);
  });

  it('keeps one status row and ? and q in the footer down to 40 columns, and shows every key in the help at 60x20 and 80x24', async () => {
    const { t } = textsFor('en');
    const labels = Object.values(KEY_SECTIONS)
      .flat()
      .map((key) => t(`tui.keys.${key.action}`));
    const screen = await inbox(60, 20, {}, ['--no-bell']);
    for (const [columns, rows] of [
      [40, 16],
      [60, 20],
      [80, 24],
    ] as const) {
      await screen.resize(columns, rows);
      await screen.keys('Escape', '1');
      const redrawn = (text: string) => text.split('\n')[2] === `╭${'─'.repeat(columns - 2)}╮`;
      const footer = (await screen.showsWhere((text) => redrawn(text) && text.trimEnd().split('\n').at(-1)!.endsWith('? help · q quit'), `? and q in the footer at ${columns} columns`))
        .trimEnd()
        .split('\n')
        .at(-1)!;
      expect(footer.length).to.be.at.most(columns);
      // One status row (the muted bell included), the panes below it, the footer last but one.
      const layout = (await screen.showsWhere((text) => text.split('\n')[0]!.endsWith('🔕 ● Connected'), `the status row at ${columns} columns`)).split('\n');
      expect([layout[1], layout[2]!.startsWith('╭'), layout[rows - 4]!.startsWith('╰'), layout[rows - 2]], `the rows at ${columns}x${rows}`).to.deep.equal(['', true, true, footer]);
      expect(await screen.brokenRows(), `the inbox at ${columns}x${rows}`).to.deep.equal([]);
      if (columns < 60) continue;
      await screen.keys('?');
      let page = await screen.shows('Keys', 'Any key closes');
      const seen = new Set<string>();
      for (let step = 0; step < 20; step += 1) {
        expect(await screen.brokenRows(), `the help at ${columns}x${rows}`).to.deep.equal([]);
        for (const row of page.split('\n')) for (const label of labels) if (row.includes(` ${label}`)) seen.add(label);
        const [, to, total] = /lines \d+–(\d+) of (\d+)/.exec(page) ?? [];
        if (!to || to === total) break;
        await screen.keys('PageDown');
        page = await screen.showsWhere((text) => !text.includes(`–${to} of`), 'the next page of the help');
      }
      expect(labels.filter((label) => !seen.has(label)), `keys never shown at ${columns}x${rows}`).to.deep.equal([]);
      await screen.keys('x');
      await screen.showsWhere((text) => !text.includes('Any key closes'), 'the help closed');
    }
    await screen.keys('q');
    await until(async () => !(await screen.running()), 'q quits');
  });

  it('speaks the language of ATENDE_LANGUAGE, else LC_ALL or LANG, on the sign-in screen', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'atende-inbox-nosession-'));
    try {
      const portuguese = await startTerminal({ columns: 80, rows: 24, args: ['--server', server.url], env: { ATENDE_CONFIG_DIR: empty, LANG: 'pt_BR.UTF-8' } });
      terminal = portuguese;
      await portuguese.shows('Atende — entrar', 'Tab troca de campo');
      await portuguese.stop();
      const spanish = await startTerminal({ columns: 80, rows: 24, args: ['--server', server.url], env: { ATENDE_CONFIG_DIR: empty, LANG: 'pt_BR.UTF-8', LC_ALL: 'es_ES.UTF-8' } });
      terminal = spanish;
      await spanish.shows(textsFor('es').t('tui.login.title'));
      await spanish.stop();
      const english = await startTerminal({ columns: 80, rows: 24, args: ['--server', server.url], env: { ATENDE_CONFIG_DIR: empty, LC_ALL: 'es_ES.UTF-8', ATENDE_LANGUAGE: 'en' } });
      terminal = english;
      await english.shows('Atende — sign in');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('--help lists the options, every key, the environment variables and the session file; --version prints the version', async () => {
    const env = { ...process.env, ATENDE_CONFIG_DIR: '/srv/atende-config', LANG: 'C.UTF-8', LC_ALL: '', ATENDE_LANGUAGE: '' };
    const help = await run(process.execPath, [BIN, '--help'], { env });
    for (const text of ['Usage: atende-inbox', '--server URL', '--no-bell', '--version', 'Keys:', 'Ctrl+W', 'Ctrl+L', 'Alt+Enter Ctrl+J', 'Environment:', 'ATENDE_SERVER', 'ATENDE_LANGUAGE', 'LC_ALL, LANG', 'ATENDE_CONFIG_DIR', 'Files:', '/srv/atende-config/inbox-session.json', '/srv/atende-config/inbox-drafts.json']) {
      expect(help.stdout, text).to.include(text);
    }
    const { t } = textsFor('en');
    for (const key of Object.values(KEY_SECTIONS).flat()) expect(help.stdout).to.include(`${key.keys.padEnd(20)} ${t(`tui.keys.${key.action}`)}`);
    expect((await run(process.execPath, [BIN, '--help'], { env: { ...env, LANG: 'pt_BR.UTF-8' } })).stdout).to.include('Uso: atende-inbox');
    for (const flag of ['--version', '-V']) expect((await run(process.execPath, [BIN, flag], { env })).stdout).to.equal(`atende-inbox ${APP_VERSION}\n`);
    const refused = await run(process.execPath, [BIN, '--frobnicate'], { env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).to.equal(2);
    expect(refused?.stderr).to.include('Unknown argument: --frobnicate').and.include('atende-inbox --help');
  });
});
