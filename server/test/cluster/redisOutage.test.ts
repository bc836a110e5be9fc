import { expect } from 'chai';
import mongoose from 'mongoose';
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import { eventually } from '../support/inboxFixtures.js';
import { ownRedis, type OwnRedis } from '../support/redis.js';
import { call, login, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';

const EMAIL = 'super@outage.test';
const PASSWORD = 'outage-secret';
/** Long enough that a session's dead owner is told apart from its lease running out. */
const LEASE_MS = 90_000;
/** What "at once" means here, on a loaded machine: far below the old 120 s login and 30 s request waits. */
const PROMPT_MS = 15_000;

interface Node {
  server: ServerProcess;
  token: string;
}

const CUSTOMER = '5511984000001';

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

/** A call that gives up after PROMPT_MS (status 0): a hang shows as a failed expectation, not a test timeout. */
async function prompt(server: ServerProcess, token: string | null, method: string, route: string, body?: unknown): Promise<Answer> {
  try {
    const answer = await fetch(`${server.url}${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(PROMPT_MS),
    });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : null, retryAfter: answer.headers.get('retry-after') };
  } catch {
    return { status: 0, body: null, retryAfter: null };
  }
}

describe('several nodes when Redis goes away or a node dies: fail fast, say so, recover by themselves', function () {
  this.timeout(240_000);
  let redis: OwnRedis | null;
  let servers: RestartableServers;
  let nodes: Node[];
  const sockets: RealtimeClient[] = [];
  let connection: mongoose.Connection;
  let whatsappId: string;
  let lease: mongoose.mongo.WithId<mongoose.mongo.Document>;
  let owner: Node;
  let other: Node;
  let ticketId: string;

  before(async function () {
    // Its own redis-server, stopped and started by the test: never the machine's shared one.
    redis = await ownRedis();
    if (!redis) {
      console.warn('      no redis-server on PATH: the Redis outage test needs one of its own');
      this.skip();
    }
    servers = await restartableServers('outage', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'outage-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'outage-refresh-secret-0123456789',
      ATENDE_REDIS_URL: redis!.url,
      ATENDE_SESSION_LEASE_MS: String(LEASE_MS),
    });
    nodes = [];
    for (let n = 0; n < 2; n++) {
      const server = await servers.start();
      nodes.push({ server, token: await login(server, EMAIL, PASSWORD) });
    }
    const created = await call(nodes[0]!.server, nodes[0]!.token, 'POST', '/whatsapp', { name: 'Outage line', provider: 'sandbox' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    whatsappId = created.body.id as string;
    await statusOf(nodes[1]!.server, nodes[1]!.token, whatsappId, 'qrcode');
    connection = await mongoose.createConnection(process.env.ATENDE_TEST_MONGO_BASE!, { dbName: servers.databaseName }).asPromise();
    lease = (await connection.collection('sessionleases').findOne({ whatsappId: new mongoose.Types.ObjectId(whatsappId) }))!;
    owner = nodes.find((node) => (lease.owner as string).includes(`:${node.server.child.pid}:`))!;
    other = nodes.find((node) => node !== owner)!;
    expect((await call(other.server, other.token, 'POST', `/sandbox/${whatsappId}/pair`, {})).status).to.equal(200);
    await statusOf(other.server, other.token, whatsappId, 'CONNECTED');
    expect((await call(other.server, other.token, 'POST', `/sandbox/${whatsappId}/messages`, { from: CUSTOMER, name: 'Waiting', body: 'hello' })).status).to.equal(201);
    ticketId = (await eventually(async () => {
      const tickets = (await call(other.server, other.token, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: string; contact: { number: string } }[];
      return tickets.find((ticket) => ticket.contact.number === CUSTOMER);
    }, 10_000, 'the ticket')).id;
    const me = (await call(other.server, other.token, 'GET', '/auth/me')).body;
    expect((await call(other.server, other.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: (me.user ?? me).id })).status).to.equal(200);
  });
  after(async () => {
    for (const socket of sockets) await socket.disconnect();
    await connection?.close();
    await servers?.remove();
    await redis?.stop();
  });

  it('Redis stopped: logins answer 503 ERR_REDIS_UNAVAILABLE at once and /health is degraded naming Redis; started again, everything comes back', async () => {
    const [one, two] = nodes as [Node, Node];
    expect((await prompt(one.server, null, 'GET', '/health')).body.redis).to.deep.equal({ state: 'connected' });
    await redis!.stop();

    const health = await eventually(async () => {
      const answer = await prompt(one.server, null, 'GET', '/health');
      return answer.body?.redis?.state === 'disconnected' && answer;
    }, 20_000, 'health naming Redis');
    expect(health.status).to.equal(503);
    expect(health.body).to.deep.include({ status: 'degraded', redis: { state: 'disconnected' } });
    expect(health.body.database.state).to.equal('connected');

    for (const node of nodes) {
      const refused = await prompt(node.server, null, 'POST', '/auth/login', { email: EMAIL, password: PASSWORD });
      expect(refused.status, 'a login while Redis is away').to.equal(503);
      expect(refused.body).to.include({ error: 'ERR_REDIS_UNAVAILABLE' });
      expect(refused.body.message).to.match(/Redis/);
      expect(Number(refused.retryAfter)).to.be.above(0);
    }
    // What needs no Redis still answers: a reply is stored on the node that does not run the session.
    expect((await prompt(two.server, two.token, 'GET', '/users')).status).to.equal(200);
    expect((await prompt(other.server, other.token, 'POST', `/messages/${ticketId}`, { body: 'written while Redis was away' })).status).to.equal(201);
    // Its word to the session's node is dropped, not kept waiting.
    await eventually(async () => other.server.output().includes('redis publish failed'), 30_000, 'the word to the owner dropped');

    await redis!.start();
    for (const node of nodes) {
      await eventually(async () => (await prompt(node.server, null, 'GET', '/health')).status === 200, 30_000, 'health ok again');
      expect((await prompt(node.server, null, 'GET', '/health')).body).to.deep.include({ status: 'ok', redis: { state: 'connected' } });
      expect(await login(node.server, EMAIL, PASSWORD)).to.be.a('string');
    }
    // The bus listens again: an event published on node 2 reaches a socket on node 1.
    const api = createApiClient({ baseUrl: one.server.url.replace(/\/api$/, ''), session: memorySession() });
    await api.auth.login({ email: EMAIL, password: PASSWORD });
    const realtime = createRealtimeClient({ baseUrl: one.server.url.replace(/\/api$/, ''), api });
    sockets.push(realtime);
    await realtime.connect();
    const events: RealtimeEvent[] = [];
    await realtime.subscribe('tag', (event) => events.push(event));
    const created = await call(two.server, two.token, 'POST', '/tags', { name: 'After the outage', color: '#336699' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    await eventually(async () => events.find((event) => (event.tag as { name?: string } | undefined)?.name === 'After the outage'), 10_000, 'the tag event on node 1');
    // Nothing stays stuck: the session's node sends what the others stored meanwhile.
    await eventually(async () => {
      const outbox = (await call(owner.server, owner.token, 'GET', `/sandbox/${whatsappId}/outbox?to=${CUSTOMER}`)).body.messages as { body: string }[];
      return outbox.some((message) => message.body === 'written while Redis was away');
    }, 20_000, 'the reply written during the outage delivered');
  });

  it("the node running a session killed (-9): the session's commands answer 503 ERR_NODE_UNAVAILABLE with Retry-After at once, not when its lease runs out", async () => {
    owner.server.child.kill('SIGKILL');
    expect(await owner.server.exited).to.equal(null);
    const answer = await prompt(other.server, other.token, 'POST', `/sandbox/${whatsappId}/messages`, { from: '5511984000002', name: 'Caller', body: 'anyone there?' });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(503);
    expect(answer.body).to.include({ error: 'ERR_NODE_UNAVAILABLE' });
    const retryAfter = Number(answer.retryAfter);
    expect(retryAfter).to.be.within(1, Math.ceil((LEASE_MS * 1.2) / 1000));
    // Answered while the dead node's lease still held: nobody waited it out.
    const still = await connection.collection('sessionleases').findOne({ whatsappId: new mongoose.Types.ObjectId(whatsappId) });
    expect((still!.expiresAt as Date).getTime()).to.be.above(Date.now());
    expect(still!.owner).to.equal(lease.owner);
  });
});
