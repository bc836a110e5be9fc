/**
 * The database commands the application sends, as the driver's command monitoring sees them: for
 * the benchmark's commands-per-operation figures and the test that explains every hot query.
 * Monitoring is off unless asked for before the database connects (each command event costs).
 */
import mongoose from 'mongoose';
import type { CommandStartedEvent, CommandSucceededEvent, Document } from 'mongodb';

let wanted = false;

/** Asks for command monitoring (or no more) on the next connection: call before connectDatabase. */
export function monitorDatabaseCommands(on = true): void {
  wanted = on;
}

export function commandMonitoringWanted(): boolean {
  return wanted;
}

/** Commands of the driver's own housekeeping, not of the application. */
const HOUSEKEEPING = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'endSessions', 'saslStart', 'saslContinue', 'buildInfo', 'getMore', 'killCursors']);

export interface CommandLog {
  commands: CommandStartedEvent[];
  /** Documents the database answered to reads (find and its getMore), what a page costs the engine. */
  documentsRead(): number;
  /** Forgets what was recorded so far. */
  clear(): void;
  stop(): void;
}

/** Records the application's commands on mongoose's connection from now until stop(). */
export function recordCommands(): CommandLog {
  if (!wanted) throw new Error('command monitoring was not asked for before the database connected');
  const commands: CommandStartedEvent[] = [];
  let documents = 0;
  const client = mongoose.connection.getClient();
  const listener = (event: CommandStartedEvent) => {
    if (!HOUSEKEEPING.has(event.commandName)) commands.push(event);
  };
  const answered = (event: CommandSucceededEvent) => {
    if (event.commandName !== 'find' && event.commandName !== 'getMore') return;
    const cursor = (event.reply as Document).cursor as { firstBatch?: unknown[]; nextBatch?: unknown[] } | undefined;
    documents += (cursor?.firstBatch ?? cursor?.nextBatch ?? []).length;
  };
  client.on('commandStarted', listener);
  client.on('commandSucceeded', answered);
  return {
    commands,
    documentsRead: () => documents,
    clear: () => {
      commands.splice(0);
      documents = 0;
    },
    stop: () => {
      client.off('commandStarted', listener);
      client.off('commandSucceeded', answered);
    },
  };
}
