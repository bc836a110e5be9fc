import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import Hapi, { type Server } from '@hapi/hapi';
import Nes from '@hapi/nes/lib/client.js';
import { connectBus, type ClusterBus } from '../../src/platform/cluster/bus.js';
import { realtimeFanout } from '../../src/platform/cluster/realtimeFanout.js';
import { registerRealtime, setChannelFilter, type RealtimePublisher } from '../../src/platform/realtime.js';
import { createLogger } from '../../src/platform/logger.js';
import { NO_REDIS, testRedisUrl } from '../support/redis.js';
import { settle, waitFor } from '../support/realtimeFixtures.js';

const COMPANY = 'aaaaaaaaaaaaaaaaaaaaaaaa';

interface Node {
  server: Server;
  bus: ClusterBus;
  realtime: RealtimePublisher;
}

/** A node: the API's realtime on a hapi server whose bearer token is "userId:sessionId" of COMPANY. */
async function startNode(redisUrl: string, namespace: string): Promise<Node> {
  const server = Hapi.server({ port: 0, host: '127.0.0.1' });
  server.auth.scheme('test', () => ({
    authenticate(request, h) {
      const [userId, sessionId] = String(request.headers.authorization ?? '').replace('Bearer ', '').split(':');
      return h.authenticated({ credentials: { userId, sessionId, companyId: COMPANY, profile: 'user', super: false } as never });
    },
  }));
  server.auth.strategy('test', 'test');
  server.auth.default('test');
  // The node carries no routes: every channel is open to its sockets (the filters still apply).
  const ownSockets = await registerRealtime(server, { allows: async () => true });
  const bus = await connectBus(redisUrl, namespace, createLogger('silent'));
  await server.start();
  return { server, bus, realtime: realtimeFanout(ownSockets, bus) };
}

async function socketOn(node: Node, userId: string, sessionId: string, channel: string) {
  const client = new Nes.Client(`ws://127.0.0.1:${node.server.info.port}`);
  await client.connect({ auth: { headers: { authorization: `Bearer ${userId}:${sessionId}` } }, reconnect: false });
  const received: any[] = [];
  await client.subscribe(`/company/${COMPANY}/${channel}`, (message) => received.push(message));
  let closed = false;
  client.onDisconnect = () => (closed = true);
  return { client, received, closed: () => closed };
}

describe('several nodes: realtime over Redis', function () {
  this.timeout(30_000);
  const nodes: Node[] = [];
  const clients: InstanceType<typeof Nes.Client>[] = [];

  before(async function () {
    const url = await testRedisUrl();
    if (!url) {
      console.warn(`      ${NO_REDIS}`);
      this.skip();
    }
    const namespace = `test_fanout_${randomBytes(4).toString('hex')}`;
    nodes.push(await startNode(url!, namespace), await startNode(url!, namespace));
  });
  after(async () => {
    for (const client of clients) await client.disconnect();
    for (const node of nodes) {
      await node.server.stop();
      await node.bus.close();
    }
  });

  it('an event published on one node reaches the sockets of every node once, in the order published', async () => {
    const [one, two] = nodes;
    const onOne = await socketOn(one!, 'u1', 's1', 'ticket');
    const onTwo = await socketOn(two!, 'u2', 's2', 'ticket');
    clients.push(onOne.client, onTwo.client);
    for (let n = 0; n < 50; n++) (n % 2 === 0 ? one! : two!).realtime.publish(COMPANY, 'ticket', { action: 'update', n });
    // The events of one publisher keep its order: node one's even ones, node two's odd ones.
    for (const socket of [onOne, onTwo]) {
      await waitFor(socket.received, () => socket.received.length >= 50);
      await settle(200);
      expect(socket.received).to.have.length(50);
      const evens = socket.received.filter((event) => event.n % 2 === 0).map((event) => event.n);
      const odds = socket.received.filter((event) => event.n % 2 === 1).map((event) => event.n);
      expect(evens).to.deep.equal([...evens].sort((a, b) => a - b)).and.to.have.length(25);
      expect(odds).to.deep.equal([...odds].sort((a, b) => a - b)).and.to.have.length(25);
    }
  });

  it("the per-user filter runs on the node holding the socket, with the publisher's internal data", async () => {
    const [one, two] = nodes;
    // The chat's own filter is set once, when its module loads: put back for the files after this one.
    const restore = setChannelFilter('chat', (_payload, credentials, internal) => (internal as { members: string[] }).members.includes(credentials.userId));
    try {
      const member = await socketOn(two!, 'u3', 's3', 'chat');
      const outsider = await socketOn(two!, 'u4', 's4', 'chat');
      clients.push(member.client, outsider.client);
      one!.realtime.publish(COMPANY, 'chat', { action: 'new', at: new Date('2026-01-02T03:04:05Z') }, { members: ['u3'] });
      await waitFor(member.received, () => member.received.length === 1);
      await settle(200);
      expect(member.received).to.deep.equal([{ action: 'new', at: '2026-01-02T03:04:05.000Z' }]);
      expect(outsider.received).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it("ending a user's sockets on one node closes them on every node, and only theirs", async () => {
    const [one, two] = nodes;
    const ended = await socketOn(two!, 'u5', 's5', 'user');
    const kept = await socketOn(two!, 'u6', 's6', 'user');
    clients.push(ended.client, kept.client);
    one!.realtime.endSockets({ companyId: COMPANY, userId: 'u5' });
    await waitFor([ended], (socket) => socket.closed());
    await settle(200);
    expect(kept.closed()).to.equal(false);
  });
});
