import { expect } from 'chai';
import mongoose from 'mongoose';
import { normalizePhrase, type FlowGraph } from '@atende/shared';
import { graphOf } from '../support/flowFixtures.js';
import { call, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';
import { eventually } from '../support/inboxFixtures.js';

const EMAIL = 'super@flowrestart.test';
const PASSWORD = 'flow-restart-secret';


describe('flows survive the server killed (-9): a run waiting for an answer and one inside an interval go on after the restart, nothing sent twice', () => {
  let servers: RestartableServers;
  let databaseName: string;

  before(async () => {
    servers = await restartableServers('flowrestart', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'flow-restart-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'flow-restart-refresh-secret-0123456789',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_JOBS_PROCESS_EVERY: '100',
      ATENDE_JOB_LOCK_MS: '1000',
    });
  });
  after(() => servers?.remove());

  /** The flow builder's documents, written where the server's database is (its routes are another area's). */
  async function storeFlowWithPhrase(companyId: string, whatsappId: string, graph: FlowGraph, phrase: string): Promise<void> {
    const connection = await mongoose.createConnection(process.env.ATENDE_TEST_MONGO_BASE!, { dbName: databaseName }).asPromise();
    try {
      const now = new Date();
      const company = new mongoose.Types.ObjectId(companyId);
      const flow = await connection.collection('flows').insertOne({ companyId: company, userId: null, name: `Flow ${phrase}`, active: true, flow: graph, createdAt: now, updatedAt: now });
      await connection
        .collection('flowcampaigns')
        .insertOne({ companyId: company, name: phrase, flowId: flow.insertedId, whatsappId: new mongoose.Types.ObjectId(whatsappId), phrase, phraseKey: normalizePhrase(phrase), status: true, createdAt: now, updatedAt: now });
    } finally {
      await connection.close();
    }
  }

  it('answered and interval flows continue where they were', async function () {
    this.timeout(300_000);
    const first = await servers.start();
    const login = async (server: ServerProcess) => (await call(server, null, 'POST', '/auth/login', { email: EMAIL, password: PASSWORD })).body;
    let session = await login(first);
    const created = await call(first, session.token, 'POST', '/whatsapp', { name: 'Flow line', provider: 'sandbox' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const id = created.body.id as string;
    await statusOf(first, session.token, id, 'qrcode');
    expect((await call(first, session.token, 'POST', `/sandbox/${id}/pair`, {})).status).to.equal(200);
    databaseName = servers.databaseName;

    await storeFlowWithPhrase(session.user.companyId, id, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }], ['ok', 'message', { label: 'Obrigado {{nome}}' }]], [['1', 'ask'], ['ask', 'ok']]), 'pergunta');
    await storeFlowWithPhrase(
      session.user.companyId,
      id,
      graphOf([['1', 'start'], ['before', 'message', { label: 'antes' }], ['wait', 'interval', { sec: 3 }], ['after', 'message', { label: 'depois' }]], [['1', 'before'], ['before', 'wait'], ['wait', 'after']]),
      'espera',
    );
    const asker = '5511970001001';
    const waiter = '5511970001002';
    const outbox = async (server: ServerProcess, to: string) => ((await call(server, session.token, 'GET', `/sandbox/${id}/outbox?to=${to}`)).body.messages as { body: string }[]).map((m) => m.body);
    expect((await call(first, session.token, 'POST', `/sandbox/${id}/messages`, { from: asker, name: 'Asker', body: 'Pergunta' })).status).to.equal(201);
    expect((await call(first, session.token, 'POST', `/sandbox/${id}/messages`, { from: waiter, name: 'Waiter', body: 'ESPERA' })).status).to.equal(201);
    await eventually(async () => (await outbox(first, asker)).length === 1 && (await outbox(first, waiter)).length === 1, 10_000, 'both flows started');
    first.child.kill('SIGKILL');
    expect(await first.exited).to.equal(null);

    const second = await servers.start();
    session = await login(second);
    await statusOf(second, session.token, id, 'CONNECTED');
    // The interval's job, due while the server was down, runs once after the restart.
    expect(await eventually(async () => ((await outbox(second, waiter)).length === 2 ? outbox(second, waiter) : null), 20_000, 'the interval resumed')).to.deep.equal(['antes', 'depois']);
    expect((await call(second, session.token, 'POST', `/sandbox/${id}/messages`, { from: asker, name: 'Asker', body: 'Ana' })).status).to.equal(201);
    expect(await eventually(async () => ((await outbox(second, asker)).length === 2 ? outbox(second, asker) : null), 10_000, 'the answer taken')).to.deep.equal(['Seu nome?', 'Obrigado Ana']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outbox(second, waiter)).to.deep.equal(['antes', 'depois']);
    const tickets = (await call(second, session.token, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as { flowRun: unknown }[];
    expect(tickets.map((ticket) => ticket.flowRun)).to.deep.equal([null, null]);

    second.child.kill('SIGTERM');
    expect(await second.exited).to.equal(0);
  });
});
