/**
 * Installing leaves both terminal programs runnable (issue 18): `npm install` / `npm ci` run the
 * root's prepare, which bundles atende and atende-inbox; a checkout without bundles still runs
 * them, from their TypeScript sources.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnv, type Env, type Run } from './support/cli.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(command: string, args: string[], options: { cwd: string; env: Env }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A copy of the repository's shape without any bundle: the bins copied, sources and packages linked. */
async function unbuiltCheckout(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atende-unbuilt-'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await symlink(path.join(ROOT, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  for (const [workspace, bin] of [['cli', 'atende.mjs'], ['tui', 'atende-inbox.mjs']] as const) {
    await mkdir(path.join(dir, workspace, 'bin'), { recursive: true });
    await copyFile(path.join(ROOT, workspace, 'bin', bin), path.join(dir, workspace, 'bin', bin));
    await symlink(path.join(ROOT, workspace, 'src'), path.join(dir, workspace, 'src'));
    await symlink(path.join(ROOT, workspace, 'tsconfig.json'), path.join(dir, workspace, 'tsconfig.json'));
    await symlink(path.join(ROOT, workspace, 'package.json'), path.join(dir, workspace, 'package.json'));
  }
  return dir;
}

describe('installing atende and atende-inbox', () => {
  let env: Env;

  before(async () => {
    env = await cliEnv();
  });

  it("npm install and npm ci bundle both programs (the root's prepare), and CI checks both answer", async function () {
    this.timeout(120_000);
    const root = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(root.scripts.prepare).to.equal('node scripts/bins/build.mjs');
    const built = await run(process.execPath, ['scripts/bins/build.mjs'], { cwd: ROOT, env });
    expect(built.code, built.stderr).to.equal(0);
    expect(built.stderr).to.match(/atende and atende-inbox bundled in/);

    const [atende, inbox, viaNpx] = await Promise.all([
      run(process.execPath, ['cli/bin/atende.mjs', '--help'], { cwd: ROOT, env }),
      run(process.execPath, ['tui/bin/atende-inbox.mjs', '--help'], { cwd: ROOT, env }),
      run('npx', ['--no-install', 'atende', '--help'], { cwd: ROOT, env }),
    ]);
    expect(atende.code, atende.stderr).to.equal(0);
    expect(atende.stdout).to.include('Usage: atende').and.include('queues').and.include('tickets');
    expect(inbox.code, inbox.stderr).to.equal(0);
    expect(inbox.stdout).to.include('Usage: atende-inbox');
    expect(viaNpx.code, viaNpx.stderr).to.equal(0);
    expect(viaNpx.stdout).to.equal(atende.stdout);

    const ci = await readFile(path.join(ROOT, '.ci/run'), 'utf8');
    const installed = ci.indexOf('npm ci');
    expect(installed).to.be.greaterThan(-1);
    for (const check of ['npx --no-install atende --help', 'npx --no-install atende-inbox --help']) expect(ci.indexOf(check)).to.be.greaterThan(installed);
  });

  it('a checkout without bundles runs both programs from their sources', async function () {
    this.timeout(120_000);
    const dir = await unbuiltCheckout();
    try {
      const [atende, queues, inbox] = await Promise.all([
        run(process.execPath, [path.join(dir, 'cli/bin/atende.mjs'), '--help'], { cwd: dir, env }),
        run(process.execPath, [path.join(dir, 'cli/bin/atende.mjs'), 'queues', '--help', '--lang', 'pt'], { cwd: dir, env }),
        run(process.execPath, [path.join(dir, 'tui/bin/atende-inbox.mjs'), '--help'], { cwd: dir, env }),
      ]);
      expect(atende.code, atende.stderr).to.equal(0);
      expect(atende.stdout).to.include('Usage: atende').and.include('quick-messages');
      expect(queues.code, queues.stderr).to.equal(0);
      expect(queues.stdout).to.include('filas e o menu de opções do chatbot');
      expect(inbox.code, inbox.stderr).to.equal(0);
      expect(inbox.stdout).to.include('Usage: atende-inbox');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
