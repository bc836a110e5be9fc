/**
 * Runs the real `atende` binary (the bundle, as users run it) with a config dir of its own:
 * once to completion, in the background (connections qr), or in a pseudo-terminal driven like a
 * person at the keyboard (util-linux `script`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Session } from '@atende/shared/client';
import { writeSavedSession } from '@atende/shared/node';
import { freePort } from '../../../scripts/testing/server.js';

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/atende.mjs');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export type Env = Record<string, string>;

/** A fresh config dir (no session) in English; never the developer's own settings. */
export async function cliEnv(extra: Env = {}): Promise<Env> {
  const inherited = { ...process.env } as Env;
  for (const name of ['ATENDE_SERVER', 'ATENDE_TOKEN', 'ATENDE_EMAIL', 'ATENDE_PASSWORD', 'ATENDE_DATA_DIR', 'LANG', 'LC_ALL']) delete inherited[name];
  const configDir = await mkdtemp(path.join(tmpdir(), 'atende-cli-'));
  return { ...inherited, ATENDE_CONFIG_DIR: configDir, ATENDE_LANGUAGE: 'en', NO_COLOR: '1', ...extra };
}

export function cli(args: string[], env: Env): Promise<Run> {
  return background(args, env).exit;
}

export interface Background {
  output(): string;
  /** Resolves once stdout holds the text (or matches). */
  waitFor(expected: string | RegExp, ms?: number): Promise<void>;
  exit: Promise<Run>;
}

export function background(args: string[], env: Env): Background {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
  return { output: () => stdout, waitFor: (expected, ms) => waitForText(() => stdout, expected, ms, () => stderr).catch(stop(child)), exit };
}

/** A failed wait ends the program waited on, so that no test leaves it running. */
function stop(child: ChildProcess) {
  return (error: unknown): never => {
    child.kill();
    throw error;
  };
}

async function waitForText(read: () => string, expected: string | RegExp, ms = 10_000, context: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + ms;
  const found = () => (typeof expected === 'string' ? read().includes(expected) : expected.test(read()));
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`not seen in ${ms} ms: ${String(expected)}\n--- output ---\n${read()}\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Terminal {
  /** Everything shown so far, without colours and cursor moves. */
  screen(): string;
  /** Everything the terminal was given, control sequences included. */
  raw(): string;
  waitFor(expected: string | RegExp, ms?: number): Promise<void>;
  type(keys: string): void;
  exit: Promise<number>;
}

/** The binary in a pseudo-terminal (`script`), so that it sees a TTY on both ends and prompts. */
export function terminal(args: string[], env: Env): Terminal {
  const command = [process.execPath, BIN, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...env, TERM: 'xterm', COLUMNS: '120', LINES: '40' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let raw = '';
  child.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  // Control sequences (cursor moves, colours, charset selections) are left out of the screen.
  const screen = () => raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\x1b[()][A-Z0-9]/g, '').replace(/\r/g, '');
  return {
    screen,
    raw: () => raw,
    waitFor: (expected, ms) => waitForText(screen, expected, ms).catch(stop(child)),
    type: (keys) => child.stdin.write(keys),
    exit: new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1))),
  };
}

/** A config dir with a saved session (as `atende login` leaves it) for the given server. */
export async function sessionEnv(server: string, session: Session): Promise<Env> {
  const env = await cliEnv();
  writeSavedSession({ server, ...session }, path.join(env.ATENDE_CONFIG_DIR!, 'session.json'));
  return env;
}

/** A config dir whose saved session points at a port where nothing listens: every call is a network failure. */
export async function unreachableEnv(): Promise<Env> {
  const env = await cliEnv();
  const server = `http://127.0.0.1:${await freePort()}`;
  const user = { id: 'u1', name: 'Nobody', email: 'nobody@atende.test', profile: 'admin' as const, super: true, companyId: 'c1', queueIds: [], whatsappId: null, allTicket: 'enabled' as const, language: null, online: false, createdAt: '', updatedAt: '' };
  writeSavedSession({ server, token: 'unused', user }, path.join(env.ATENDE_CONFIG_DIR!, 'session.json'));
  return env;
}

export function parse<T = any>(run: Run): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}
