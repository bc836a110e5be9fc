import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isRunning, waitUntilGone } from '../support/processes.js';

const serverDir = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('main: a fresh start on the embedded engine, login, graceful stop', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atende-main-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('starts the engine and the server, seeds the super admin, and stops both on SIGTERM', async function () {
    this.timeout(150_000);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ATENDE_DATA_DIR: dataDir, ATENDE_ADMIN_PASSWORD: '', LOG_LEVEL: 'info' };
    delete env.MONGODB_URI;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          if (output.includes('atende listening')) {
            clearInterval(timer);
            resolve();
          } else if (Date.now() - started > 120_000 || child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`server did not start:\n${output}`));
          }
        }, 50);
      });
      const password = /super admin admin@atende\.local \/ password (\S+)/.exec(output)?.[1];
      expect(password, 'the generated password is printed once').to.be.a('string');
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@atende.local', password }),
      });
      expect(login.status).to.equal(200);
      expect(((await login.json()) as { user: { super: boolean } }).user.super).to.equal(true);
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { database: { engine: string } };
      expect(health.database.engine).to.equal('embedded');
      const engine = JSON.parse(await readFile(path.join(dataDir, 'engine', 'engine.json'), 'utf8')) as { pid: number; postgresPid: number };
      expect(await isRunning(engine.pid)).to.equal(true);
      expect(await isRunning(engine.postgresPid)).to.equal(true);

      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(await waitUntilGone(engine.pid)).to.equal(true);
      expect(await waitUntilGone(engine.postgresPid, 10_000)).to.equal(true);
      expect(existsSync(path.join(dataDir, 'engine', 'engine.json'))).to.equal(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('main: a start that cannot work says what is wrong and how to fix it', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atende-main-refused-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  /** Runs the server to its exit; answers the exit code and everything it printed. */
  async function runToExit(extra: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', ATENDE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
    delete env.MONGODB_URI;
    for (const [name, value] of Object.entries(extra)) if (value === undefined) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 140_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    clearTimeout(timer);
    return { code, output };
  }

  it('production without JWT secrets names the variable, why, and how to make one', async function () {
    this.timeout(30_000);
    const { code, output } = await runToExit({ NODE_ENV: 'production', PORT: String(await freePort()), JWT_SECRET: undefined, JWT_REFRESH_SECRET: undefined });
    expect(code).to.equal(1);
    expect(output).to.contain('JWT_SECRET is not set, and NODE_ENV=production requires it');
    expect(output).to.contain('Fix: set JWT_SECRET to a random string of at least 16 characters');
    expect(output).not.to.contain('    at '); // no stack trace for an operator's mistake
  });

  it('an invalid value names the variable, the value, the rule and the fix; secrets are not echoed', async function () {
    this.timeout(30_000);
    const { code, output } = await runToExit({ PORT: 'http', JWT_SECRET: 'short', ATENDE_LANGUAGE: 'fr' });
    expect(code).to.equal(1);
    expect(output).to.contain('PORT="http": must be a number. Fix: correct PORT');
    expect(output).to.contain('ATENDE_LANGUAGE="fr": must be one of [pt, en, es]');
    expect(output).to.contain('JWT_SECRET=(value hidden): length must be at least 16 characters long');
    expect(output).not.to.contain('short');
  });

  it('a port in use is told as such, with the fix', async function () {
    this.timeout(150_000);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const { port } = taken.address() as { port: number };
    try {
      const { code, output } = await runToExit({ PORT: String(port) });
      expect(code).to.equal(1);
      expect(output).to.contain(`port ${port} on 127.0.0.1 is already in use`);
      expect(output).to.contain('Fix: stop that program, or set PORT to a free port');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
