/** engine.json: which processes serve a data dir, so that a crashed run's leftovers can be stopped. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface EngineRecord {
  /** FerretDB's pid and port. */
  pid: number;
  port: number;
  postgresPid?: number;
  postgresPort?: number;
  startedAt: string;
}

function recordPath(dir: string): string {
  return join(dir, 'engine.json');
}

/** What engine.json in `dir` says, or undefined. */
export async function readRecordAt(dir: string): Promise<EngineRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(recordPath(dir), 'utf8')) as Partial<EngineRecord>;
    return Number.isInteger(record.pid) && record.pid! > 0 ? (record as EngineRecord) : undefined;
  } catch {
    return undefined; // missing or unreadable: nothing to stop
  }
}

export async function writeRecordAt(dir: string, record: EngineRecord): Promise<void> {
  await writeFile(recordPath(dir), `${JSON.stringify(record)}\n`);
}

export async function removeRecordAt(dir: string): Promise<void> {
  await rm(recordPath(dir), { force: true });
}
