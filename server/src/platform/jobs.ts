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
  define<T>(name: string, handler: JobHandler<T>): void;
  now<T extends object>(name: string, data: T): Promise<void>;
  schedule<T extends object>(when: Date, name: string, data: T): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobs(logger: Logger, processEvery: string): Promise<JobRunner> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the database must be connected before the jobs start');
  const agenda = new Agenda({ backend: new MongoBackend({ mongo: db }), processEvery });
  agenda.on('fail', (err: Error, job: Job) => logger.error({ err, job: job.attrs.name }, 'job failed'));
  await agenda.start();
  return {
    define(name, handler) {
      agenda.define(name, async (job: Job<never>) => handler(job.attrs.data, job));
    },
    async now(name, data) {
      await agenda.now(name, data);
    },
    async schedule(when, name, data) {
      await agenda.schedule(when, name, data);
    },
    async stop() {
      await agenda.stop(false);
    },
  };
}
