/** What the benchmarks measure with: latency series, request loops, memory of the processes, command counts. */
import { readFile, readdir } from 'node:fs/promises';
import { recordCommands } from '../../server/src/platform/database/commandLog.js';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** A figure beside its goal (issue 31's goals), e.g. "14.2 ms (goal <= 15 ms: met)". */
export function besideGoal(value: number, goal: { atMost: number } | { atLeast: number }, unit = ''): string {
  const [sign, limit, met] = 'atMost' in goal ? ['<=', goal.atMost, value <= goal.atMost] : ['>=', goal.atLeast, value >= goal.atLeast];
  const withUnit = (figure: number) => (unit ? `${figure} ${unit}` : String(figure));
  return `${withUnit(value)} (goal ${sign} ${withUnit(limit)}: ${met ? 'met' : 'not met'})`;
}

export interface Timing {
  calls: number;
  p50: number;
  p95: number;
}

/** Times `call` up to `runs` times, stopping after `budgetMs` on a slow engine (at least 5 calls). */
export async function timeCalls(call: (n: number) => Promise<unknown>, runs = 100, budgetMs = 20_000): Promise<Timing> {
  const times: number[] = [];
  const began = performance.now();
  while (times.length < runs && (times.length < 5 || performance.now() - began < budgetMs)) {
    const started = performance.now();
    await call(times.length);
    times.push(performance.now() - started);
  }
  return { calls: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** `clients` loops calling `call` for `seconds`: requests per second and latency. */
export async function concurrentCalls(clients: number, seconds: number, call: () => Promise<unknown>): Promise<{ clients: number; seconds: number; requests: number; rps: number; p95: number }> {
  const times: number[] = [];
  const began = performance.now();
  const deadline = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  return { clients, seconds, requests: times.length, rps: Math.round((times.length / elapsed) * 10) / 10, p95: percentile(times, 95) };
}

/** Proportional set size (shared pages split among their users) of a process, in kB; 0 once gone. */
async function pssKb(pid: number): Promise<number> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
}

/** The pids of a process's children (PostgreSQL's backends and workers). */
async function childrenOf(parent: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent pid is the second field after the command name, which is in parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) children.push(Number(entry));
  }
  return children;
}

/** Peak memory of this process (the server, with the bench's clients) and of the engine's processes, sampled until stopped. */
export function sampleMemory(enginePids: () => { ferretdb: number; postgres: number } | null, everyMs = 1_000): { stop(): Promise<{ serverMb: number; engineMb: number | null }> } {
  let serverPeak = process.memoryUsage().rss;
  let enginePeak = 0;
  let sampling: Promise<void> = Promise.resolve();
  const sample = async () => {
    serverPeak = Math.max(serverPeak, process.memoryUsage().rss);
    const pids = enginePids();
    if (!pids) return;
    const all = [pids.ferretdb, pids.postgres, ...(await childrenOf(pids.postgres))];
    const kb = (await Promise.all(all.map(pssKb))).reduce((sum, each) => sum + each, 0);
    enginePeak = Math.max(enginePeak, kb * 1024);
  };
  const timer = setInterval(() => {
    sampling = sampling.then(sample);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling.then(sample);
      const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
      return { serverMb: mb(serverPeak), engineMb: enginePids() ? mb(enginePeak) : null };
    },
  };
}

/** Database commands per operation: runs `operation` `times` times and counts what the driver sent, by command, and the documents read answered. */
export async function commandsPer(times: number, operation: (n: number) => Promise<unknown>): Promise<{ perOperation: number; documentsRead: number; byCommand: Record<string, number> }> {
  const log = recordCommands();
  try {
    for (let n = 0; n < times; n += 1) await operation(n);
    const byCommand: Record<string, number> = {};
    for (const event of log.commands) byCommand[event.commandName] = (byCommand[event.commandName] ?? 0) + 1;
    for (const name of Object.keys(byCommand)) byCommand[name] = Math.round((byCommand[name]! / times) * 10) / 10;
    return { perOperation: Math.round((log.commands.length / times) * 10) / 10, documentsRead: Math.round((log.documentsRead() / times) * 10) / 10, byCommand };
  } finally {
    log.stop();
  }
}
