// Process helpers for engine lifecycle tests (Linux: reads /proc).

import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { MongoClient } from 'mongodb';

/** True if pid is a live process; zombies (exited, not yet reaped) count as gone. */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Format: "pid (comm) state ...": comm may contain spaces, so read after the last ')'.
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** Polls until the process is gone; false if it still runs after timeoutMs. */
export async function waitUntilGone(pid: number, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await delay(25);
  }
  return true;
}

export async function pings(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 2_000 });
  try {
    const reply = await client.db('admin').command({ ping: 1 });
    return reply.ok === 1;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}
