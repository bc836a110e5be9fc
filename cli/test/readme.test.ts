/**
 * The README's CLI examples as written, on a fresh install (a spawned server with nothing but its
 * first start): a company on the plan a fresh install has, a queue, and a sandbox connection
 * paired, so that anyone trying the commands in order gets what the README says.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { cli, cliEnv, type Run } from './support/cli.js';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The README's `atende ...` example that starts so, as arguments (quotes kept together, the comment left out). */
async function example(start: string): Promise<string[]> {
  const text = await readFile(README, 'utf8');
  const block = text.slice(text.indexOf('## Operator CLI'), text.indexOf('```\n', text.indexOf('```sh', text.indexOf('## Operator CLI')) + 5));
  const line = block.split('\n').find((row) => row.startsWith(start));
  expect(line, `the README shows ${start}`).to.be.a('string');
  const command = line!.replace(/\s+#.*$/, '');
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!).slice(1);
}

describe("the README's CLI examples, on a fresh install", function () {
  this.timeout(120_000);
  let server: SpawnedServer;

  before(async () => {
    server = await spawnServer();
  });
  after(() => server?.stop());

  it('creates a company on the plan a fresh install has, then a queue and a sandbox connection paired without WhatsApp', async () => {
    const env = await cliEnv({ ATENDE_SERVER: server.url });
    const ok = (run: Run, what: string) => expect(run.code, `${what}: ${run.stderr}`).to.equal(0);
    ok(await cli(['login', '--email', SERVER_SUPER_EMAIL, '--password', SERVER_SUPER_PASSWORD], env), 'login');
    const company = await example('atende companies create');
    ok(await cli(company, env), company.join(' '));
    const email = company[company.indexOf('--email') + 1]!;
    const password = company[company.indexOf('--password') + 1]!;
    ok(await cli(['login', '--email', email, '--password', password], env), 'the new admin logs in');
    ok(await cli(await example('atende queues create'), env), 'queues create');
    const sandbox = await example('atende connections create --name Demo');
    expect(sandbox).to.include.members(['--provider', 'sandbox']);
    ok(await cli(sandbox, env), sandbox.join(' '));
    // The connection shows its QR a moment after it is created: the pairing is tried until then.
    const pair = await example('atende sandbox pair');
    let paired: Run = { code: -1, stdout: '', stderr: '' };
    for (const deadline = Date.now() + 15_000; paired.code !== 0 && Date.now() < deadline; ) paired = await cli(pair, env);
    ok(paired, pair.join(' '));
    const list = await cli(['connections', 'list', '--json'], env);
    expect((JSON.parse(list.stdout) as { name: string; status: string; provider: string }[]).map(({ name, status, provider }) => ({ name, status, provider }))).to.deep.equal([
      { name: 'Demo', status: 'CONNECTED', provider: 'sandbox' },
    ]);
  });
});
