/**
 * Who runs the embedded PostgreSQL. It refuses to run as root, so a root process (containers, CI)
 * runs it as the system user `postgres`, created when missing, and makes its data dir (and the
 * folders above it and above the binaries) reachable by that user. Other users run it as themselves.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { EngineLogger } from './processes.js';

const run = promisify(execFile);
const SYSTEM_USER = 'postgres';

export interface ProcessIdentity {
  uid?: number;
  gid?: number;
}

export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

async function ids(name: string): Promise<ProcessIdentity | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/** The identity PostgreSQL's programs are spawned with ({} when we are not root). */
export async function postgresIdentity(logger: EngineLogger): Promise<ProcessIdentity> {
  if (!runningAsRoot()) return {};
  const existing = await ids(SYSTEM_USER);
  if (existing) return existing;
  logger.info(`PostgreSQL cannot run as root: creating the system user "${SYSTEM_USER}" to run it`);
  try {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER]);
  } catch (error) {
    throw new Error(
      `PostgreSQL cannot run as root and the user "${SYSTEM_USER}" could not be created (${(error as Error).message.trim()}). ` +
        `Create it (useradd --system ${SYSTEM_USER}), run Atende as another user, or set MONGODB_URI.`,
    );
  }
  const created = await ids(SYSTEM_USER);
  if (!created) throw new Error(`the user "${SYSTEM_USER}" was created but its id cannot be read`);
  return created;
}

/** Gives a folder to PostgreSQL's user (no-op when it is us). */
export async function handOver(dir: string, identity: ProcessIdentity): Promise<void> {
  if (identity.uid === undefined || identity.gid === undefined) return;
  await chown(dir, identity.uid, identity.gid);
}

/**
 * Lets PostgreSQL's user walk down to `path`: every folder above it that others cannot enter gets
 * the "enter" bit (not "list"). Only as root, and said in the log once per folder.
 */
export async function makeReachable(path: string, identity: ProcessIdentity, logger: EngineLogger): Promise<void> {
  if (identity.uid === undefined) return;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const info = await stat(dir);
    if (info.uid !== identity.uid && (info.mode & 0o001) === 0) {
      await chmod(dir, (info.mode & 0o7777) | 0o001);
      logger.warn(`made ${dir} enterable by others (o+x) so that PostgreSQL, run as "${SYSTEM_USER}", reaches ${path}`);
    }
    if (dir === dirname(dir)) return;
  }
}
