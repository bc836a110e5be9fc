/**
 * Keeps one of the engine's programs running: when it dies (a crash, the OOM killer, kill -9) that
 * is logged and it is started again on the same port, where its clients (FerretDB's pool, the
 * server's driver) reconnect by themselves. Restarts that fail are retried after a growing pause.
 */
import type { EngineLogger } from './processes.js';

export interface EngineProcess {
  port: number;
  pid: number;
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface Supervised<P extends EngineProcess> {
  /** The running process; null while it is being restarted. */
  current(): P | null;
  /** No more restarts; stops the running process (or the one a restart under way brings up). */
  stop(): Promise<void>;
}

const MAX_PAUSE_MS = 30_000;

export function restartPauseMs(attempt: number, firstMs: number): number {
  return Math.min(MAX_PAUSE_MS, firstMs * 2 ** (attempt - 1));
}

export function supervise<P extends EngineProcess>(
  name: string,
  first: P,
  restart: (port: number) => Promise<P>,
  logger: EngineLogger,
  hooks: {
    /** false when another engine took the data dir over (it stopped ours): then nothing is restarted. */
    stillOurs(dead: P): Promise<boolean>;
    restarted(next: P): Promise<void>;
  },
  firstPauseMs = 250,
): Supervised<P> {
  let running: P | null = first;
  let stopped = false;
  let recovery: Promise<void> = Promise.resolve();
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  async function recover(dead: P, status: string): Promise<void> {
    logger.error(`${name} (pid ${dead.pid}) died (${status}): restarting it on port ${dead.port}`);
    for (let attempt = 1; !stopped; attempt++) {
      await pause(restartPauseMs(attempt, firstPauseMs));
      if (stopped) return;
      if (!(await hooks.stillOurs(dead))) {
        logger.warn(`${name}: another engine serves this data dir now; not restarting`);
        return;
      }
      let next: P;
      try {
        next = await restart(dead.port);
      } catch (err) {
        logger.error(`${name}: restart attempt ${attempt} failed: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      if (stopped) return next.stop();
      // Running once its clients are ready for it (the hook), not before.
      await hooks.restarted(next).catch((err: unknown) => logger.warn(`${name}: ${err instanceof Error ? err.message : String(err)}`));
      running = next;
      logger.warn(`${name} restarted (pid ${next.pid}) after ${attempt} attempt(s)`);
      watch(next);
      return;
    }
  }

  function watch(child: P): void {
    void child.exited.then((status) => {
      if (stopped || running !== child) return;
      running = null;
      recovery = recover(child, status);
    });
  }
  watch(first);

  return {
    current: () => running,
    async stop() {
      stopped = true;
      wake?.();
      await recovery;
      await running?.stop();
    },
  };
}
