/**
 * `npm run bench -- --busy`: a busy morning (issue 31). Customers write one after another as new
 * customers through the sandbox phone (each a new contact, ticket and queue greeting), an agent
 * accepts one ticket in three, and every ticket list is timed twice: calm (40 tickets pending or
 * open) and busy (BENCH_BUSY in all, default 5,000, written within minutes: the same hour, mostly
 * the same ten-minute slot). Lists: the admin's with show-all and the agent's (their queue, their
 * open tickets), pending and open, pages 1 and 5. Prints JSON: p50/p95 of each list calm and busy,
 * the busy/calm ratio of the p95s, each beside its goal (p95 <= 20 ms, ratio <= 1.5), and the
 * database commands and documents read per page. It runs alone, without the 100k history of
 * `npm run bench`, in a few minutes; BENCH_BUSY_WRITERS customers write at once (default 40).
 */
import mongoose, { Types } from 'mongoose';
import { BENCH_PASSWORD as PASSWORD, benchCompany, benchSandbox, log, runBench, startBenchApp, type BenchApp } from './app.js';
import { besideGoal, commandsPer, timeCalls, type Timing } from './measure.js';
import { analyzeFerretdbTables } from '../../server/src/platform/database/tuning.js';

const CALM = 40;
const BUSY = Number(process.env.BENCH_BUSY ?? 5_000);
const WRITERS = Number(process.env.BENCH_BUSY_WRITERS ?? 40);
const GOAL_P95_MS = 20;
const GOAL_RATIO = 1.5;

/** A list's timing and what one call of it costs the database. */
type Figure = Timing & { commands: number; documentsRead: number };

/** Customers `from` to `to` (excluded) write their first message, WRITERS at a time: answers customers per second. */
async function customersWrite(bench: BenchApp, adminToken: string, whatsappId: string, from: number, to: number): Promise<number> {
  const started = performance.now();
  let next = from;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < to) {
        const n = next++;
        await bench.call('POST', `/sandbox/${whatsappId}/messages`, adminToken, { from: `5541${String(900_000_000 + n)}`, name: `Morning ${n}`, body: `bom dia, pedido ${n}` });
      }
    }),
  );
  return Math.round(((to - from) / ((performance.now() - started) / 1000)) * 10) / 10;
}

/** The agent accepts one pending ticket in three among those not seen before. */
async function agentAccepts(bench: BenchApp, companyId: string, agentToken: string, agentId: string, seen: Set<string>): Promise<void> {
  const tickets = await mongoose.connection.db!.collection('tickets').find({ companyId: new Types.ObjectId(companyId) }, { projection: { _id: 1, createdAt: 1 } }).sort({ createdAt: 1 }).toArray();
  const fresh = tickets.map((ticket) => String(ticket._id)).filter((id) => !seen.has(id));
  fresh.forEach((id) => seen.add(id));
  const accepted = fresh.filter((_, n) => n % 3 === 0);
  for (let n = 0; n < accepted.length; n += 10) {
    await Promise.all(accepted.slice(n, n + 10).map((id) => bench.call('PUT', `/tickets/${id}`, agentToken, { status: 'open', userId: agentId })));
  }
}

async function main(): Promise<void> {
  // Sessions that outlast a slow morning (the default access token lives 15 minutes).
  const bench = await startBenchApp({ ATENDE_ACCESS_TOKEN_TTL: '86400' });
  const { call } = bench;
  try {
    const { adminToken, companyId } = await benchCompany(bench);
    const queue = await call('POST', '/queue', adminToken, { name: 'Atendimento', color: '#107050', greetingMessage: 'Olá! Já vamos atender.' });
    const agent = await call('POST', '/users', adminToken, { name: 'Agent', email: 'agent@bench.co', password: PASSWORD, profile: 'user', queueIds: [queue.id] });
    const whatsappId = await benchSandbox(bench, adminToken, 'Busy phone');
    await call('PUT', `/whatsapp/${whatsappId}`, adminToken, { queueIds: [queue.id] });
    const agentToken = (await call('POST', '/auth/login', undefined, { email: 'agent@bench.co', password: PASSWORD })).token as string;
    const seen = new Set<string>();

    const lists: Record<string, [string, string]> = {
      adminPendingPage1: [adminToken, 'status=pending&showAll=true'],
      adminPendingPage5: [adminToken, 'status=pending&showAll=true&pageNumber=5'],
      adminOpenPage1: [adminToken, 'status=open&showAll=true'],
      adminOpenPage5: [adminToken, 'status=open&showAll=true&pageNumber=5'],
      agentPendingPage1: [agentToken, 'status=pending'],
      agentPendingPage5: [agentToken, 'status=pending&pageNumber=5'],
      agentOpenPage1: [agentToken, 'status=open'],
      agentOpenPage5: [agentToken, 'status=open&pageNumber=5'],
    };
    const measure = async (phase: string) => {
      if (bench.postgresUrl) await analyzeFerretdbTables(bench.postgresUrl, bench.databaseName);
      const figures: Record<string, Figure> = {};
      for (const [name, [token, query]] of Object.entries(lists)) {
        const timing = await timeCalls(() => call('GET', `/tickets?${query}`, token));
        const commands = await commandsPer(10, () => call('GET', `/tickets?${query}`, token));
        figures[name] = { ...timing, commands: commands.perOperation, documentsRead: commands.documentsRead };
        log(`${phase} ${name}: ${JSON.stringify(figures[name])}`);
      }
      return figures;
    };

    log(`calm: ${CALM} customers write...`);
    await customersWrite(bench, adminToken, whatsappId, 0, CALM);
    await agentAccepts(bench, companyId, agentToken, agent.id, seen);
    const calm = await measure('calm');

    log(`busy: ${BUSY - CALM} more customers write, ${WRITERS} at a time...`);
    const started = Date.now();
    const customersPerSecond = await customersWrite(bench, adminToken, whatsappId, CALM, BUSY);
    await agentAccepts(bench, companyId, agentToken, agent.id, seen);
    const writtenInSeconds = Math.round((Date.now() - started) / 1000);
    const busy = await measure('busy');

    const beside = ({ p50, p95, commands, documentsRead }: Figure) => ({ p50, p95, goal: besideGoal(p95, { atMost: GOAL_P95_MS }, 'ms'), commands, documentsRead });
    const figures = Object.fromEntries(
      Object.keys(lists).map((name) => {
        const ratio = Math.round((busy[name]!.p95 / Math.max(calm[name]!.p95, 0.1)) * 100) / 100;
        return [name, { calm: beside(calm[name]!), busy: beside(busy[name]!), ratio: { busyOverCalmP95: ratio, goal: besideGoal(ratio, { atMost: GOAL_RATIO }) } }];
      }),
    );
    const statuses = await mongoose.connection.db!.collection('tickets').aggregate([{ $match: { companyId: new Types.ObjectId(companyId) } }, { $group: { _id: '$status', n: { $sum: 1 } } }]).toArray();
    process.stdout.write(
      `${JSON.stringify(
        {
          engine: bench.engineName,
          scenario: { calm: CALM, busy: BUSY, writers: WRITERS, customersPerSecond, writtenInSeconds, tickets: Object.fromEntries(statuses.map((row) => [row._id, row.n])) },
          ticketListMs: figures,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await bench.stop();
  }
}

runBench(main);
