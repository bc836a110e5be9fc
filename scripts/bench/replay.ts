/**
 * Messages recovered per second after an outage (issue 21), run on its own:
 *
 *   node --import tsx scripts/bench/replay.ts
 *
 * A sandbox phone goes offline, customers write BENCH_REPLAY_MESSAGES messages (default 5,000)
 * from BENCH_REPLAY_CUSTOMERS customers (default 500), held by "WhatsApp"; the phone comes back and
 * the replay (BENCH_REPLAY_REPEAT of them delivered twice, shuffled) is timed until every message
 * is stored: the whole inbound pipeline (contact, ticket, message, unread count, realtime,
 * greeting) per message. Prints JSON. Uses MONGODB_URI when set, else an embedded engine on a
 * temporary data dir.
 */
import { Types } from 'mongoose';
import { MessageModel } from '../../server/src/domains/messages/model.js';
import { benchCompany, benchSandbox, log, runBench, startBenchApp } from './app.js';

const MESSAGES = Number(process.env.BENCH_REPLAY_MESSAGES ?? 5_000);
const CUSTOMERS = Number(process.env.BENCH_REPLAY_CUSTOMERS ?? 500);
const REPEAT = Number(process.env.BENCH_REPLAY_REPEAT ?? Math.round(MESSAGES / 10));
/** Customers' messages posted to the sandbox at the same time while it is offline. */
const INJECTORS = 8;

async function main(): Promise<void> {
  // Retried sends go out soon after the phone is back.
  const bench = await startBenchApp({ ATENDE_JOBS_PROCESS_EVERY: '200' });
  const { call } = bench;
  try {
    const { adminToken, companyId } = await benchCompany(bench);
    const whatsappId = await benchSandbox(bench, adminToken, 'Replay phone');
    await call('PUT', `/whatsapp/${whatsappId}`, adminToken, { greetingMessage: 'Hello! We are back.' });
    await call('POST', `/sandbox/${whatsappId}/connectivity`, adminToken, { online: false });

    log(`holding ${MESSAGES} messages from ${CUSTOMERS} customers while the phone is offline...`);
    const holdStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: INJECTORS }, async () => {
        for (let i = next++; i < MESSAGES; i = next++) {
          const customer = i % CUSTOMERS;
          await call('POST', `/sandbox/${whatsappId}/messages`, adminToken, { from: `5531${String(900000000 + customer)}`, name: `Customer ${customer}`, body: `message ${i}` });
        }
      }),
    );
    const holdSeconds = (performance.now() - holdStarted) / 1000;

    log(`phone back online: replaying (${REPEAT} repeated, shuffled)...`);
    const replayStarted = performance.now();
    const back = await call('POST', `/sandbox/${whatsappId}/connectivity`, adminToken, { online: true, replay: { repeat: REPEAT, shuffle: true } });
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    const stored = await MessageModel.countDocuments({ companyId: new Types.ObjectId(companyId), whatsappId: new Types.ObjectId(whatsappId), fromMe: false });
    const health = await call('GET', `/whatsapp/${whatsappId}/health`, adminToken);

    process.stdout.write(
      `${JSON.stringify(
        {
          engine: bench.engineName,
          held: MESSAGES,
          customers: CUSTOMERS,
          deliveries: MESSAGES + REPEAT,
          stored,
          recovered: health.recovered,
          stillQueued: back.queued,
          holdSeconds: Math.round(holdSeconds * 10) / 10,
          replaySeconds: Math.round(replaySeconds * 10) / 10,
          recoveredPerSecond: Math.round((health.recovered / replaySeconds) * 10) / 10,
        },
        null,
        2,
      )}\n`,
    );
    if (stored !== MESSAGES || health.recovered !== MESSAGES) throw new Error(`${MESSAGES} messages were held, ${stored} stored, ${health.recovered} recovered`);
  } finally {
    await bench.stop();
  }
}

runBench(main);
