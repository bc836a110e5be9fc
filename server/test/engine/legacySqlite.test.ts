import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { ensureFerretdb } from '../../src/platform/database/engine/ferretdbBuild.js';
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/platform/database/embeddedEngine.js';
import { startFerretdb } from '../../src/platform/database/engine/ferretdb.js';

const quiet = { info() {}, warn() {}, error() {} };

describe('embedded engine: moving a data dir of the previous release (FerretDB on SQLite)', function () {
  this.timeout(120_000);
  let root: string;
  let engine: EmbeddedEngine | undefined;

  /** A data dir as the previous release left it: SQLite files under <data dir>/ferretdb. */
  async function seedSqliteDataDir(dataDir: string): Promise<void> {
    const legacyDir = join(dataDir, 'ferretdb');
    await mkdir(legacyDir, { recursive: true });
    const old = await startFerretdb({ binary: await ensureFerretdb(), stateDir: legacyDir, backend: { sqliteDir: legacyDir }, logger: quiet });
    const client = new MongoClient(old.uri);
    try {
      const users = client.db('atende').collection('users');
      await users.createIndex({ email: 1 }, { unique: true, name: 'email_1' });
      await users.insertMany([{ email: 'ana@x.test', name: 'Ana' }, { email: 'bia@x.test', name: 'Bia' }, { email: 'caio@x.test', name: 'Caio' }]);
      // More than one copy batch, in a second database.
      await client
        .db('other')
        .collection('messages')
        .insertMany(Array.from({ length: 2_500 }, (_, n) => ({ n, body: `message ${n}`, at: new Date(1_700_000_000_000 + n) })));
    } finally {
      await client.close();
      await old.stop();
    }
  }

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atende-legacy-'));
  });

  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('copies every collection with its indexes, verifies the counts, keeps the old files aside, and does it once', async () => {
    const dataDir = join(root, 'data');
    await seedSqliteDataDir(dataDir);
    const said: string[] = [];
    const logger = { info: (msg: string) => said.push(msg), warn: (msg: string) => said.push(msg), error: (msg: string) => said.push(msg) };

    engine = await startEmbeddedEngine({ dataDir, logger });
    const client = new MongoClient(engine.uri);
    try {
      const users = client.db('atende').collection('users');
      expect((await users.find({}, { projection: { _id: 0 } }).sort({ email: 1 }).toArray()).map((u) => u.name)).to.deep.equal(['Ana', 'Bia', 'Caio']);
      const duplicate = await users.insertOne({ email: 'ana@x.test' }).then(() => null, (err: { code?: number }) => err);
      expect(duplicate?.code, 'the unique index came along').to.equal(11000);
      const messages = client.db('other').collection('messages');
      expect(await messages.countDocuments({})).to.equal(2_500);
      expect(await messages.findOne({ n: 2_499 }, { projection: { _id: 0 } })).to.deep.equal({ n: 2_499, body: 'message 2499', at: new Date(1_700_000_002_499) });
    } finally {
      await client.close();
    }
    expect(said.join('\n')).to.include('atende.users: 3 of 3 documents').and.include('other.messages: 2500 of 2500 documents').and.include('counts verified');
    expect(await readdir(dataDir)).to.include('ferretdb-sqlite.migrated').and.not.include('ferretdb');
    expect((await readdir(join(dataDir, 'ferretdb-sqlite.migrated'))).some((name) => name.endsWith('.sqlite'))).to.equal(true);

    await engine.stop();
    said.length = 0;
    engine = await startEmbeddedEngine({ dataDir, logger });
    expect(said.join('\n')).not.to.include('previous release');
  });
});
