/**
 * The operator's terminal obeys no customer (issue 29): a customer whose name and message carry
 * escape sequences (renaming the terminal, clearing the screen, colours, a C1 CSI, a carriage
 * return, a bidirectional override) and a colleague's tag doing the same are printed by the real
 * binary without any of them, in tables, details and at a real terminal; --json keeps every value
 * as it was, with those characters escaped.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Message, Tag, Ticket } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createTenant, eventually, pairedSandbox, signInSuper, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, terminal, type Env, type Run } from './support/cli.js';

const NAME = 'Ana\u001b]0;pwned by Ana\u0007\u001b[2J\u001b[H\u202eadmin';
const BODY = 'Hi\u001b]2;title\u001b\\ there\u001b[31m red\u001b[0m\r\nline two\u009b2J\u0007\u0008 end\rOVERWRITTEN';
const TAG = 'Lane\u001b[5m blink\u001bPq#0;2;0;0;0\u001b\\';
/** What no terminal may be given: ESC, BEL, backspace, carriage return, C1 controls, bidi controls. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function visible(text: string): string {
  return JSON.stringify(text.match(CONTROLS)?.[0] ?? '');
}

describe('atende prints no control sequence from outside (issue 29)', function () {
  this.timeout(90_000);
  let server: SpawnedServer;
  let tenant: Tenant;
  let env: Env;
  let ticket: Ticket;

  function expectClean(run: Run, what: string): void {
    expect(run.code, run.stderr).to.equal(0);
    expect(CONTROLS.test(run.stdout), `${what} printed ${visible(run.stdout)}`).to.equal(false);
  }

  before(async () => {
    server = await spawnServer();
    const operator = await signInSuper(server.url);
    tenant = await createTenant(server.url, operator);
    env = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    const paired = await pairedSandbox(tenant.admin.api);
    const number = `55119${String(Date.now()).slice(-8)}`;
    await tenant.admin.api.sandbox.send(paired, { from: number, name: NAME, body: BODY });
    await eventually(async () => {
      const found = (await tenant.admin.api.tickets.list({ searchParam: number, showAll: true })).tickets.find((each) => each.contact?.number === number);
      if (found) ticket = found;
      return found !== undefined;
    }, 'the customer ticket');
    const tag: Tag = await tenant.admin.api.tags.create({ name: TAG, color: '#123456' });
    await tenant.admin.api.tags.sync(ticket.id, [tag.id]);
  });
  after(() => server?.stop());

  it('tables and details keep the words and drop every control: tickets, a conversation, tags', async () => {
    const list = await cli(['tickets', 'list', '--status', 'pending', '--all'], env);
    expectClean(list, 'tickets list');
    expect(list.stdout).to.include('Anaadmin');
    const shown = await cli(['tickets', 'show', ticket.id, '--messages'], env);
    expectClean(shown, 'tickets show');
    expect(shown.stdout).to.include('Hi there red').and.include('line two end').and.include('OVERWRITTEN').and.include('Lane blink');
    expect(shown.stdout).to.not.include('pwned by Ana');
    expectClean(await cli(['tags', 'list'], env), 'tags list');
  });

  it('--json keeps every value as it was, with the terminal controls escaped', async () => {
    const run = await cli(['tickets', 'show', ticket.id, '--messages', '--json'], env);
    expectClean(run, 'tickets show --json');
    const shown = parse<Ticket & { messages: Message[] }>(run);
    const stored = await tenant.admin.api.messages.list(ticket.id);
    expect(shown.contact?.name).to.equal((await tenant.admin.api.tickets.get(ticket.id)).contact?.name);
    expect(shown.contact?.name).to.include('\u202e');
    expect(shown.messages.map((message) => message.body)).to.deep.equal(stored.messages.map((message) => message.body));
    expect(shown.messages.some((message) => message.body.includes('\u009b'))).to.equal(true);
  });

  it('at a real terminal, the conversation and the contacts export reach it without a control sequence', async () => {
    for (const args of [['tickets', 'show', ticket.id, '--messages'], ['contacts', 'export', '-']]) {
      const shell = terminal(args, env);
      expect(await shell.exit, shell.raw()).to.equal(0);
      // The terminal itself ends lines with CR LF; anything else would be the customer's.
      const given = shell.raw().replace(/\r\n/g, '\n');
      expect(CONTROLS.test(given), `${args.join(' ')} gave the terminal ${visible(given)}`).to.equal(false);
      expect(given).to.include('Anaadmin');
    }
  });

  it('commands print only through the output layer, where the stripping is', async () => {
    const commands = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/commands');
    const direct: string[] = [];
    for (const file of await readdir(commands)) {
      const source = await readFile(path.join(commands, file), 'utf8');
      if (/process\.(stdout|stderr)\.write|console\.(log|error|warn|info)/.test(source)) direct.push(file);
    }
    expect(direct, 'commands writing to the terminal themselves').to.deep.equal([]);
  });
});
