/**
 * Agents' ticket lists while a 10,000-contact campaign runs, run on its own:
 *
 *   node --import tsx scripts/bench/campaign.ts
 *
 * A company with a seeded history (BENCH_TICKETS tickets, default 10,000, and BENCH_MESSAGES
 * messages, default 50,000), agents in queues and a paired sandbox phone; a contact list of
 * BENCH_CAMPAIGN_CONTACTS (default 10,000) numbers; campaign intervals 0. GET /api/tickets as an
 * agent (open and pending, alternately) is timed idle, then continuously while the campaign runs
 * until FINALIZADA, or for BENCH_CAMPAIGN_WINDOW_S seconds when set (then the campaign is
 * cancelled: on a slow machine the whole run may take longer than one wants to wait). Prints
 * JSON: p50/p95 idle and during the run, the contacts delivered per second, and checks that every
 * contact delivered was messaged once (and, run to the end, that every contact was). Uses
 * MONGODB_URI when set, else an embedded engine on a temporary data dir.
 */
import mongoose, { Types } from 'mongoose';
import type { CommandStartedEvent } from 'mongodb';
import { ContactListItemModel, ContactListModel } from '../../server/src/domains/contactLists/model.js';
import { CampaignShippingModel } from '../../server/src/domains/campaigns/model.js';
import { MessageModel } from '../../server/src/domains/messages/model.js';
import { analyzeFerretdbTables } from '../../server/src/platform/database/tuning.js';
import { BENCH_PASSWORD as PASSWORD, BENCH_SUPER_EMAIL, benchSandbox, log, runBench, startBenchApp } from './app.js';
import { percentile, timeCalls } from './measure.js';
import { recordCommands } from '../../server/src/platform/database/commandLog.js';
import { seedCompanyHistory } from './seed.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 10_000);
const WINDOW_S = Number(process.env.BENCH_CAMPAIGN_WINDOW_S ?? 0);
const AGENTS = 4;
const QUEUES = 2;

/** Commands per unit (a contact delivered, a list call), by command and collection, the frequent first. */
function countByCommand(events: CommandStartedEvent[], units: number): Record<string, number> {
  const byCommand: Record<string, number> = {};
  for (const event of events) {
    const command = event.command as Record<string, unknown>;
    const key = `${event.commandName} ${String(command[event.commandName] ?? '')}`;
    byCommand[key] = (byCommand[key] ?? 0) + 1;
  }
  return Object.fromEntries(
    Object.entries(byCommand)
      .map(([key, count]) => [key, Math.round((count / Math.max(1, units)) * 10) / 10] as const)
      .filter(([, count]) => count >= 0.1)
      .sort((a, b) => b[1] - a[1]),
  );
}

async function main(): Promise<void> {
  // Jobs polled every second (5 s by default): the campaign starts at once, without the poller's own
  // commands (one per job name per poll) weighing on what is measured. The run outlasts an access
  // token's 15 minutes: the bench's sign-ins last a day.
  const bench = await startBenchApp({ ATENDE_JOBS_PROCESS_EVERY: '1000', ATENDE_ACCESS_TOKEN_TTL: '86400' });
  const { call } = bench;
  try {
    const superToken = (await call('POST', '/auth/login', undefined, { email: BENCH_SUPER_EMAIL, password: PASSWORD })).token as string;
    const plan = await call('POST', '/plans', superToken, { name: 'Bench campaigns', users: 100, connections: 5, queues: 10, useCampaigns: true });
    const company = await call('POST', '/companies', superToken, { name: 'Bench Co', email: 'admin@bench.co', password: PASSWORD, planId: plan.id });
    const companyId = company.id as string;
    const adminToken = (await call('POST', '/auth/login', undefined, { email: 'admin@bench.co', password: PASSWORD })).token as string;
    const queueIds: string[] = [];
    for (let i = 0; i < QUEUES; i += 1) queueIds.push((await call('POST', '/queue', adminToken, { name: `Queue ${i}`, color: `#20${i}0${i}0`, greetingMessage: 'Hi' })).id);
    const userIds: string[] = [];
    for (let i = 0; i < AGENTS; i += 1) {
      userIds.push((await call('POST', '/users', adminToken, { name: `Agent ${i}`, email: `agent${i}@bench.co`, password: PASSWORD, profile: 'user', queueIds: [queueIds[i % QUEUES]] })).id);
    }
    const whatsappId = await benchSandbox(bench, adminToken, 'Campaign phone');

    log(`seeding ${TICKETS} tickets and ${MESSAGES} messages...`);
    await seedCompanyHistory(mongoose.connection.db!, { companyId, whatsappId, queueIds, userIds, tickets: TICKETS, messages: MESSAGES, log });
    log(`a contact list of ${CONTACTS} numbers...`);
    const list = await ContactListModel.create({ companyId, name: 'Everyone', contactsCount: CONTACTS });
    for (let from = 0; from < CONTACTS; from += 1_000) {
      const items = Array.from({ length: Math.min(1_000, CONTACTS - from) }, (_, i) => ({
        companyId,
        contactListId: list._id,
        name: `Client ${from + i}`,
        number: `5541${String(700000000 + from + i)}`,
        email: '',
        isWhatsappValid: true,
      }));
      await ContactListItemModel.insertMany(items);
    }
    if (bench.postgresUrl) await analyzeFerretdbTables(bench.postgresUrl, bench.databaseName);
    await call('POST', '/campaign-settings', adminToken, { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });

    const agentToken = (await call('POST', '/auth/login', undefined, { email: 'agent0@bench.co', password: PASSWORD })).token as string;
    const agentList = (n: number) => call('GET', `/tickets?status=${n % 2 === 0 ? 'open' : 'pending'}`, agentToken);
    log('timing the agent ticket list idle...');
    const idleCommands = recordCommands();
    const idle = await timeCalls(agentList, 200, 60_000);
    idleCommands.stop();
    const perList = countByCommand(idleCommands.commands, idle.calls);

    log('campaign started; timing the agent ticket list until it ends...');
    const started = performance.now();
    // Every command while the campaign runs: its own, the job poller's and the agent's lists.
    const commands = recordCommands();
    const campaign = await call('POST', '/campaigns', adminToken, { name: 'Everyone', message1: 'Hello {{firstName}}', message2: 'Hi {{firstName}}!', whatsappId, contactListId: String(list._id), scheduledAt: new Date().toISOString() });
    const during: number[] = [];
    let status = 'PROGRAMADA';
    let lastLog = 0;
    const windowEnds = WINDOW_S > 0 ? performance.now() + WINDOW_S * 1000 : Infinity;
    while (status !== 'FINALIZADA' && performance.now() < windowEnds) {
      const t0 = performance.now();
      await agentList(during.length);
      during.push(performance.now() - t0);
      if (during.length % 20 === 0) {
        const now = await call('GET', `/campaigns/${campaign.id}`, adminToken);
        status = now.status;
        if (performance.now() - lastLog > 15_000) {
          log(`${now.counters.delivered}/${CONTACTS} delivered`);
          lastLog = performance.now();
        }
      }
    }
    const runSeconds = (performance.now() - started) / 1000;
    commands.stop();
    const finished = status === 'FINALIZADA';
    if (!finished) await call('POST', `/campaigns/${campaign.id}/cancel`, adminToken);
    // The shipping in flight when the window closed settles within a second.
    if (!finished) await new Promise((resolve) => setTimeout(resolve, 3_000));
    const shippings = await CampaignShippingModel.countDocuments({ companyId: new Types.ObjectId(companyId), campaignId: new Types.ObjectId(campaign.id as string), state: 'delivered' });
    const stored = await MessageModel.countDocuments({ companyId: new Types.ObjectId(companyId), fromMe: true, body: { $regex: '^(Hello|Hi) Client' } });
    const expected = finished ? CONTACTS : shippings;
    const perContact = countByCommand(commands.commands, shippings);

    process.stdout.write(
      `${JSON.stringify(
        {
          engine: bench.engineName,
          seeded: { tickets: TICKETS, messages: MESSAGES },
          campaign: { contacts: CONTACTS, finished, delivered: shippings, storedMessages: stored, seconds: Math.round(runSeconds), deliveredPerSecond: Math.round((shippings / runSeconds) * 10) / 10 },
          databaseCommandsPerContact: { all: Math.round((commands.commands.length / Math.max(1, shippings)) * 10) / 10, byCommand: perContact },
          databaseCommandsPerAgentList: perList,
          agentTicketListMs: {
            idle,
            duringCampaign: { calls: during.length, p50: percentile(during, 50), p95: percentile(during, 95) },
          },
        },
        null,
        2,
      )}\n`,
    );
    if (shippings !== expected || stored !== expected) throw new Error(`${expected} contacts expected delivered, ${shippings} delivered, ${stored} messages stored`);
  } finally {
    await bench.stop();
  }
}

runBench(main);
