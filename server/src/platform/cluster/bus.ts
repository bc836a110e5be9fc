/**
 * The nodes of one deployment talk over Redis pub/sub (ATENDE_REDIS_URL): messages to every node
 * (a topic), to one node, and requests one node answers (a session's commands reach its owner).
 * One connection publishes, so what a node publishes arrives everywhere in the order it was
 * published; one connection listens. Channels are named after the database, so deployments (or
 * tests) sharing a Redis never hear each other.
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
  /** The connection for commands (the shared login limiter). */
  readonly redis: Redis;
  close(): Promise<void>;
}

type Envelope =
  | { topic: string; body: unknown }
  | { request: string; from: string; kind: string; args: unknown }
  | { reply: string; ok: true; value: unknown }
  | { reply: string; ok: false; code: ErrorCode | null; extra: Record<string, unknown>; message: string };

/** A request left unanswered this long fails (the node died meanwhile). */
const REQUEST_TIMEOUT_MS = 30_000;

export async function connectBus(url: string, namespace: string, logger: Logger): Promise<ClusterBus> {
  const nodeId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) connection.on('error', (err: unknown) => logger.warn({ err }, 'redis connection error'));
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
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

  function post(channel: string, envelope: Envelope): void {
    publisher.publish(channel, encode(envelope)).catch((err: unknown) => logger.warn({ err }, 'redis publish failed'));
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
    } else {
      const pending = waiting.get(envelope.reply);
      if (!pending) return;
      waiting.delete(envelope.reply);
      clearTimeout(pending.timer);
      if (envelope.ok) pending.resolve(envelope.value);
      else pending.reject(envelope.code ? new AppError(envelope.code, envelope.extra) : new Error(envelope.message));
    }
  });
  await subscriber.subscribe(everyone, nodeChannel(nodeId));

  return {
    nodeId,
    redis: publisher,
    broadcast: (topic, body) => post(everyone, { topic, body }),
    send: (id, topic, body) => post(nodeChannel(id), { topic, body }),
    listen(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    request<T>(id: string, kind: string, args: unknown): Promise<T> {
      const request = randomBytes(8).toString('hex');
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(request);
          reject(new AppError('ERR_WAPP_NOT_INITIALIZED', { node: id }));
        }, REQUEST_TIMEOUT_MS);
        waiting.set(request, { resolve: resolve as (value: unknown) => void, reject, timer });
        post(nodeChannel(id), { request, from: nodeId, kind, args });
      });
    },
    answer(kind, handler) {
      handlers.set(kind, handler);
    },
    async close() {
      for (const { timer, reject } of waiting.values()) {
        clearTimeout(timer);
        reject(new AppError('ERR_WAPP_NOT_INITIALIZED'));
      }
      waiting.clear();
      await Promise.all([subscriber.quit(), publisher.quit()]).catch(() => undefined);
    },
  };
}
