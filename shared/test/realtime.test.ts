import assert from 'node:assert/strict';
import Nes from '@hapi/nes/lib/client.js';
import WebSocket from 'ws';
import {
  createApiClient,
  createRealtimeClient,
  memorySession,
  type AccountOpenedElsewhere,
  type RealtimeClient,
  type RealtimeOptions,
  type RealtimeStatus,
  type SessionStore,
} from '../src/client/index.js';
import { startNesServer, USER, type NesServer } from './support/nes-server.js';

describe('realtime client', () => {
  let server: NesServer;
  let session: SessionStore;
  let logouts: number;
  let realtime: RealtimeClient;
  let statuses: RealtimeStatus[];

  beforeEach(async () => {
    server = await startNesServer();
    session = memorySession({ token: 'good-1', user: USER });
    logouts = 0;
  });

  afterEach(async () => {
    await realtime.disconnect();
    await server.stop();
  });

  function start(options: Partial<RealtimeOptions> = {}): RealtimeClient {
    const api = createApiClient({ baseUrl: server.baseUrl, session, onLogout: () => (logouts += 1) });
    realtime = createRealtimeClient({ baseUrl: server.baseUrl, api, reconnect: { delay: 20, maxDelay: 50 }, ...options });
    statuses = [];
    realtime.onStatus((status) => statuses.push(status));
    return realtime;
  }

  it('delivers what the server publishes on the company channel, until unsubscribed', async () => {
    const rt = start();
    await rt.connect();
    const received = collector();
    const unsubscribe = await rt.subscribe('ticket', received.push);
    server.publish('/company/c1/ticket', { action: 'update', ticket: { id: 't1' } });
    assert.deepEqual(await received.next(), { action: 'update', ticket: { id: 't1' } });

    await unsubscribe();
    server.publish('/company/c1/ticket', { action: 'delete', ticketId: 't1' });
    await delay(50);
    assert.equal(received.count(), 1);
    assert.deepEqual(statuses, ['connecting', 'connected']);
  });

  it('sends subscriptions made before connect() with the connection', async () => {
    const rt = start();
    const received = collector();
    await rt.subscribe('user', received.push);
    await rt.connect();
    server.publish('/company/c1/user', { action: 'update', user: { id: 'u7' } });
    assert.deepEqual(await received.next(), { action: 'update', user: { id: 'u7' } });
  });

  it('keeps a subscription made while the server is still answering the hello', async () => {
    server.authDelayMs = 100;
    const rt = start();
    const connecting = rt.connect();
    // The socket opens at once; the subscription must not reach the server before the hello's answer.
    await delay(30);
    const received = collector();
    await rt.subscribe('ticket', received.push);
    await connecting;
    server.publish('/company/c1/ticket', { action: 'create', ticket: { id: 't2' } });
    assert.deepEqual(await received.next(), { action: 'create', ticket: { id: 't2' } });
  });

  it('refreshes the token once when the connection is refused, then connects with the new one', async () => {
    session.set({ token: 'expired-1', user: USER });
    server.expired.add('expired-1');
    const rt = start();
    await rt.connect();
    assert.equal(rt.status, 'connected');
    assert.equal(server.refreshCalls, 1);
    assert.equal(session.get()?.token, 'good-2');
    assert.deepEqual(statuses, ['connecting', 'connected']);
  });

  it('stays disconnected and logs out when the refresh after a refusal fails', async () => {
    session.set({ token: 'expired-1', user: USER });
    server.expired.add('expired-1');
    server.failRefresh = true;
    const rt = start();
    await assert.rejects(rt.connect(), { name: 'ApiError', code: 'ERR_REFRESH_TOKEN_INVALID' });
    assert.equal(rt.status, 'disconnected');
    assert.equal(session.get(), null);
    assert.equal(logouts, 1);
  });

  it('reconnects after the server drops the socket and re-subscribes', async () => {
    const rt = start();
    await rt.connect();
    const received = collector();
    await rt.subscribe('whatsappSession', received.push);

    await server.dropSockets();
    await until(() => rt.status === 'connected' && statuses.includes('reconnecting'));
    server.publish('/company/c1/whatsappSession', { action: 'update', session: { id: 'w1' } });
    assert.deepEqual(await received.next(), { action: 'update', session: { id: 'w1' } });
    assert.deepEqual(statuses, ['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('connect() while connecting or reconnecting waits for what is under way', async () => {
    const rt = start();
    await Promise.all([rt.connect(), rt.connect()]);
    assert.equal(rt.status, 'connected');
    const calledWhileReconnecting = new Promise<void>((resolve, reject) => {
      rt.onStatus((status) => {
        if (status === 'reconnecting') rt.connect().then(resolve, reject);
      });
    });
    await server.dropSockets();
    await calledWhileReconnecting;
    await until(() => rt.status === 'connected');
    assert.deepEqual(statuses, ['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('refreshes and reconnects when the token expired while the socket was away', async () => {
    const rt = start();
    await rt.connect();
    const received = collector();
    await rt.subscribe('ticket', received.push);

    server.good.delete('good-1');
    server.expired.add('good-1');
    await server.dropSockets();
    await until(() => server.refreshCalls === 1 && rt.status === 'connected');
    assert.equal(session.get()?.token, 'good-2');
    server.publish('/company/c1/ticket', { action: 'update', ticket: { id: 't2' } });
    assert.deepEqual(await received.next(), { action: 'update', ticket: { id: 't2' } });
  });

  it('reconnects with the token the API client holds now, without refreshing', async () => {
    const rt = start();
    await rt.connect();
    session.set({ token: 'good-9', user: USER });
    server.good.add('good-9');
    server.good.delete('good-1');
    await server.dropSockets();
    await until(() => rt.status === 'connected' && statuses.includes('reconnecting'));
    assert.equal(server.refreshCalls, 0);
  });

  it('tells when this user signed in elsewhere, and ignores other users of the company', async () => {
    const opened: AccountOpenedElsewhere[] = [];
    const rt = start({ onAccountOpenedElsewhere: (event) => opened.push(event) });
    await rt.connect();
    server.publish('/company/c1/auth', { action: 'update', user: { id: 'someone-else' }, sessionId: 's1' });
    server.publish('/company/c1/auth', { action: 'update', user: { id: USER.id }, sessionId: 's2' });
    await until(() => opened.length > 0);
    await delay(30);
    assert.deepEqual(opened, [{ action: 'update', user: { id: USER.id }, sessionId: 's2' }]);
  });

  it('does not connect without a session', async () => {
    session.set(null);
    const rt = start();
    await assert.rejects(rt.connect(), /signed-in session/);
    assert.equal(rt.status, 'disconnected');
  });

  describe('WebSocket in Node', () => {
    const statics = Nes.Client as unknown as { WebSocket: unknown };
    let original: unknown;
    beforeEach(() => {
      original = statics.WebSocket;
    });
    afterEach(() => {
      statics.WebSocket = original;
    });

    it('loads ws by itself when there is no WebSocket (Node 20)', async () => {
      statics.WebSocket = null;
      await start().connect();
      assert.equal(statics.WebSocket, WebSocket);
    });

    it('uses an injected WebSocket constructor', async () => {
      let created = 0;
      class Counted extends WebSocket {
        constructor(address: string, options?: WebSocket.ClientOptions) {
          super(address, options);
          created += 1;
        }
      }
      await start({ WebSocket: Counted }).connect();
      assert.equal(created, 1);
    });
  });
});

/** Collects published payloads and waits for the next one. */
function collector() {
  const items: unknown[] = [];
  let taken = 0;
  return {
    push: (item: unknown) => {
      items.push(item);
    },
    count: () => items.length,
    async next(): Promise<unknown> {
      await until(() => items.length > taken);
      return items[taken++];
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail('condition not met in time');
    await delay(5);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
