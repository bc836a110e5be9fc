/**
 * `npm run bench`: seeds a company at scale into a database of its own (100k tickets, 1M messages,
 * 20 agents, 5 queues by default; BENCH_TICKETS / BENCH_MESSAGES to change), then prints JSON:
 * - GET /api/tickets p50/p95 for an agent and an admin;
 * - inbound pipeline throughput through the sandbox (messages/s), beside the engine's raw insert
 *   rate with the bare driver;
 * - realtime delivery latency (p50/p99) of one message to 200 subscribed websocket clients.
 * Uses MONGODB_URI when set, else an embedded engine on a temporary data dir.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import Nes from '@hapi/nes/lib/client.js';
import { BENCH_PASSWORD as PASSWORD, benchCompany, benchSandbox, log, runBench, startBenchApp } from './app.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const AGENTS = 20;
const QUEUES = 5;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const INBOUND = Number(process.env.BENCH_INBOUND ?? 2_000);
const BATCH = 5_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const { call, url } = bench;

  try {
    // A company, its queues, agents and a paired sandbox connection, through the API.
    const { adminToken, companyId: company } = await benchCompany(bench);
    const queues: string[] = [];
    for (let i = 0; i < QUEUES; i += 1) queues.push((await call('POST', '/queue', adminToken, { name: `Queue ${i}`, color: `#10${i}0${i}0`, greetingMessage: 'Hi' })).id);
    const agents: string[] = [];
    for (let i = 0; i < AGENTS; i += 1) {
      agents.push((await call('POST', '/users', adminToken, { name: `Agent ${i}`, email: `agent${i}@bench.co`, password: PASSWORD, profile: 'user', queueIds: [queues[i % QUEUES]] })).id);
    }
    const whatsapp = { id: await benchSandbox(bench, adminToken, 'Bench phone') };

    // Raw seed with the bare driver: also the engine's raw insert rate.
    const db = mongoose.connection.db!;
    const companyId = new Types.ObjectId(company);
    const whatsappId = new Types.ObjectId(whatsapp.id as string);
    const contactIds: Types.ObjectId[] = [];
    const now = Date.now();
    log(`seeding ${TICKETS} tickets and ${MESSAGES} messages...`);
    const seedStarted = performance.now();
    let rawDocs = 0;
    for (let start = 0; start < TICKETS; start += BATCH) {
      const contacts = Array.from({ length: Math.min(BATCH, TICKETS - start) }, (_, i) => {
        const n = start + i;
        const _id = new Types.ObjectId();
        contactIds.push(_id);
        return { _id, companyId, name: `Customer ${n}`, nameKey: `customer ${n}`, number: `5511${String(900000000 + n)}`, email: '', profilePicUrl: '', isGroup: false, extraInfo: [], createdAt: new Date(now - n * 1000), updatedAt: new Date(now - n * 1000) };
      });
      await db.collection('contacts').insertMany(contacts);
      rawDocs += contacts.length;
    }
    const ticketIds: Types.ObjectId[] = [];
    for (let start = 0; start < TICKETS; start += BATCH) {
      const tickets = Array.from({ length: Math.min(BATCH, TICKETS - start) }, (_, i) => {
        const n = start + i;
        const _id = new Types.ObjectId();
        ticketIds.push(_id);
        const status = n % 10 === 0 ? 'pending' : n % 10 < 4 ? 'open' : 'closed';
        const at = new Date(now - n * 30_000);
        return {
          _id, companyId, uuid: randomUUID(), status, contactId: contactIds[n], whatsappId, userId: status === 'pending' ? null : new Types.ObjectId(agents[n % AGENTS]),
          queueId: new Types.ObjectId(queues[n % QUEUES]), isGroup: false, chatbot: false, queueOptionId: null, amountUsedBotQueues: 0, lastMessage: `message ${n}`,
          unreadMessages: n % 7, useIntegration: false, promptId: null, integrationId: null, lastInteractionAt: at, acceptedAt: at, closedAt: status === 'closed' ? at : null,
          awaitingRating: false, createdDay: at.toISOString().slice(0, 10), createdHour: at.getUTCHours(), createdAt: at, updatedAt: at,
        };
      });
      await db.collection('tickets').insertMany(tickets);
      rawDocs += tickets.length;
    }
    for (let start = 0; start < MESSAGES; start += BATCH) {
      const messages = Array.from({ length: Math.min(BATCH, MESSAGES - start) }, (_, i) => {
        const n = start + i;
        const at = new Date(now - n * 3_000);
        const ticket = n % TICKETS;
        return {
          companyId, ticketId: ticketIds[ticket], contactId: n % 2 ? contactIds[ticket] : null, whatsappId, providerMessageId: `seed:${n}`, body: `message body ${n}`, fromMe: n % 2 === 0,
          read: true, ack: 3, mediaType: 'chat', mediaPath: null, mediaMimeType: null, quotedMsgId: null, isDeleted: false, isEdited: false, sendAttempts: 0, sendError: null, participant: null, createdAt: at, updatedAt: at,
        };
      });
      await db.collection('messages').insertMany(messages);
      rawDocs += messages.length;
      if ((start / BATCH) % 20 === 0) log(`  ${start + messages.length} messages`);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const rawInsertRate = Math.round(rawDocs / seedSeconds);
    log(`seeded ${rawDocs} documents in ${seedSeconds.toFixed(1)} s`);

    // Ticket list latency.
    const agentToken = (await call('POST', '/auth/login', undefined, { email: 'agent0@bench.co', password: PASSWORD })).token as string;
    // Up to 100 calls per case, stopping after 20 s on a slow engine (at least 5 calls).
    const timeList = async (token: string, query: string, runs = 100, budgetMs = 20_000) => {
      const times: number[] = [];
      const began = performance.now();
      while (times.length < runs && (times.length < 5 || performance.now() - began < budgetMs)) {
        const started = performance.now();
        await call('GET', `/tickets?${query}`, token);
        times.push(performance.now() - started);
      }
      return { calls: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    log('timing GET /api/tickets...');
    const ticketList = {
      agentOpen: await timeList(agentToken, 'status=open'),
      agentPending: await timeList(agentToken, 'status=pending'),
      adminOpenShowAll: await timeList(adminToken, 'status=open&showAll=true'),
      adminClosedPage5: await timeList(adminToken, 'status=closed&showAll=true&pageNumber=5'),
    };
    // Each figure is also logged as soon as it is measured (a later stage may be slow).
    log(`ticket list: ${JSON.stringify(ticketList)}`);

    // Realtime: one customer message to SUBSCRIBERS sockets of the company's admin.
    log(`realtime: ${SUBSCRIBERS} subscribers...`);
    const clients: InstanceType<typeof Nes.Client>[] = [];
    const arrivals: number[] = [];
    let sentAt = 0;
    const marker = `rt-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const client = new Nes.Client(url.replace('http:', 'ws:') as `ws://${string}`);
      await client.connect({ auth: { headers: { authorization: `Bearer ${adminToken}` } } });
      await client.subscribe(`/company/${company}/appMessage`, (payload) => {
        if ((payload as { message?: { body?: string } }).message?.body === marker) arrivals.push(performance.now() - sentAt);
      });
      clients.push(client);
    }
    sentAt = performance.now();
    await call('POST', `/sandbox/${whatsapp.id}/messages`, adminToken, { from: '5511912345678', name: 'Realtime', body: marker });
    for (let i = 0; i < 100 && arrivals.length < SUBSCRIBERS; i += 1) await new Promise((r) => setTimeout(r, 50));
    for (const client of clients) await client.disconnect();
    const realtime = { subscribers: SUBSCRIBERS, delivered: arrivals.length, p50Ms: percentile(arrivals, 50), p99Ms: percentile(arrivals, 99) };
    log(`realtime: ${JSON.stringify(realtime)}`);

    // Inbound pipeline through the sandbox: new customers and follow-ups, as fast as accepted.
    log(`inbound: ${INBOUND} messages through the sandbox...`);
    const inboundStarted = performance.now();
    const senders = 8;
    let inboundDone = 0;
    let inboundFailed = 0;
    await Promise.all(
      Array.from({ length: senders }, async (_, s) => {
        // Stops after 60 s on a slow engine; the rate counts what was handled.
        for (let i = s; i < INBOUND && performance.now() - inboundStarted < 60_000; i += senders) {
          try {
            await call('POST', `/sandbox/${whatsapp.id}/messages`, adminToken, { from: `5521${String(800000000 + (i % 500))}`, name: `Inbound ${i % 500}`, body: `inbound ${i}` });
            inboundDone += 1;
          } catch (err) {
            // A request slower than the HTTP client's patience counts as not handled.
            inboundFailed += 1;
            log(`inbound request failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      }),
    );
    const inboundRate = Math.round((inboundDone / ((performance.now() - inboundStarted) / 1000)) * 10) / 10;

    const engineName = bench.engineName;
    process.stdout.write(
      `${JSON.stringify(
        {
          engine: engineName,
          seeded: { tickets: TICKETS, messages: MESSAGES, contacts: TICKETS, agents: AGENTS, queues: QUEUES, seconds: Math.round(seedSeconds) },
          ticketListMs: ticketList,
          inbound: { messages: inboundDone, failed: inboundFailed, messagesPerSecond: inboundRate, rawInsertPerSecond: rawInsertRate, ratio: Math.round((inboundRate / rawInsertRate) * 10_000) / 10_000 },
          realtime,
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
