import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, Server, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import {
  startEmbeddedEngine,
  type EmbeddedEngine,
  type EngineLogger,
} from '../../src/platform/database/embeddedEngine.js';
import { isRunning, pings, waitUntilGone } from '../support/processes.js';

const here = dirname(fileURLToPath(import.meta.url));
const quiet: EngineLogger = { info() {}, warn() {}, error() {} };

describe('embedded engine lifecycle', () => {
  let root: string;
  const started: EmbeddedEngine[] = [];
  // Cleanup for failed tests: child Node processes, and engines they started.
  const children: ChildProcess[] = [];
  const strayPids: number[] = [];

  async function start(dataDir: string, opts: { binary?: string } = {}): Promise<EmbeddedEngine> {
    const engine = await startEmbeddedEngine({ dataDir, logger: quiet, ...opts });
    started.push(engine);
    return engine;
  }

  async function record(dataDir: string): Promise<{ pid: number; port: number; startedAt: string } | undefined> {
    const text = await readFile(join(dataDir, 'ferretdb', 'engine.json'), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : JSON.parse(text);
  }

  /** Starts an engine in a child Node process; resolves with that process and the engine's pid. */
  async function startInChild(dataDir: string, mode: 'hold' | 'exit') {
    const parent = spawn(process.execPath, ['--import', 'tsx', join(here, '../support/childEngine.ts'), dataDir, mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(parent);
    const [line] = (await once(createInterface({ input: parent.stdout }), 'line')) as [string];
    const { pid } = JSON.parse(line) as { pid: number };
    strayPids.push(pid);
    return { parent, pid };
  }

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atende-engine-'));
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((engine) => engine.stop()));
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const pid of strayPids.splice(0)) if (await isRunning(pid)) process.kill(pid, 'SIGKILL');
    await rm(root, { recursive: true, force: true });
  });

  it('starts on a fresh data dir, answers ping, and stop leaves no process', async () => {
    const dataDir = join(root, 'data');
    const t0 = Date.now();
    const engine = await start(dataDir);
    expect(Date.now() - t0).to.be.below(2_000);

    expect(engine.uri).to.equal(`mongodb://127.0.0.1:${engine.port}/`);
    expect(await pings(engine.uri)).to.equal(true);
    expect(await record(dataDir)).to.include({ pid: engine.pid, port: engine.port });

    await engine.stop();
    expect(await isRunning(engine.pid)).to.equal(false);
    expect(await record(dataDir)).to.equal(undefined);
    await engine.stop(); // idempotent
  });

  it('replaces an engine already running on the same data dir', async () => {
    const dataDir = join(root, 'data');
    const first = await start(dataDir);
    const second = await start(dataDir);

    expect(await waitUntilGone(first.pid)).to.equal(true);
    expect(await pings(second.uri)).to.equal(true);
    expect(await record(dataDir)).to.include({ pid: second.pid });

    await first.stop(); // must not remove the record of its replacement
    expect(await record(dataDir)).to.include({ pid: second.pid });
  });

  it('does not outlive a Node process that exits without stopping it', async () => {
    const { parent, pid } = await startInChild(join(root, 'data'), 'exit');
    const [code] = await once(parent, 'exit');
    expect(code).to.equal(0);
    expect(await waitUntilGone(pid)).to.equal(true);
  });

  it('replaces an engine orphaned by a SIGKILLed parent process', async () => {
    const dataDir = join(root, 'data');
    const { parent, pid: orphan } = await startInChild(dataDir, 'hold');

    parent.kill('SIGKILL');
    await once(parent, 'exit');
    expect(await isRunning(orphan), 'orphan survives its parent').to.equal(true);

    const engine = await start(dataDir);
    expect(await waitUntilGone(orphan)).to.equal(true);
    expect(await pings(engine.uri)).to.equal(true);
  });

  it('replaces a stale engine.json whose process is gone', async () => {
    const dataDir = join(root, 'data');
    const dead = spawn('true');
    await once(dead, 'exit');
    await mkdir(join(dataDir, 'ferretdb'), { recursive: true });
    await writeFile(
      join(dataDir, 'ferretdb', 'engine.json'),
      JSON.stringify({ pid: dead.pid, port: 1, startedAt: new Date().toISOString() }),
    );

    const engine = await start(dataDir);
    expect(await pings(engine.uri)).to.equal(true);
    expect(await record(dataDir)).to.include({ pid: engine.pid });
  });

  it('runs engines on two data dirs at once, on different ports', async () => {
    const [a, b] = await Promise.all([start(join(root, 'a')), start(join(root, 'b'))]);
    expect(a.port).to.not.equal(b.port);
    expect(await pings(a.uri)).to.equal(true);
    expect(await pings(b.uri)).to.equal(true);
  });

  it('retries on another port when the chosen one is taken before the engine binds it', async () => {
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(0, '127.0.0.1', done));
    const taken = (squatter.address() as AddressInfo).port;
    // Make the engine's free-port probe report the squatted port once, as if it had lost the race.
    const realAddress = Server.prototype.address;
    let raced = false;
    Server.prototype.address = function (this: Server) {
      const address = realAddress.call(this);
      if (raced || address === null || typeof address === 'string') return address;
      raced = true;
      return { ...address, port: taken };
    };
    const warnings: string[] = [];
    try {
      const logger = { ...quiet, warn: (msg: string) => warnings.push(msg) };
      const engine = await startEmbeddedEngine({ dataDir: join(root, 'data'), logger });
      started.push(engine);
      expect(engine.port).to.not.equal(taken);
      expect(await pings(engine.uri)).to.equal(true);
      expect(warnings.join('\n')).to.include(`port ${taken} was taken`);
    } finally {
      Server.prototype.address = realAddress;
      squatter.close();
    }
  });

  it('reports the engine output when it fails to start', async () => {
    const fake = join(root, 'fake-ferretdb');
    await writeFile(fake, '#!/bin/sh\necho "cannot open database: disk I/O error" >&2\nexit 3\n');
    await chmod(fake, 0o755);

    const failure = await start(join(root, 'data'), { binary: fake }).catch((err: unknown) => err);
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message)
      .to.include('exited (code 3)')
      .and.include('cannot open database: disk I/O error');
    expect(await record(join(root, 'data'))).to.equal(undefined);
  });
});
