/**
 * `npm run bench -- --nodes 3`: Atende on several nodes (issue 17), each a server process, on one
 * database (MONGODB_URI, else an embedded engine per run) and one Redis (ATENDE_REDIS_URL, default
 * redis://127.0.0.1:6379). Runs once on 1 node and once on N, and prints JSON for each:
 * - inbound: BENCH_INBOUND (1,000) messages from 100 customers over 3 sandbox connections (each
 *   started on another node, so each node runs one session when there are 3), sent to the nodes'
 *   HTTP ports in turn; messages per second, then each checked stored exactly once;
 * - realtime: a customer's message to BENCH_SUBSCRIBERS (1,000) websocket clients connected to the
 *   nodes in turn: p50 / p99 until each client has it (5 messages).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import { log, runBench } from './app.js';
import { realtimeLatency } from './realtimeLatency.js';
import { startCluster, type Cluster } from '../cluster/nodes.js';

const INBOUND = Number(process.env.BENCH_INBOUND ?? 1_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const CUSTOMERS = 100;
const CONNECTIONS = 3;
const PASSWORD = 'bench-pass';
const SUPER = 'bench-super@atende.bench';

type Call = (method: string, route: string, token?: string, body?: unknown) => Promise<any>;

function caller(port: number): Call {
  return async (method, route, token, body) => {
    const response = await fetch(`http://127.0.0.1:${port}/api${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

async function connected(call: Call, token: string, name: string): Promise<string> {
  const whatsapp = await call('POST', '/whatsapp', token, { name, provider: 'sandbox' });
  for (let i = 0; i < 100 && (await call('GET', `/whatsapp/${whatsapp.id}`, token)).status !== 'qrcode'; i += 1) await new Promise((r) => setTimeout(r, 100));
  await call('POST', `/sandbox/${whatsapp.id}/pair`, token, {});
  return whatsapp.id as string;
}

async function measureInbound(calls: Call[], token: string, whatsappIds: string[], messages: () => Promise<string[]>) {
  log(`inbound: ${INBOUND} messages from ${CUSTOMERS} customers over ${calls.length} node(s)...`);
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, customer) => {
      const from = `55119${String(70_000_000 + customer).padStart(8, '0')}`;
      for (let n = customer; n < INBOUND; n += CUSTOMERS) {
        await calls[n % calls.length]!('POST', `/sandbox/${whatsappIds[customer % whatsappIds.length]}/messages`, token, { from, name: `Customer ${customer}`, body: `inbound ${n}` }).catch((err: unknown) => {
          failed += 1;
          log(`inbound request failed: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = await messages();
  const bodies = new Set(stored);
  return {
    messages: INBOUND,
    failed,
    seconds: Math.round(seconds * 10) / 10,
    messagesPerSecond: Math.round(((INBOUND - failed) / seconds) * 10) / 10,
    lost: INBOUND - bodies.size,
    duplicated: stored.length - bodies.size,
  };
}

async function measureRealtime(cluster: Cluster, token: string, companyId: string, customerWrites: (body: string) => Promise<unknown>) {
  log(`realtime: ${SUBSCRIBERS} websocket clients over ${cluster.nodes.length} node(s)...`);
  const addresses = cluster.nodes.map((node) => `ws://127.0.0.1:${node.port}`);
  return realtimeLatency({ addresses, token, companyId, subscribers: SUBSCRIBERS, customerWrites, waitMs: 10_000 });
}

async function runOn(nodes: number, redisUrl: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atende-bench-cluster-'));
  const databaseName = `atende_bench_cluster_${randomBytes(3).toString('hex')}`;
  log(`starting ${nodes} node(s)...`);
  const cluster = await startCluster({
    nodes,
    firstPort: 20_000 + Math.floor(Math.random() * 20_000),
    dataDir,
    redisUrl,
    env: {
      HOST: '127.0.0.1',
      ATENDE_DB_NAME: databaseName,
      ATENDE_ADMIN_EMAIL: SUPER,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: randomBytes(24).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(24).toString('hex'),
      ATENDE_SANDBOX_ACK_MS: '50',
      LOG_LEVEL: 'warn',
    },
  });
  const mongo = await new MongoClient(cluster.uri, { directConnection: !process.env.MONGODB_URI }).connect();
  try {
    const calls = cluster.nodes.map((node) => caller(node.port));
    const first = calls[0]!;
    const superToken = (await first('POST', '/auth/login', undefined, { email: SUPER, password: PASSWORD })).token as string;
    const plan = await first('POST', '/plans', superToken, { name: 'Bench', users: 100, connections: 5, queues: 10 });
    const company = await first('POST', '/companies', superToken, { name: 'Bench Co', email: 'admin@bench.co', password: PASSWORD, planId: plan.id });
    const token = (await first('POST', '/auth/login', undefined, { email: 'admin@bench.co', password: PASSWORD })).token as string;
    const whatsappIds: string[] = [];
    // Each connection started on another node: that node runs its session.
    for (let i = 0; i < CONNECTIONS; i += 1) whatsappIds.push(await connected(calls[i % calls.length]!, token, `Bench phone ${i + 1}`));
    const companyId = new ObjectId(company.id as string);
    const stored = async () =>
      (await mongo.db(databaseName).collection('messages').find({ companyId, fromMe: false, body: { $regex: '^inbound ' } }, { projection: { body: 1 } }).toArray()).map((message) => message.body as string);
    const inbound = await measureInbound(calls, token, whatsappIds, stored);
    log(`inbound on ${nodes}: ${JSON.stringify(inbound)}`);
    const realtime = await measureRealtime(cluster, token, company.id as string, (body) => first('POST', `/sandbox/${whatsappIds[0]}/messages`, token, { from: '5511912345678', name: 'Realtime', body }));
    log(`realtime on ${nodes}: ${JSON.stringify(realtime)}`);
    return { nodes, inbound, realtime };
  } finally {
    if (process.env.MONGODB_URI) await mongo.db(databaseName).dropDatabase();
    await mongo.close();
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { nodes: { type: 'string', default: '3' } }, strict: false });
  const nodes = Number(values.nodes);
  if (!Number.isInteger(nodes) || nodes < 2) throw new Error('--nodes: 2 or more');
  const redisUrl = process.env.ATENDE_REDIS_URL || 'redis://127.0.0.1:6379';
  const one = await runOn(1, redisUrl);
  const several = await runOn(nodes, redisUrl);
  process.stdout.write(`${JSON.stringify({ engine: process.env.MONGODB_URI ? 'MongoDB (MONGODB_URI)' : 'embedded FerretDB 1.24.2 on PostgreSQL 17', runs: [one, several] }, null, 2)}\n`);
}

runBench(main);
