/**
 * atende db status|seed-demo|migrate. status: what /api/health says of the database, plus the
 * embedded engine recorded in `<data dir>/engine/engine.json` (FerretDB and PostgreSQL pids and
 * ports, start) and whether they run.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { HealthAnswer } from '@atende/shared';
import { serverOf, sessionClient } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { isApiError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { details, emit } from '../support/output.js';
import { dbMigrate } from './dbMigrate.js';
import { seedDemo } from './seedDemo.js';

interface EngineRecord {
  file: string;
  pid: number;
  port: number;
  postgresPid: number | null;
  postgresPort: number | null;
  startedAt: string;
  running: boolean;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function engineRecord(dataDir: string): Promise<EngineRecord | null> {
  const file = join(dataDir, 'engine', 'engine.json');
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Partial<EngineRecord>;
    if (!Number.isInteger(record.pid) || record.pid! <= 0) return null;
    return {
      file,
      pid: record.pid!,
      port: record.port ?? 0,
      postgresPid: record.postgresPid ?? null,
      postgresPort: record.postgresPort ?? null,
      startedAt: record.startedAt ?? '',
      running: running(record.pid!),
    };
  } catch {
    return null;
  }
}

/** The health answer; a 503 still carries it (database not connected). */
async function health(ctx: Context, server: string): Promise<HealthAnswer> {
  try {
    return await (await sessionClient(ctx, server)).api.health();
  } catch (error) {
    if (isApiError(error) && error.status === 503 && typeof error.data.database === 'object') return error.data as unknown as HealthAnswer;
    throw error;
  }
}

function duration(seconds: number): string {
  const parts = [Math.floor(seconds / 86_400), Math.floor((seconds % 86_400) / 3_600), Math.floor((seconds % 3_600) / 60), seconds % 60];
  return parts.map((value, index) => `${value}${'dhms'[index]}`).filter((part, index) => index === 3 || !part.startsWith('0')).join(' ');
}

async function status(ctx: Context, options: { dataDir?: string }): Promise<void> {
  const { t } = ctx;
  const dataDir = resolve(options.dataDir ?? (ctx.env.ATENDE_DATA_DIR || 'data'));
  const engine = await engineRecord(dataDir);
  const server = serverOf(ctx);
  let answer: HealthAnswer | null = null;
  let failure: unknown = null;
  if (server) answer = await health(ctx, server).catch((error: unknown) => ((failure = error), null));
  emit(ctx, { server: server ?? null, health: answer, dataDir, engine }, () =>
    details([
      [t('session.server'), server ?? t('db.noServer')],
      [t('common.status'), answer?.status],
      [t('db.version'), answer?.version],
      [t('db.database'), answer ? `${t(`db.engines.${answer.database.engine}`)}, ${answer.database.state}` : null],
      [t('db.uptime'), answer ? duration(answer.uptimeSeconds) : null],
      [t('db.dataDir'), dataDir],
      [t('db.engineFile'), engine ? engine.file : t('db.noEngineFile')],
      [t('db.enginePid'), engine ? `${engine.pid} (${engine.running ? t('db.running') : t('db.notRunning')})` : null],
      [t('db.enginePort'), engine?.port],
      [t('db.postgresPid'), engine?.postgresPid ? `${engine.postgresPid} (${running(engine.postgresPid) ? t('db.running') : t('db.notRunning')})` : null],
      [t('db.postgresPort'), engine?.postgresPort],
      [t('db.engineStarted'), engine?.startedAt],
    ]),
  );
  // What could be learnt is shown; the failure still decides the exit code.
  if (failure) throw failure;
}

export function dbCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const db = program.command('db').description(t('db.description'));
  db.command('status')
    .description(t('db.statusDescription'))
    .option('--data-dir <dir>', t('db.dataDirOption'))
    .addHelpText('after', examples(texts, ['atende db status', 'atende db status --data-dir /var/lib/atende --json']))
    .action(action(texts, status));
  db.command('seed-demo')
    .description(t('db.seedDescription'))
    .addHelpText('after', examples(texts, ['atende login --server http://127.0.0.1:8080 --email admin@example.com', 'atende db seed-demo']))
    .action(action(texts, seedDemo));
  db.command('migrate')
    .description(t('db.migrateDescription'))
    .option('--data-dir <dir>', t('db.dataDirOption'))
    .addHelpText('after', examples(texts, ['atende db migrate', 'atende db migrate --data-dir /var/lib/atende --json']))
    .action(action(texts, dbMigrate));
}
