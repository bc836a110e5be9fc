/**
 * `npm run bench:engine -- <label>=<ferretdb binary>[,VAR=value...] ...`: FerretDB's CPU for the
 * admin's open ticket list, a figure that survives a loaded machine. A company (20k tickets, 200k
 * messages by default; BENCH_TICKETS / BENCH_MESSAGES) is seeded once on the embedded engine; the
 * database commands of one GET /tickets?status=open&showAll=true are recorded, then replayed
 * ENGINE_CPU_CALLS (440) times on a FerretDB of each variant, started on the same PostgreSQL, and
 * the ticks (utime + stime of /proc/<pid>/stat) it spent are counted. Variants run in turns,
 * ENGINE_CPU_ROUNDS (2) times, so that a change in the machine's load falls on all of them.
 * Each variant names a binary and Go runtime settings, e.g.
 *   base=/tmp/ferretdb-1.24.2 patched=.cache/ferretdb-bin/ferretdb,GOGC=400
 * Without variants: the binary the server builds, with the GOGC the server gives it by default.
 * ENGINE_CPU_PROFILE=<seconds> also takes a CPU profile of each variant's first round (pprof files
 * under the temp dir; `go tool pprof -top <binary> <file>` reads them).
 * Prints JSON: the documents one list call reads, ticks per variant and round, CPU ms per call (at
 * 100 ticks a second, from the round with the fewest), peak RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { MongoClient, type Document } from 'mongodb';
import { BENCH_PASSWORD, benchCompany, benchSandbox, log, runBench, startBenchApp } from './app.js';
import { seedCompanyHistory } from './seed.js';
import { recordCommands } from '../../server/src/platform/database/commandLog.js';
import { ensureFerretdb } from '../../server/src/platform/database/engine/ferretdbBuild.js';
import { DEFAULT_GOGC } from '../../server/src/platform/database/engine/ferretdb.js';
import { pickFreePort } from '../../server/src/platform/database/engine/processes.js';
import { analyzeFerretdbTables } from '../../server/src/platform/database/tuning.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 20_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const CALLS = Number(process.env.ENGINE_CPU_CALLS ?? 440);
const ROUNDS = Number(process.env.ENGINE_CPU_ROUNDS ?? 2);
const PROFILE_SECONDS = Number(process.env.ENGINE_CPU_PROFILE ?? 0);

interface Variant {
  label: string;
  binary: string;
  goRuntime: Record<string, string>;
}

async function variantsFromArgs(): Promise<Variant[]> {
  const args = process.argv.slice(2).filter((arg) => arg.includes('='));
  if (args.length === 0) return [{ label: 'server', binary: await ensureFerretdb({ log }), goRuntime: { GOGC: String(DEFAULT_GOGC) } }];
  return args.map((arg) => {
    const [label, rest] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
    const [binary, ...settings] = rest.split(',');
    return { label, binary: path.resolve(binary!), goRuntime: Object.fromEntries(settings.map((s) => s.split('=') as [string, string])) };
  });
}

/** utime + stime of a process, in clock ticks. */
async function ticksOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function rssMbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
}

/** A FerretDB of the variant on the bench's PostgreSQL, with pprof on a port of its own. */
async function startVariant(variant: Variant, postgresUrl: string, stateDir: string) {
  const [port, debugPort] = [await pickFreePort(), await pickFreePort()];
  const backend = new URL(postgresUrl);
  const clientUri = `mongodb://${backend.username}:${backend.password}@127.0.0.1:${port}/?authMechanism=PLAIN&directConnection=true`;
  backend.username = '';
  backend.password = '';
  backend.searchParams.set('pool_max_conns', '40');
  const child = spawn(
    variant.binary,
    ['--handler=postgresql', `--postgresql-url=${backend}`, `--state-dir=${stateDir}`, `--listen-addr=127.0.0.1:${port}`, `--debug-addr=127.0.0.1:${debugPort}`, '--telemetry=disable', '--log-level=error'],
    { stdio: 'ignore', env: { ...process.env, ...variant.goRuntime } },
  );
  const client = new MongoClient(clientUri, { serverSelectionTimeoutMS: 20_000 });
  await client.connect();
  return {
    pid: child.pid!,
    client,
    debugUrl: `http://127.0.0.1:${debugPort}`,
    async stop() {
      await client.close();
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The commands as a client sends them, without the recording session's fields. */
function replayable(command: Document): Document {
  const { lsid: _lsid, $clusterTime: _time, $db: _db, txnNumber: _txn, $readPreference: _pref, ...rest } = command;
  return rest;
}

async function main(): Promise<void> {
  const variants = await variantsFromArgs();
  const bench = await startBenchApp();
  try {
    if (!bench.postgresUrl) throw new Error('bench:engine measures the embedded engine: unset MONGODB_URI');
    const { adminToken, companyId } = await benchCompany(bench);
    const queueIds: string[] = [];
    for (let i = 0; i < 5; i += 1) queueIds.push((await bench.call('POST', '/queue', adminToken, { name: `Queue ${i}`, color: `#10${i}0${i}0`, greetingMessage: 'Hi' })).id);
    const whatsappId = await benchSandbox(bench, adminToken, 'Bench phone');
    const agent = await bench.call('POST', '/users', adminToken, { name: 'Agent', email: 'agent@bench.co', password: BENCH_PASSWORD, profile: 'user', queueIds });
    log(`seeding ${TICKETS} tickets and ${MESSAGES} messages...`);
    await seedCompanyHistory(mongoose.connection.db!, { companyId, whatsappId, queueIds, userIds: [agent.id], tickets: TICKETS, messages: MESSAGES, log });
    await analyzeFerretdbTables(bench.postgresUrl, bench.databaseName);

    const recorded = recordCommands();
    await bench.call('GET', '/tickets?status=open&showAll=true', adminToken);
    recorded.stop();
    const commands = recorded.commands.map((event) => ({ db: event.databaseName, command: replayable(event.command) }));
    log(`one list call: ${commands.map((c) => Object.keys(c.command)[0]).join(', ')}`);

    const stateRoot = await mkdtemp(path.join(tmpdir(), 'atende-engine-cpu-'));
    const results: Record<string, { ticks: number[]; rssMb: number }> = {};
    let documentsPerCall = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of variants) {
        const engine = await startVariant(variant, bench.postgresUrl, path.join(stateRoot, `${variant.label}-${round}`));
        try {
          const call = () => Promise.all(commands.map(({ db, command }) => engine.client.db(db).command(command)));
          for (let n = 0; n < 20; n += 1) await call(); // warm: connections, metadata, plans
          documentsPerCall = (await call()).reduce((sum, reply) => sum + ((reply.cursor as { firstBatch?: unknown[] } | undefined)?.firstBatch?.length ?? 0), 0);
          const before = await ticksOf(engine.pid);
          for (let n = 0; n < CALLS; n += 1) await call();
          const ticks = (await ticksOf(engine.pid)) - before;
          const entry = (results[variant.label] ??= { ticks: [], rssMb: 0 });
          entry.ticks.push(ticks);
          entry.rssMb = Math.max(entry.rssMb, await rssMbOf(engine.pid));
          log(`${variant.label} round ${round + 1}: ${ticks} ticks for ${CALLS} calls`);
          if (round === 0 && PROFILE_SECONDS > 0) await profile(engine, variant, call, stateRoot);
        } finally {
          await engine.stop();
        }
      }
    }
    const summary = Object.fromEntries(
      Object.entries(results).map(([label, { ticks, rssMb }]) => [label, { ticks, msPerCall: Math.round(((Math.min(...ticks) * 10) / CALLS) * 100) / 100, peakRssMb: rssMb }]),
    );
    if (PROFILE_SECONDS === 0) await rm(stateRoot, { recursive: true, force: true });
    process.stdout.write(`${JSON.stringify({ seeded: { tickets: TICKETS, messages: MESSAGES }, calls: CALLS, commandsPerCall: commands.length, documentsPerCall, variants: summary }, null, 2)}\n`);
  } finally {
    await bench.stop();
  }
}

/** A CPU profile of the variant while it serves list calls. */
async function profile(engine: Awaited<ReturnType<typeof startVariant>>, variant: Variant, call: () => Promise<unknown>, dir: string): Promise<void> {
  let done = false;
  const pprof = fetch(`${engine.debugUrl}/debug/pprof/profile?seconds=${PROFILE_SECONDS}`).then(async (response) => Buffer.from(await response.arrayBuffer()));
  void pprof.finally(() => (done = true));
  while (!done) await call();
  const file = path.join(dir, `${variant.label}.pprof`);
  await writeFile(file, await pprof);
  log(`${variant.label}: profile in ${file}`);
}

runBench(main);
