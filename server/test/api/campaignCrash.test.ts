import { expect } from 'chai';
import { MongoClient, ObjectId } from 'mongodb';
import { eventually } from '../support/inboxFixtures.js';
import { listNumber } from '../support/campaignFixtures.js';
import { call, login, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';

const EMAIL = 'super@campaign-crash.test';
const PASSWORD = 'campaign-crash-secret';
const AUDIENCE = 80;

describe('a campaign whose server is killed (-9) mid-run resumes after the restart without messaging anyone twice', function () {
  this.timeout(120_000);
  let servers: RestartableServers;
  let client: MongoClient;

  before(async () => {
    servers = await restartableServers('campaigncrash', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'campaign-crash-access-secret-0123',
      JWT_REFRESH_SECRET: 'campaign-crash-refresh-secret-0123',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_JOBS_PROCESS_EVERY: '100',
      ATENDE_JOB_LOCK_MS: '1500',
    });
    client = await new MongoClient(process.env.ATENDE_TEST_MONGO_BASE!).connect();
  });
  after(async () => {
    await client?.close();
    await servers?.remove();
  });

  async function outbox(server: ServerProcess, token: string, whatsappId: string): Promise<{ to: string; body: string }[]> {
    const all: { id: string; to: string; body: string }[] = [];
    let after = '';
    for (;;) {
      const answer = (await call(server, token, 'GET', `/sandbox/${whatsappId}/outbox?limit=500${after ? `&after=${after}` : ''}`)).body;
      all.push(...answer.messages);
      if (!answer.hasMore) return all;
      after = answer.messages.at(-1).id;
    }
  }

  it('each audience member gets the message exactly once and the campaign ends FINALIZADA', async () => {
    let server = await servers.start();
    let token = await login(server, EMAIL, PASSWORD);
    const me = (await call(server, token, 'GET', '/auth/me')).body;
    const companyId = new ObjectId(me.companyId as string);
    const created = await call(server, token, 'POST', '/whatsapp', { name: 'Campaign line', provider: 'sandbox' });
    const whatsappId = created.body.id as string;
    await statusOf(server, token, whatsappId, 'qrcode');
    expect((await call(server, token, 'POST', `/sandbox/${whatsappId}/pair`, {})).status).to.equal(200);

    // The audience, written as the contact-list area writes it.
    // restartableServers names the database atende_test_<name>_<random>.
    const dbName = (await client.db().admin().listDatabases()).databases.map((d) => d.name).find((name) => name.startsWith('atende_test_campaigncrash_'));
    expect(dbName).to.be.a('string');
    const target = client.db(dbName);
    const numbers = Array.from({ length: AUDIENCE }, () => listNumber());
    const listId = new ObjectId();
    const at = new Date();
    await target.collection('contactlists').insertOne({ _id: listId, companyId, name: 'Crash list', contactsCount: AUDIENCE, createdAt: at, updatedAt: at });
    await target.collection('contactlistitems').insertMany(numbers.map((number, i) => ({ companyId, contactListId: listId, name: `Crash ${i}`, number, email: '', isWhatsappValid: true, createdAt: at, updatedAt: at })));
    expect((await call(server, token, 'POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })).status).to.equal(200);
    const campaign = await call(server, token, 'POST', '/campaigns', { name: 'Crash run', message1: 'Only once {{firstName}}', whatsappId, contactListId: String(listId), scheduledAt: new Date().toISOString() });
    expect(campaign.status, JSON.stringify(campaign.body)).to.equal(201);
    const id = campaign.body.id as string;

    await eventually(async () => (await call(server, token, 'GET', `/campaigns/${id}`)).body.counters.delivered >= 15, 30_000, 'some delivered');
    server.child.kill('SIGKILL');
    expect(await server.exited).to.equal(null);
    const beforeRestart = await target.collection('campaignshippings').countDocuments({ campaignId: new ObjectId(id), state: 'delivered' });
    expect(beforeRestart).to.be.below(AUDIENCE);

    server = await servers.start();
    token = await login(server, EMAIL, PASSWORD);
    const done = await eventually(
      async () => {
        const answer = (await call(server, token, 'GET', `/campaigns/${id}`)).body;
        return answer.status === 'FINALIZADA' ? answer : null;
      },
      60_000,
      'FINALIZADA after the restart',
    );
    expect(done.counters).to.include({ contacts: AUDIENCE, valid: AUDIENCE, delivered: AUDIENCE });
    const sent = await eventually(async () => {
      const entries = (await outbox(server, token, whatsappId)).filter((entry) => entry.body.startsWith('Only once'));
      return entries.length >= AUDIENCE ? entries : null;
    }, 30_000, 'every message on the phone');
    const perNumber = new Map<string, number>();
    for (const entry of sent) perNumber.set(entry.to, (perNumber.get(entry.to) ?? 0) + 1);
    expect([...perNumber.keys()].sort()).to.deep.equal([...numbers].sort());
    expect([...perNumber.values()].every((count) => count === 1), JSON.stringify([...perNumber].filter(([, n]) => n > 1))).to.equal(true);
    // And one stored message per contact.
    const stored = await target.collection('messages').countDocuments({ companyId, body: { $regex: '^Only once' } });
    expect(stored).to.equal(AUDIENCE);
  });
});
