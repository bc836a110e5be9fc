/**
 * `npm run test:workspaces`: every workspace's tests, in two lanes that run side by side and take
 * about as long — the server's and the CLI's suites in one, the web console's and the terminal
 * inbox's in the other. Most of a suite's time is
 * spent waiting (servers starting, engines restarting after kill -9, a browser rendering), so two
 * lanes finish in little more than the longer one on two cores. Each workspace's output is kept and
 * printed whole when it ends, so the reports never interleave; a line each minute says what runs.
 *
 * `ATENDE_TEST_LANES=1` runs everything one after another, as before.
 */
import { spawn } from 'node:child_process';

const LANES: string[][] = process.env.ATENDE_TEST_LANES === '1' ? [['shared', 'server', 'web', 'tui', 'cli']] : [['shared', 'server', 'cli'], ['web', 'tui']];
const HEARTBEAT_MS = 60_000;

interface Running {
  workspace: string;
  started: number;
  output: Buffer[];
}

const running = new Set<Running>();
const failed: string[] = [];
const started = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)}s`;
/** The tests a workspace's reporter has marked passed so far (mocha's spec reporter: ✔). */
const passedSoFar = (run: Running) => Buffer.concat(run.output).toString('utf8').split('✔').length - 1;

function runWorkspace(workspace: string): Promise<void> {
  const run: Running = { workspace, started: Date.now(), output: [] };
  running.add(run);
  process.stdout.write(`▶ ${workspace}: started\n`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['test', '--workspace', workspace], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => run.output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => run.output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(run);
      const ok = code === 0;
      if (!ok) failed.push(workspace);
      process.stdout.write(`\n━━━ ${workspace} (${seconds(run.started)}) ━━━\n`);
      process.stdout.write(Buffer.concat(run.output));
      process.stdout.write(`━━━ ${workspace}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(run.started)} ━━━\n`);
      resolve();
    });
  });
}

async function runLane(workspaces: string[]): Promise<void> {
  for (const workspace of workspaces) await runWorkspace(workspace);
}

const heartbeat = setInterval(() => {
  const states = [...running].map((run) => `${run.workspace} ${seconds(run.started)}, ${passedSoFar(run)} passed`);
  process.stdout.write(`… ${seconds(started)}: ${states.join('; ')}\n`);
}, HEARTBEAT_MS);

await Promise.all(LANES.map(runLane));
clearInterval(heartbeat);
process.stdout.write(failed.length === 0 ? `\nall workspaces passed in ${seconds(started)}\n` : `\nfailed: ${failed.join(', ')} (after ${seconds(started)})\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
