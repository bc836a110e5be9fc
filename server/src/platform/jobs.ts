/**
 * Agenda on the application's own database connection (collection `agendaJobs`). Domains define
 * their jobs through `JobRunner`; locking makes them safe on several nodes.
 */
import { Agenda, type Job } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import mongoose from 'mongoose';
import type { Logger } from './logger.js';

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;

export interface JobRunner {
  /** Every job is defined before start(): Agenda only processes the names it knew when it started. */
  define<T>(name: string, handler: JobHandler<T>): void;
  start(): Promise<void>;
  now<T extends object>(name: string, data: T): Promise<void>;
  schedule<T extends object>(when: Date, name: string, data: T): Promise<void>;
  /** Removes the jobs of that name whose data equals `data` (not yet run). */
  cancel<T extends object>(name: string, data: T): Promise<void>;
  /** A recurring job (one run at a time across nodes, by Agenda's lock). */
  every(intervalMs: number, name: string): Promise<void>;
  stop(): Promise<void>;
}

/** processEvery in milliseconds (Agenda's human-interval reads "200 milliseconds" as 200 s). */
export function createJobs(logger: Logger, processEvery: number, lockLifetime: number): JobRunner {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the database must be connected before the jobs are created');
  // Finished one-off jobs go: Agenda's polling reads its whole collection on the embedded engine.
  const agenda = new Agenda({ backend: new MongoBackend({ mongo: db }), processEvery, removeOnComplete: true });
  agenda.on('fail', (err: Error, job: Job) => logger.error({ err, job: job.attrs.name }, 'job failed'));
  // Its polls fail while the database is away (it polls again once it is back); other errors say what they are.
  agenda.on('error', (err: Error) => logger.warn({ err }, 'job runner error'));
  return {
    async start() {
      await agenda.start();
    },
    define(name, handler) {
      // Agenda watches a running job every lockLifetime/2 and keeps that timer until it fires:
      // a short lock keeps both the takeover of a dead node's job and the shutdown quick.
      agenda.define(
        name,
        async (job: Job<never>) => {
          // A job still running when its lock expires is cancelled and may be taken again:
          // keep the lock fresh while the handler works (a slow send, a long campaign run).
          const keepAlive = setInterval(() => void job.touch().catch(() => undefined), Math.max(200, lockLifetime / 3));
          try {
            await handler(job.attrs.data, job);
          } finally {
            clearInterval(keepAlive);
          }
        },
        { lockLifetime },
      );
    },
    async now(name, data) {
      await agenda.now(name, data);
    },
    async schedule(when, name, data) {
      await agenda.schedule(when, name, data);
    },
    async cancel(name, data) {
      await agenda.cancel({ name, data });
    },
    async every(intervalMs, name) {
      await agenda.every(intervalMs, name);
    },
    async stop() {
      await agenda.stop(false);
    },
  };
}
