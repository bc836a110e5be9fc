/**
 * Cold start of the built inbox: the time from spawning `atende-inbox` in a pseudo-terminal
 * (util-linux `script`) until its first frame is printed, with no session (the sign-in screen)
 * and with a saved one (the inbox shell). No server is needed: the first frame never waits for it.
 * Usage: node scripts/first-frame.mjs [runs]   (after npm run build -w tui)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/atende-inbox.mjs', import.meta.url));
const SERVER = 'http://127.0.0.1:9';
const FRAME = '╭';
const DEADLINE_MS = 10_000;
const runs = Number(process.argv[2] ?? 7);

function firstFrame(configDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('script', ['-qfec', `${process.execPath} ${BIN} --server ${SERVER}`, '/dev/null'], {
      env: { ...process.env, ATENDE_CONFIG_DIR: configDir, COLUMNS: '120', LINES: '32' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no frame within ${DEADLINE_MS} ms:\n${output}`));
    }, DEADLINE_MS);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (!output.includes(FRAME)) return;
      const elapsed = performance.now() - started;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(elapsed);
    });
  });
}

function savedSession(configDir) {
  const user = { id: 'u1', name: 'Ana', email: 'ana@example.com', profile: 'user', super: false, companyId: 'c1', queueIds: [], whatsappId: null, allTicket: 'desabled', language: 'en', online: true, createdAt: '', updatedAt: '' };
  writeFileSync(path.join(configDir, 'session.json'), JSON.stringify({ server: SERVER, token: 'a.b.c', user }), { mode: 0o600 });
}

async function measure(label, prepare) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const configDir = mkdtempSync(path.join(tmpdir(), 'atende-first-frame-'));
    try {
      prepare(configDir);
      times.push(await firstFrame(configDir));
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`first frame, ${label}: median ${median.toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms (${runs} runs)`);
}

await measure('sign-in screen', () => undefined);
await measure('saved session', savedSession);
