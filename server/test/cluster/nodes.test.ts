import { expect } from 'chai';
import mongoose from 'mongoose';
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import { eventually } from '../support/inboxFixtures.js';
import { NO_REDIS, testRedisUrl } from '../support/redis.js';
import { call, login, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';

const EMAIL = 'super@cluster.test';
const PASSWORD = 'cluster-secret';

interface Node {
  server: ServerProcess;
  token: string;
}

describe('several nodes on one database and one Redis', function () {
  this.timeout(180_000);
  let servers: RestartableServers;
  let nodes: Node[];
  let leases: mongoose.Collection;
  let closeDb: () => Promise<void>;
  const sockets: RealtimeClient[] = [];
  let whatsappId: string;

  async function startNode(): Promise<Node> {
    const server = await servers.start();
    return { server, token: await login(server, EMAIL, PASSWORD) };
  }

  /** The node whose process holds the connection's live lease, or null. */
  async function ownerOf(id: string): Promise<Node | null> {
    const lease = await leases.findOne({ whatsappId: new mongoose.Types.ObjectId(id) });
    if (!lease || (lease.expiresAt as Date).getTime() <= Date.now()) return null;
    return nodes.find((node) => (lease.owner as string).includes(`:${node.server.child.pid}:`)) ?? null;
  }

  async function openTicket(node: Node, number: string, name: string): Promise<string> {
    expect((await call(node.server, node.token, 'POST', `/sandbox/${whatsappId}/messages`, { from: number, name, body: 'hello' })).status).to.equal(201);
    const pending = await eventually(
      async () => ((await call(node.server, node.token, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: string; contact: { number: string } }[]).find((t) => t.contact.number === number),
      10_000,
      `ticket of ${number}`,
    );
    const me = (await call(node.server, node.token, 'GET', '/auth/me')).body;
    expect((await call(node.server, node.token, 'PUT', `/tickets/${pending.id}`, { status: 'open', userId: (me.user ?? me).id })).status).to.equal(200);
    return pending.id;
  }

  async function outboxOf(node: Node, number: string): Promise<string[]> {
    const answer = await call(node.server, node.token, 'GET', `/sandbox/${whatsappId}/outbox?to=${number}&limit=500`);
    return (answer.body.messages as { body: string }[]).map((message) => message.body);
  }

  async function customerMessages(node: Node, ticketId: string): Promise<string[]> {
    const bodies: string[] = [];
    for (let page = 1; ; page += 1) {
      const answer = (await call(node.server, node.token, 'GET', `/messages/${ticketId}?pageNumber=${page}`)).body;
      bodies.unshift(...(answer.messages as { body: string; fromMe: boolean }[]).filter((m) => !m.fromMe).map((m) => m.body));
      if (!answer.hasMore) return bodies;
    }
  }

  before(async function () {
    const redisUrl = await testRedisUrl();
    if (!redisUrl) {
      console.warn(`      ${NO_REDIS}`);
      this.skip();
    }
    servers = await restartableServers('cluster', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'cluster-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'cluster-refresh-secret-0123456789',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_SEND_RETRY_MS: '200',
      ATENDE_JOBS_PROCESS_EVERY: '300',
      ATENDE_REDIS_URL: redisUrl!,
    });
    // One after another: the first creates the database and the super user.
    nodes = [await startNode(), await startNode(), await startNode()];
    const connection = await mongoose.createConnection(process.env.ATENDE_TEST_MONGO_BASE!, { dbName: servers.databaseName }).asPromise();
    leases = connection.collection('sessionleases');
    closeDb = () => connection.close();
  });
  after(async () => {
    for (const socket of sockets) await socket.disconnect();
    await closeDb?.();
    await servers?.remove();
  });

  it('an agent on node 1 receives a customer message arriving through a session owned by node 3', async () => {
    const [one, two, three] = nodes as [Node, Node, Node];
    const created = await call(three.server, three.token, 'POST', '/whatsapp', { name: 'Cluster line', provider: 'sandbox' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    whatsappId = created.body.id;
    await statusOf(one.server, one.token, whatsappId, 'qrcode');
    expect(await ownerOf(whatsappId)).to.equal(three);
    // The scan reaches node 3's phone from node 2.
    expect((await call(two.server, two.token, 'POST', `/sandbox/${whatsappId}/pair`, {})).status).to.equal(200);
    await statusOf(one.server, one.token, whatsappId, 'CONNECTED');

    const api = createApiClient({ baseUrl: one.server.url.replace(/\/api$/, ''), session: memorySession() });
    await api.auth.login({ email: EMAIL, password: PASSWORD });
    const realtime = createRealtimeClient({ baseUrl: one.server.url.replace(/\/api$/, ''), api });
    sockets.push(realtime);
    await realtime.connect();
    const events: RealtimeEvent[] = [];
    await realtime.subscribe('appMessage', (event) => events.push(event));

    expect((await call(two.server, two.token, 'POST', `/sandbox/${whatsappId}/messages`, { from: '5511983000001', name: 'Far', body: 'through node 3' })).status).to.equal(201);
    await eventually(async () => events.find((event) => event.action === 'create' && (event.message as { body: string }).body === 'through node 3'), 10_000, 'the message on node 1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.filter((event) => event.action === 'create' && (event.message as { body: string }).body === 'through node 3')).to.have.length(1);
  });

  it('a burst of sends spread over the 3 nodes reaches each customer in order', async () => {
    const customers = ['5511983100001', '5511983100002', '5511983100003', '5511983100004'];
    const tickets = await Promise.all(customers.map((number, i) => openTicket(nodes[i % 3]!, number, `Burst ${i}`)));
    const written = customers.map((number) => Array.from({ length: 15 }, (_, n) => `${number.slice(-1)}: reply ${String(n + 1).padStart(2, '0')}`));
    await Promise.all(
      customers.map(async (_number, c) => {
        for (const [n, body] of written[c]!.entries()) {
          const node = nodes[(n + c) % 3]!;
          expect((await call(node.server, node.token, 'POST', `/messages/${tickets[c]}`, { body })).status).to.equal(201);
        }
      }),
    );
    for (const [c, number] of customers.entries()) {
      const delivered = await eventually(async () => {
        const bodies = await outboxOf(nodes[0]!, number);
        return bodies.length >= 15 && bodies;
      }, 20_000, `the replies to ${number}`);
      expect(delivered).to.deep.equal(written[c]);
    }
  });

  it("a change made on one node is read at once on the others (the company's caches are dropped everywhere)", async () => {
    const [one, two] = nodes as [Node, Node];
    const ticketId = await openTicket(two, '5511983500001', 'Signed');
    const me = (await call(one.server, one.token, 'GET', '/auth/me')).body;
    const userId = (me.user ?? me).id as string;
    const signed = async () => (await call(two.server, two.token, 'POST', `/messages/${ticketId}`, { body: 'signed reply', sign: true })).body as { body: string }[] | { body: string };
    const bodyOf = (answer: { body: string }[] | { body: string }) => (Array.isArray(answer) ? answer[0]!.body : answer.body);
    // Node 2 reads (and caches) the agent's name, node 1 changes it, node 2 signs with the new one.
    expect(bodyOf(await signed())).to.not.include('Renamed Agent');
    expect((await call(one.server, one.token, 'PUT', `/users/${userId}`, { name: 'Renamed Agent' })).status).to.equal(200);
    // Within moments (the drop crosses Redis), not the cache's 30 s.
    await eventually(async () => bodyOf(await signed()).includes('Renamed Agent'), 5_000, 'the new name in the signature');
  });

  it('failed logins count on every node: the limit reached across the nodes refuses on each of them', async () => {
    const wrong = { email: 'guess@cluster.test', password: 'not-it' };
    // ATENDE_LOGIN_MAX_PER_ACCOUNT: 10 per account from one address, wherever they arrive.
    for (let n = 0; n < 10; n++) expect((await call(nodes[n % 3]!.server, null, 'POST', '/auth/login', wrong)).status).to.equal(401);
    for (const node of nodes) expect((await call(node.server, null, 'POST', '/auth/login', wrong)).status).to.equal(429);
  });

  it('a taken e-mail is told on every node only as often as on one: past the limit each node answers 429', async () => {
    const plan = await call(nodes[0]!.server, nodes[0]!.token, 'POST', '/plans', { name: 'Cluster probes', users: 1, connections: 1, queues: 1, value: 0 });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(201);
    let attempt = 0;
    const signUp = (node: Node) =>
      call(node.server, null, 'POST', '/companies/cadastro', { name: `Probe ${(attempt += 1)}`, email: EMAIL, phone: '', password: 'probe-pass', planId: plan.body.id });
    // EMAIL_PROBES_MAX: 5 answers of ERR_DUPLICATED_EMAIL per address, wherever they are asked.
    for (let n = 0; n < 5; n++) expect((await signUp(nodes[n % 3]!)).body.error).to.equal('ERR_DUPLICATED_EMAIL');
    for (const node of nodes) expect((await signUp(node)).body.error).to.equal('ERR_TOO_MANY_ATTEMPTS');
  });

  it('scheduled messages due together on three nodes: each job runs once, each message is delivered once', async () => {
    const number = '5511983300001';
    const ticketId = await openTicket(nodes[1]!, number, 'Scheduled');
    const contactId = (await call(nodes[1]!.server, nodes[1]!.token, 'GET', `/tickets/${ticketId}`)).body.contact.id as string;
    const sendAt = new Date(Date.now() + 2_000).toISOString();
    const bodies = Array.from({ length: 12 }, (_, n) => `scheduled ${String(n + 1).padStart(2, '0')}`);
    const ids: string[] = [];
    for (const [n, body] of bodies.entries()) {
      const node = nodes[n % 3]!;
      const created = await call(node.server, node.token, 'POST', '/schedules', { body, contactId, sendAt });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      ids.push(created.body.id);
    }
    await eventually(async () => {
      const statuses = await Promise.all(ids.map(async (id) => (await call(nodes[0]!.server, nodes[0]!.token, 'GET', `/schedules/${id}`)).body.status));
      return statuses.every((status) => status === 'ENVIADA');
    }, 30_000, 'every schedule sent');
    const delivered = await eventually(async () => {
      const scheduled = (await outboxOf(nodes[2]!, number)).filter((body) => body.startsWith('scheduled'));
      return scheduled.length >= 12 && scheduled;
    }, 20_000, 'the scheduled messages delivered');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await outboxOf(nodes[2]!, number)).filter((body) => body.startsWith('scheduled')).sort()).to.deep.equal(bodies);
    expect(delivered).to.have.length(12);
  });

  it('kill -9 of the owner: another node owns the session within 30 s; nothing lost, doubled or out of order', async () => {
    const owner = (await ownerOf(whatsappId))!;
    const others = nodes.filter((node) => node !== owner);
    const number = '5511983200001';
    const ticketId = await openTicket(others[0]!, number, 'Through the crash');
    const inbound = Array.from({ length: 30 }, (_, n) => `in ${String(n + 1).padStart(2, '0')}`);
    const replies = Array.from({ length: 20 }, (_, n) => `out ${String(n + 1).padStart(2, '0')}`);
    let killedAt = 0;

    // The customer writes on; a message refused while nobody runs the session is sent again (same id).
    const customer = (async () => {
      for (const [n, body] of inbound.entries()) {
        await eventually(async () => {
          const answer = await call(others[n % 2]!.server, others[n % 2]!.token, 'POST', `/sandbox/${whatsappId}/messages`, { from: number, name: 'Through the crash', body, providerMessageId: `crash-in-${n}` });
          return answer.status === 201;
        }, 45_000, `inbound ${body}`);
        if (n === 9) {
          owner.server.child.kill('SIGKILL');
          killedAt = Date.now();
        }
      }
    })();
    const agent = (async () => {
      for (const [n, body] of replies.entries()) {
        const node = others[n % 2]!;
        expect((await call(node.server, node.token, 'POST', `/messages/${ticketId}`, { body })).status).to.equal(201);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    await eventually(async () => killedAt > 0, 30_000, 'the kill');
    const successor = await eventually(async () => {
      const now = await ownerOf(whatsappId);
      return now !== owner && now;
    }, 35_000, 'a new owner');
    expect(Date.now() - killedAt).to.be.below(30_000);
    expect(others).to.include(successor);
    await Promise.all([customer, agent]);

    expect(await eventually(async () => {
      const stored = await customerMessages(successor, ticketId);
      return stored.length >= 31 && stored;
    }, 20_000, 'every inbound stored')).to.deep.equal(['hello', ...inbound]);
    expect(await eventually(async () => {
      const bodies = await outboxOf(successor, number);
      return bodies.length >= 20 && bodies;
    }, 30_000, 'every reply delivered')).to.deep.equal(replies);
    nodes = others;
  });

  it('a graceful stop hands its sessions over at once, without a new QR', async () => {
    const owner = (await ownerOf(whatsappId))!;
    const remaining = nodes.find((node) => node !== owner)!;
    const stoppedAt = Date.now();
    owner.server.child.kill('SIGTERM');
    expect(await owner.server.exited).to.equal(0);
    await eventually(async () => (await ownerOf(whatsappId)) === remaining, 10_000, 'the remaining node owning the session');
    // Well within the 25 s a dead node's lease lasts.
    expect(Date.now() - stoppedAt).to.be.below(10_000);
    await statusOf(remaining.server, remaining.token, whatsappId, 'CONNECTED');
    expect((await call(remaining.server, remaining.token, 'POST', `/sandbox/${whatsappId}/messages`, { from: '5511983400001', name: 'After', body: 'still here' })).status).to.equal(201);
  });
});
