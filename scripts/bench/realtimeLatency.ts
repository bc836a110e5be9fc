/**
 * Realtime delay as agents feel it: `subscribers` websocket clients of one company, spread over the
 * given server addresses, each waiting for every one of a few customer messages; the delay from the
 * customer's write until each socket has it.
 */
import { randomBytes } from 'node:crypto';
import Nes from '@hapi/nes/lib/client.js';
import { percentile } from './measure.js';

export interface RealtimeLatencyRun {
  /** ws:// addresses; client i connects to addresses[i % length]. */
  addresses: string[];
  token: string;
  companyId: string;
  subscribers: number;
  customerWrites(body: string): Promise<unknown>;
  /** How long to wait for every socket to have one message before the next. */
  waitMs: number;
}

const ROUNDS = 5;
const POLL_MS = 20;

export async function realtimeLatency(run: RealtimeLatencyRun) {
  const clients: InstanceType<typeof Nes.Client>[] = [];
  const arrivals: number[] = [];
  let sentAt = 0;
  let expected = '';
  for (let i = 0; i < run.subscribers; i += 1) {
    const client = new Nes.Client(run.addresses[i % run.addresses.length]! as `ws://${string}`);
    await client.connect({ auth: { headers: { authorization: `Bearer ${run.token}` } } });
    await client.subscribe(`/company/${run.companyId}/appMessage`, (payload) => {
      const { action, message } = payload as { action?: string; message?: { body?: string } };
      if (action === 'create' && message?.body === expected) arrivals.push(performance.now() - sentAt);
    });
    clients.push(client);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = arrivals.length;
    expected = `rt-${randomBytes(4).toString('hex')}`;
    sentAt = performance.now();
    await run.customerWrites(expected);
    for (let waited = 0; waited < run.waitMs && arrivals.length - before < run.subscribers; waited += POLL_MS) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  for (const client of clients) await client.disconnect();
  return { subscribers: run.subscribers, messages: ROUNDS, delivered: arrivals.length, expected: run.subscribers * ROUNDS, p50Ms: percentile(arrivals, 50), p99Ms: percentile(arrivals, 99) };
}
