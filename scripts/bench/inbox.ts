/**
 * `npm run bench`: a company at scale (100k tickets, 1M messages, 100k contacts, 20 agents, 5 queues
 * by default; BENCH_TICKETS / BENCH_MESSAGES to change) in a database of its own, on the embedded
 * engine (or MONGODB_URI), then prints JSON:
 * - ticketListMs.{agentOpen,agentPending,adminOpenShowAll,adminClosedPage5}: GET /tickets p50/p95;
 * - conversationMs: GET /messages/{ticketId}, first page, of tickets all over the history;
 * - contactSearchMs: GET /contacts with a surname fragment that matches 5% of the contacts;
 * - ticketListConcurrent: 20 clients on the admin's open list for 30 s (BENCH_CONCURRENT_SECONDS);
 * - inbound: 2,000 messages from 200 customers through the sandbox, end to end, checked stored once each;
 * - realtime: a customer's message to the 200th websocket client (p50/p99 over several messages);
 * - rss: peak memory of the server process (which also runs the bench's clients) and of the engine;
 * - commands: database commands per inbound message, ticket list and conversation page;
 * - goals: each figure beside issue 31's goal (met / not met).
 * With `--nodes N` it measures several nodes instead (cluster.ts); with `--busy`, the ticket lists
 * calm and on a busy morning of thousands of new customers (busyDay.ts, runs alone in minutes).
 */
import mongoose, { Types } from 'mongoose';
import { BENCH_PASSWORD as PASSWORD, benchCompany, benchSandbox, log, runBench, startBenchApp } from './app.js';
import { besideGoal, commandsPer, concurrentCalls, sampleMemory, timeCalls } from './measure.js';
import { realtimeLatency } from './realtimeLatency.js';
import { seedCompanyHistory, SURNAMES } from './seed.js';
import { analyzeFerretdbTables } from '../../server/src/platform/database/tuning.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const AGENTS = 20;
const QUEUES = 5;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const INBOUND = Number(process.env.BENCH_INBOUND ?? 2_000);
const CUSTOMERS = 200;
const CONCURRENT_CLIENTS = 20;
const CONCURRENT_SECONDS = Number(process.env.BENCH_CONCURRENT_SECONDS ?? 30);

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const { call, url } = bench;
  const memory = sampleMemory(bench.enginePids);

  try {
    // A company, its queues, agents and a paired sandbox connection, through the API.
    const { adminToken, companyId } = await benchCompany(bench);
    const queueIds: string[] = [];
    for (let i = 0; i < QUEUES; i += 1) queueIds.push((await call('POST', '/queue', adminToken, { name: `Queue ${i}`, color: `#10${i}0${i}0`, greetingMessage: 'Hi' })).id);
    const userIds: string[] = [];
    for (let i = 0; i < AGENTS; i += 1) {
      userIds.push((await call('POST', '/users', adminToken, { name: `Agent ${i}`, email: `agent${i}@bench.co`, password: PASSWORD, profile: 'user', queueIds: [queueIds[i % QUEUES]] })).id);
    }
    const whatsappId = await benchSandbox(bench, adminToken, 'Bench phone');

    log(`seeding ${TICKETS} tickets, ${TICKETS} contacts and ${MESSAGES} messages...`);
    const seeded = await seedCompanyHistory(mongoose.connection.db!, { companyId, whatsappId, queueIds, userIds, tickets: TICKETS, messages: MESSAGES, log });
    log(`seeded ${seeded.documents} documents in ${seeded.seconds.toFixed(1)} s`);
    // What autovacuum would do within a minute of such a load.
    if (bench.postgresUrl) await analyzeFerretdbTables(bench.postgresUrl, bench.databaseName);

    const agentToken = (await call('POST', '/auth/login', undefined, { email: 'agent0@bench.co', password: PASSWORD })).token as string;
    log('timing GET /api/tickets...');
    const list = (token: string, query: string) => () => call('GET', `/tickets?${query}`, token);
    const ticketListMs = {
      agentOpen: await timeCalls(list(agentToken, 'status=open')),
      agentPending: await timeCalls(list(agentToken, 'status=pending')),
      adminOpenShowAll: await timeCalls(list(adminToken, 'status=open&showAll=true')),
      adminClosedPage5: await timeCalls(list(adminToken, 'status=closed&showAll=true&pageNumber=5')),
    };
    log(`ticket list: ${JSON.stringify(ticketListMs)}`);

    // Conversations all over the history: a different ticket each call.
    const spread = (n: number) => seeded.ticketIds[(n * 7_919) % seeded.ticketIds.length]!;
    const conversationMs = await timeCalls((n) => call('GET', `/messages/${spread(n)}`, adminToken));
    log(`conversation: ${JSON.stringify(conversationMs)}`);

    const fragment = SURNAMES[2]!.slice(0, 6).toLowerCase();
    const contactSearchMs = { fragment, share: 1 / SURNAMES.length, ...(await timeCalls(() => call('GET', `/contacts?searchParam=${encodeURIComponent(fragment)}`, adminToken))) };
    log(`contact search: ${JSON.stringify(contactSearchMs)}`);

    log(`${CONCURRENT_CLIENTS} clients on the open list for ${CONCURRENT_SECONDS} s...`);
    const ticketListConcurrent = await concurrentCalls(CONCURRENT_CLIENTS, CONCURRENT_SECONDS, list(adminToken, 'status=open&showAll=true'));
    log(`concurrent: ${JSON.stringify(ticketListConcurrent)}`);

    const commands = {
      ticketList: await commandsPer(20, list(adminToken, 'status=open&showAll=true')),
      conversation: await commandsPer(20, (n) => call('GET', `/messages/${spread(n + 1_000)}`, adminToken)),
      // Follow-ups of customers with a ticket already, as most messages of a day are.
      inboundMessage: await commandsPer(20, (n) => call('POST', `/sandbox/${whatsappId}/messages`, adminToken, { from: `5531${String(700_000_000 + (n % 4))}`, name: `Counted ${n % 4}`, body: `counted ${n}` })),
    };
    log(`commands: ${JSON.stringify(commands)}`);

    const realtime = await measureRealtime(url, adminToken, companyId, (body) => call('POST', `/sandbox/${whatsappId}/messages`, adminToken, { from: '5511912345678', name: 'Realtime', body }));
    log(`realtime: ${JSON.stringify(realtime)}`);

    const inbound = await measureInbound(companyId, (customer, n) => call('POST', `/sandbox/${whatsappId}/messages`, adminToken, { from: `5521${String(800_000_000 + customer)}`, name: `Inbound ${customer}`, body: `inbound ${n}` }));
    log(`inbound: ${JSON.stringify(inbound)}`);

    const rss = await memory.stop();
    process.stdout.write(
      `${JSON.stringify(
        {
          engine: bench.engineName,
          seeded: { tickets: TICKETS, messages: MESSAGES, contacts: TICKETS, agents: AGENTS, queues: QUEUES, seconds: Math.round(seeded.seconds) },
          ticketListMs,
          conversationMs,
          contactSearchMs,
          ticketListConcurrent,
          inbound,
          realtime,
          rss,
          // The server's memory includes the bench's own 20 HTTP and 200 websocket clients (same process).
          goals: {
            openListP95: besideGoal(ticketListMs.adminOpenShowAll.p95, { atMost: 15 }, 'ms'),
            closedPage5P95: besideGoal(ticketListMs.adminClosedPage5.p95, { atMost: 20 }, 'ms'),
            conversationP95: besideGoal(conversationMs.p95, { atMost: 12 }, 'ms'),
            contactSearchP95: besideGoal(contactSearchMs.p95, { atMost: 80 }, 'ms'),
            twentyClients: besideGoal(ticketListConcurrent.rps, { atLeast: 100 }, 'requests/s'),
            inbound: besideGoal(inbound.messagesPerSecond, { atLeast: 150 }, 'messages/s'),
            serverMemory: besideGoal(rss.serverMb, { atMost: 400 }, 'MB'),
          },
          commands: {
            inboundMessage: commands.inboundMessage.perOperation,
            ticketList: commands.ticketList.perOperation,
            conversation: commands.conversation.perOperation,
            byCommand: { inboundMessage: commands.inboundMessage.byCommand, ticketList: commands.ticketList.byCommand, conversation: commands.conversation.byCommand },
          },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await memory.stop();
    await bench.stop();
  }
}

/** Customers' messages to SUBSCRIBERS sockets of the company's admin: delay until each socket has each message. */
async function measureRealtime(url: string, adminToken: string, companyId: string, customerWrites: (body: string) => Promise<unknown>) {
  log(`realtime: ${SUBSCRIBERS} subscribers...`);
  return realtimeLatency({ addresses: [url.replace('http:', 'ws:')], token: adminToken, companyId, subscribers: SUBSCRIBERS, customerWrites, waitMs: 2_000 });
}

/** INBOUND messages from CUSTOMERS customers writing at once (each one's messages in order); then each is checked stored exactly once. */
async function measureInbound(companyId: string, customerWrites: (customer: number, n: number) => Promise<unknown>) {
  log(`inbound: ${INBOUND} messages from ${CUSTOMERS} customers through the sandbox...`);
  const started = performance.now();
  let failed = 0;
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, customer) => {
      for (let n = customer; n < INBOUND; n += CUSTOMERS) {
        try {
          await customerWrites(customer, n);
        } catch (err) {
          failed += 1;
          log(`inbound request failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = await mongoose.connection.db!.collection('messages').find({ companyId: new Types.ObjectId(companyId), words: 'inbound' }, { projection: { body: 1 } }).toArray();
  const bodies = new Set(stored.map((message) => message.body as string));
  return {
    messages: INBOUND,
    customers: CUSTOMERS,
    failed,
    seconds: Math.round(seconds * 10) / 10,
    messagesPerSecond: Math.round(((INBOUND - failed) / seconds) * 10) / 10,
    stored: stored.length,
    lost: INBOUND - bodies.size,
    duplicated: stored.length - bodies.size,
  };
}

// `npm run bench -- --nodes 3`: the benchmark of several nodes (cluster.ts) instead; `-- --busy`: a busy morning's lists (busyDay.ts).
if (process.argv.includes('--nodes')) await import('./cluster.js');
else if (process.argv.includes('--busy')) await import('./busyDay.js');
else runBench(main);
