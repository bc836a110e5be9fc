/**
 * Work that must not hold the event loop (reading a file a user sent) runs in a worker thread of
 * its own, with a ceiling on its memory and its time: going over either ends that worker only,
 * and all it held is released with it (a worker per job, never reused). One job at a time per key
 * (a company: one tenant cannot take every worker) and at most ISOLATED_MAX at once in the process,
 * so that a core stays free for the requests. The worker module is loaded through tsx, as the
 * server itself is (`node --import tsx`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { keyedSerial } from './database/serial.js';

/** Jobs in their own worker at once, over all keys. */
export const ISOLATED_MAX = 2;

export class IsolatedLimit extends Error {
  constructor(
    readonly limit: 'memory' | 'time',
    readonly max: number,
  ) {
    super(limit === 'memory' ? `more than ${max} MB of memory` : `more than ${max} ms`);
  }
}

export interface IsolatedOptions {
  /** Jobs of one key run one after another. */
  key: string;
  memoryMb: number;
  timeMs: number;
}

const perKey = keyedSerial();
const waiting: (() => void)[] = [];
let running = 0;

async function slot(): Promise<() => void> {
  if (running >= ISOLATED_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** tsx's ES module API (its `import` export: a CommonJS require finds the other one). */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}

const TSX_API = tsxApi();

function runWorker<T>(moduleUrl: URL, data: unknown, options: IsolatedOptions): Promise<T> {
  // A script worker that loads the module through tsx (execArgv's loader does not reach workers on Node 20).
  const boot = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(moduleUrl.href)}))`;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(boot, {
      eval: true,
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: Math.min(32, options.memoryMb / 4), stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new IsolatedLimit('time', options.timeMs))), options.timeMs);
    worker.once('message', (answer: T) => finish(() => resolve(answer)));
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new IsolatedLimit('memory', options.memoryMb) : err)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`worker exited with code ${code} without an answer`))));
  });
}

/** Runs the worker module with `data` (its workerData) and answers the first message it posts. */
export function runIsolated<T>(moduleUrl: URL, data: unknown, options: IsolatedOptions): Promise<T> {
  return perKey.run(options.key, async () => {
    const release = await slot();
    try {
      return await runWorker<T>(moduleUrl, data, options);
    } finally {
      release();
    }
  });
}
