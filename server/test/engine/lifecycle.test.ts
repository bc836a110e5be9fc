import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, Server, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { runningEngineUri, startEmbeddedEngine, type EmbeddedEngine, type EngineLogger } from '../../src/platform/database/embeddedEngine.js';
import { isRunning, pings, waitUntilGone } from '../support/processes.js';

const here = dirname(fileURLToPath(import.meta.url));
const quiet: EngineLogger = { info() {}, warn() {}, error() {} };

interface Pids {
  pid: number;
  postgresPid: number;
}

describe('embedded engine lifecycle (FerretDB on PostgreSQL)', function () {
  this.timeout(60_000);
  let root: string;
  const started: EmbeddedEngine[] = [];
  // Cleanup for failed tests: child Node processes, and engines they started.
  const children: ChildProcess[] = [];
  const strayPids: number[] = [];

  async function start(dataDir: string, opts: { binary?: string; logger?: EngineLogger } = {}): Promise<EmbeddedEngine> {
    const engine = await startEmbeddedEngine({ dataDir, logger: quiet, ...opts });
    started.push(engine);
    return engine;
  }

  async function record(dataDir: string): Promise<(Pids & { port: number; postgresPort: number }) | undefined> {
    const text = await readFile(join(dataDir, 'engine', 'engine.json'), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : JSON.parse(text);
  }

  async function gone(pids: Pids): Promise<boolean> {
    return (await waitUntilGone(pids.pid)) && (await waitUntilGone(pids.postgresPid, 15_000));
  }

  /** Starts an engine in a child Node process; resolves with that process and the engine's pids. */
  async function startInChild(dataDir: string, mode: 'hold' | 'exit') {
    const parent = spawn(process.execPath, ['--import', 'tsx', join(here, '../support/childEngine.ts'), dataDir, mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(parent);
    const [line] = (await once(createInterface({ input: parent.stdout }), 'line')) as [string];
    const pids = JSON.parse(line) as Pids;
    strayPids.push(pids.pid, pids.postgresPid);
    return { parent, pids };
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

  it('starts on a fresh data dir, keeps the data across restarts, and stop leaves no process', async () => {
    const dataDir = join(root, 'data');
    const engine = await start(dataDir);
    expect(new URL(engine.uri).host).to.equal(`127.0.0.1:${engine.port}`);
    expect(await pings(engine.uri)).to.equal(true);
    expect(await record(dataDir)).to.include({ pid: engine.pid, port: engine.port, postgresPid: engine.postgres.pid, postgresPort: engine.postgres.port });
    const client = new MongoClient(engine.uri);
    await client.db('kept').collection('notes').insertOne({ text: 'still here' });
    await client.close();

    await engine.stop();
    expect(await gone({ pid: engine.pid, postgresPid: engine.postgres.pid })).to.equal(true);
    expect(await record(dataDir)).to.equal(undefined);
    await engine.stop(); // idempotent

    const again = await start(dataDir);
    const reader = new MongoClient(again.uri);
    expect(await reader.db('kept').collection('notes').findOne({}, { projection: { _id: 0 } })).to.deep.equal({ text: 'still here' });
    await reader.close();
  });

  it('keeps PostgreSQL on 127.0.0.1 behind a password generated once and kept in the data dir', async () => {
    const dataDir = join(root, 'data');
    const engine = await start(dataDir);
    const passwordFile = join(dataDir, 'engine', 'postgres-password');
    const password = (await readFile(passwordFile, 'utf8')).trim();
    expect(password).to.match(/^[0-9a-f]{48}$/);
    expect((await stat(passwordFile)).mode & 0o777).to.equal(0o600);
    expect(new URL(engine.postgres.url).password).to.equal(password);

    const refused = new pg.Client({ host: '127.0.0.1', port: engine.postgres.port, user: 'atende', password: 'wrong', database: 'postgres' });
    refused.on('error', () => undefined);
    const failure = await refused.connect().then(() => null, (err: Error) => err);
    await refused.end().catch(() => undefined);
    expect(failure?.message).to.match(/password authentication failed/);

    const client = new pg.Client({ connectionString: engine.postgres.url });
    await client.connect();
    const { rows } = await client.query<{ listen: string; sockets: string; plans: string }>(
      "SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets, current_setting('plan_cache_mode') AS plans",
    );
    await client.end();
    expect(rows[0]).to.deep.equal({ listen: '127.0.0.1', sockets: '', plans: 'force_custom_plan' });

    await engine.stop();
    const again = await start(dataDir);
    expect(new URL(again.postgres.url).password).to.equal(password);
  });

  it('lets in only clients with the credentials kept in the data dir: none or a wrong password reads nothing', async () => {
    const dataDir = join(root, 'data');
    const engine = await start(dataDir);
    const owner = new MongoClient(engine.uri, { directConnection: true });
    await owner.db('atende').collection('users').insertOne({ email: 'admin@example.com', passwordHash: '$argon2id$secret' });
    await owner.close();
    const password = (await readFile(join(dataDir, 'engine', 'postgres-password'), 'utf8')).trim();

    const intruders = [
      `mongodb://127.0.0.1:${engine.port}/`,
      `mongodb://atende:wrong-${password.slice(6)}@127.0.0.1:${engine.port}/?authMechanism=PLAIN`,
      `mongodb://postgres:@127.0.0.1:${engine.port}/?authMechanism=PLAIN`,
    ];
    for (const uri of intruders) {
      const intruder = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 5_000 });
      const db = intruder.db('atende');
      const listed = await db.listCollections().toArray().then(() => 'listed', (err: Error) => err.message);
      const found = await db.collection('users').findOne({}).then((user) => JSON.stringify(user), (err: Error) => err.message);
      const dropped = await db.dropDatabase().then(() => 'dropped', (err: Error) => err.message);
      await intruder.close();
      expect(listed, `listCollections as ${uri.replace(password, '***')}`).to.not.equal('listed');
      expect(found, `find as ${uri.replace(password, '***')}`).to.not.include('secret');
      expect(dropped).to.not.equal('dropped');
    }

    // The credentials stay in the data dir: a later start (an existing data dir) keeps them, and the
    // tools that reach a running server's engine read them from there.
    await engine.stop();
    const again = await start(dataDir);
    const uri = await runningEngineUri(dataDir);
    expect(uri).to.equal(again.uri);
    const reader = new MongoClient(uri!, { directConnection: true });
    expect(await reader.db('atende').collection('users').countDocuments()).to.equal(1);
    await reader.close();
  });

  it('replaces an engine already running on the same data dir', async () => {
    const dataDir = join(root, 'data');
    const warnings: string[] = [];
    const first = await start(dataDir, { logger: { ...quiet, warn: (msg: string) => warnings.push(msg) } });
    const firstPids = { pid: first.pid, postgresPid: first.postgres.pid };
    const second = await start(dataDir);

    expect(await gone(firstPids)).to.equal(true);
    expect(await pings(second.uri)).to.equal(true);
    expect(await record(dataDir)).to.include({ pid: second.pid, postgresPid: second.postgres.pid });
    // The first one's supervisor sees its programs stopped by the second and leaves them so.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(first.state()).to.equal('restarting');
    expect({ pid: first.pid, postgresPid: first.postgres.pid }).to.deep.equal(firstPids);
    expect(warnings.join('\n')).to.include('another engine serves this data dir now');

    await first.stop(); // must not remove the record of its replacement
    expect(await record(dataDir)).to.include({ pid: second.pid });
  });

  it('does not outlive a Node process that exits without stopping it', async () => {
    const { parent, pids } = await startInChild(join(root, 'data'), 'exit');
    const [code] = await once(parent, 'exit');
    expect(code).to.equal(0);
    expect(await gone(pids)).to.equal(true);
  });

  it('replaces an engine orphaned by a SIGKILLed parent process', async () => {
    const dataDir = join(root, 'data');
    const { parent, pids } = await startInChild(dataDir, 'hold');

    parent.kill('SIGKILL');
    await once(parent, 'exit');
    expect(await isRunning(pids.pid), 'FerretDB survives its parent').to.equal(true);
    expect(await isRunning(pids.postgresPid), 'PostgreSQL survives its parent').to.equal(true);

    const engine = await start(dataDir);
    expect(await gone(pids)).to.equal(true);
    expect(await pings(engine.uri)).to.equal(true);
  });

  it('replaces a stale engine.json whose process is gone', async () => {
    const dataDir = join(root, 'data');
    const dead = spawn('true');
    await once(dead, 'exit');
    await mkdir(join(dataDir, 'engine'), { recursive: true });
    await writeFile(join(dataDir, 'engine', 'engine.json'), JSON.stringify({ pid: dead.pid, port: 1, startedAt: new Date().toISOString() }));

    const engine = await start(dataDir);
    expect(await pings(engine.uri)).to.equal(true);
    expect(await record(dataDir)).to.include({ pid: engine.pid });
  });

  it('runs engines on two data dirs at once, on different ports', async () => {
    const [a, b] = await Promise.all([start(join(root, 'a')), start(join(root, 'b'))]);
    expect(a.port).to.not.equal(b.port);
    expect(a.postgres.port).to.not.equal(b.postgres.port);
    expect(await pings(a.uri)).to.equal(true);
    expect(await pings(b.uri)).to.equal(true);
  });

  it('retries on another port when the chosen one is taken before the engine binds it', async () => {
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(0, '127.0.0.1', done));
    const taken = (squatter.address() as AddressInfo).port;
    // Make the engine's first free-port probe report the squatted port, as if it had lost the race.
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
      const engine = await start(join(root, 'data'), { logger: { ...quiet, warn: (msg: string) => warnings.push(msg) } });
      expect([engine.port, engine.postgres.port]).to.not.include(taken);
      expect(await pings(engine.uri)).to.equal(true);
      expect(warnings.join('\n')).to.include(`port ${taken} was taken`);
    } finally {
      Server.prototype.address = realAddress;
      squatter.close();
    }
  });

  it('reports the engine output when FerretDB fails to start, and leaves nothing running', async () => {
    const fake = join(root, 'fake-ferretdb');
    await writeFile(fake, '#!/bin/sh\necho "cannot reach PostgreSQL: connection refused" >&2\nexit 3\n');
    await chmod(fake, 0o755);
    const dataDir = join(root, 'data');

    const failure = await start(dataDir, { binary: fake }).catch((err: unknown) => err);
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message).to.include('exited (code 3)').and.include('cannot reach PostgreSQL: connection refused');
    expect(await record(dataDir)).to.equal(undefined);
    const lock = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
    expect(lock, 'PostgreSQL was stopped').to.equal('');
  });
});
