/**
 * The nodes of one deployment talk over Redis pub/sub (ATENDE_REDIS_URL): messages to every node
 * (a topic), to one node, and requests one node answers (a session's commands reach its owner).
 * One connection publishes, so what a node publishes arrives everywhere in the order it was
 * published; one connection listens; one runs the commands the shared limits need. Channels are
 * named after the database, so deployments (or tests) sharing a Redis never hear each other.
 *
 * While Redis is away nothing waits on it: a command or a request fails at once with
 * ERR_REDIS_UNAVAILABLE (503), what is published is dropped (pub/sub delivers at most once anyway:
 * a node reconnecting misses what was published meanwhile), ioredis reconnects and listens again
 * by itself, and `onBack` tells who must make up for what was lost. A request to a node nobody listens for any more (it
 * died) fails at once with ERR_NODE_UNAVAILABLE: Redis answers a publish with its receivers.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';
import type { ErrorCode } from '@atende/shared';
import { decode, encode } from './codec.js';

export interface ClusterBus {
  /** This process's name among the nodes (a lease's owner). */
  readonly nodeId: string;
  /** To every node, this one included. */
  broadcast(topic: string, body: unknown): void;
  /** To one node. */
  send(nodeId: string, topic: string, body: unknown): void;
  listen(topic: string, listener: (body: unknown) => void): void;
  /** Runs `kind` on that node and answers what it answered (its AppError as the same AppError). */
  request<T>(nodeId: string, kind: string, args: unknown): Promise<T>;
  answer(kind: string, handler: (args: any) => Promise<unknown>): void;
  /** The connection for commands (the shared limits): a command fails at once while Redis is away. */
  readonly redis: Redis;
  /** Every connection to Redis is up. */
  available(): boolean;
  /** Called each time Redis is back after being away (what was said meanwhile to other nodes is lost). */
  onBack(listener: () => void): void;
  close(): Promise<void>;
}

type Envelope =
  | { topic: string; body: unknown }
  | { request: string; from: string; kind: string; args: unknown }
  | { reply: string; ok: true; value: unknown }
  | { reply: string; ok: false; code: ErrorCode | null; extra: Record<string, unknown>; message: string };

/** A request left unanswered this long fails (its node is alive on Redis but does not answer). */
const REQUEST_TIMEOUT_MS = 30_000;
/** A command Redis does not answer within this fails (a Redis that hangs rather than drops us). */
const COMMAND_TIMEOUT_MS = 3_000;
/** The Retry-After of ERR_REDIS_UNAVAILABLE: ioredis tries to reconnect at least this often. */
export const REDIS_RETRY_AFTER_S = 5;

export function redisUnavailable(): AppError {
  return new AppError('ERR_REDIS_UNAVAILABLE', { retryAfter: REDIS_RETRY_AFTER_S });
}

export async function connectBus(url: string, namespace: string, logger: Logger): Promise<ClusterBus> {
  const nodeId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const failFast = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: COMMAND_TIMEOUT_MS };
  const publisher = new Redis(url, failFast);
  // Its SUBSCRIBE waits for the connection (and ioredis repeats it after every reconnection).
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const commands = new Redis(url, failFast);
  const connections = [publisher, subscriber, commands];
  const available = () => connections.every((connection) => connection.status === 'ready');
  try {
    await Promise.all(connections.map((connection) => connection.connect()));
  } catch (err) {
    for (const connection of connections) connection.disconnect();
    // What the operator reads at start: which setting, which address (without its password).
    const where = new URL(url);
    where.password = '';
    throw new ConfigError(`no Redis answers at ${where.host} (ATENDE_REDIS_URL): ${err instanceof Error ? err.message : String(err)}`);
  }
  const everyone = `atende:${namespace}:all`;
  const nodeChannel = (id: string) => `atende:${namespace}:node:${id}`;
  const listeners = new Map<string, ((body: unknown) => void)[]>();
  const handlers = new Map<string, (args: unknown) => Promise<unknown>>();
  const waiting = new Map<string, { resolve(value: unknown): void; reject(err: Error): void; timer: NodeJS.Timeout }>();

  /** Fails a waiting request (its answer will never come), unless it was settled already. */
  function fail(request: string, err: Error): void {
    const pending = waiting.get(request);
    if (!pending) return;
    waiting.delete(request);
    clearTimeout(pending.timer);
    pending.reject(err);
  }

  // Said once per outage, not at every reconnection attempt of every connection.
  let away = false;
  let closing = false;
  let lastError: unknown;
  const backListeners: (() => void)[] = [];
  for (const connection of connections) {
    connection.on('error', (err: unknown) => (lastError = err));
    connection.on('close', () => {
      if (!away && !closing) logger.warn({ err: lastError }, 'Redis is away: logins and session commands answer 503 until it is back (ATENDE_REDIS_URL)');
      away = true;
    });
    connection.on('ready', () => {
      if (!away || !available()) return;
      away = false;
      logger.info('Redis is back');
      for (const listener of backListeners) listener();
    });
  }
  // What was published to this node while it was not listening is lost: its requests will never be answered.
  subscriber.on('close', () => {
    for (const request of [...waiting.keys()]) fail(request, redisUnavailable());
  });

  let dropping = false;
  function post(channel: string, envelope: Envelope): void {
    publisher.publish(channel, encode(envelope)).then(
      () => (dropping = false),
      (err: unknown) => {
        if (!dropping) logger.warn({ err }, 'redis publish failed: events to the other nodes are dropped while Redis is away');
        dropping = true;
      },
    );
  }

  async function run(envelope: Extract<Envelope, { request: string }>): Promise<void> {
    const handler = handlers.get(envelope.kind);
    try {
      if (!handler) throw new Error(`no handler for ${envelope.kind}`);
      post(nodeChannel(envelope.from), { reply: envelope.request, ok: true, value: (await handler(envelope.args)) ?? null });
    } catch (err) {
      const app = err instanceof AppError ? err : null;
      post(nodeChannel(envelope.from), { reply: envelope.request, ok: false, code: app?.code ?? null, extra: app?.extra ?? {}, message: err instanceof Error ? err.message : String(err) });
    }
  }

  subscriber.on('message', (_channel: string, text: string) => {
    const envelope = decode<Envelope>(text);
    if ('topic' in envelope) {
      for (const listener of listeners.get(envelope.topic) ?? []) {
        try {
          listener(envelope.body);
        } catch (err) {
          logger.warn({ err, topic: envelope.topic }, 'cluster listener failed');
        }
      }
    } else if ('request' in envelope) {
      void run(envelope);
    } else if (envelope.ok) {
      const pending = waiting.get(envelope.reply);
      if (!pending) return;
      waiting.delete(envelope.reply);
      clearTimeout(pending.timer);
      pending.resolve(envelope.value);
    } else {
      fail(envelope.reply, envelope.code ? new AppError(envelope.code, envelope.extra) : new Error(envelope.message));
    }
  });
  await subscriber.subscribe(everyone, nodeChannel(nodeId));

  return {
    nodeId,
    redis: commands,
    available,
    onBack: (listener) => void backListeners.push(listener),
    broadcast: (topic, body) => post(everyone, { topic, body }),
    send: (id, topic, body) => post(nodeChannel(id), { topic, body }),
    listen(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    request<T>(id: string, kind: string, args: unknown): Promise<T> {
      if (!available()) return Promise.reject(redisUnavailable());
      const request = randomBytes(8).toString('hex');
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => fail(request, new AppError('ERR_WAPP_NOT_INITIALIZED')), REQUEST_TIMEOUT_MS);
        waiting.set(request, { resolve: resolve as (value: unknown) => void, reject, timer });
        publisher.publish(nodeChannel(id), encode({ request, from: nodeId, kind, args } satisfies Envelope)).then(
          // Nobody listens on that node's channel: the node is gone (killed, or cut off from Redis).
          (receivers) => receivers === 0 && fail(request, new AppError('ERR_NODE_UNAVAILABLE')),
          () => fail(request, redisUnavailable()),
        );
      });
    },
    answer(kind, handler) {
      handlers.set(kind, handler);
    },
    async close() {
      closing = true;
      for (const request of [...waiting.keys()]) fail(request, new AppError('ERR_WAPP_NOT_INITIALIZED'));
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect()))).catch(() => undefined);
    },
  };
}
