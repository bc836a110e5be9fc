/**
 * One-after-another execution per key, inside this process.
 *
 * FerretDB 1.24 (the embedded engine) applies an update by reading the document, changing it and
 * writing the whole document back, without isolation: two updates of one document at the same
 * time lose one of them, even when they $set different fields (measured: 196 of 200 concurrent
 * pairs). Writes to a connection document (status events, edits, the default flag) therefore go
 * through `connectionWrites`, keyed by the connection's id; single-document updates of tickets,
 * messages and chats (a resolve racing the mark-read of the same ticket, a delete racing the send's
 * ack, two chat messages counting unreads) through `documentWrites`, keyed by collection and id.
 */
import type { Model, QueryFilter, UpdateQuery } from 'mongoose';

export interface KeyedSerial {
  /** Runs the task after every task queued before it under this key (a failure does not block the next). */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once what is queued under the key now has run. */
  settled(key: string): Promise<void>;
  /** Resolves once everything queued now has run. */
  all(): Promise<void>;
}

export function keyedSerial(): KeyedSerial {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async settled(key) {
      await tails.get(key);
    },
    async all() {
      await Promise.all([...tails.values()]);
    },
  };
}

/** Every write to a `whatsapp` document, by its id (see the header). */
export const connectionWrites = keyedSerial();

/** Single-document updates of tickets, messages and chats, by model name and id (see the header). */
export const documentWrites = keyedSerial();

/**
 * Updates one document of a company once the writes to it already queued have run, and answers it
 * as it is after the update (null when it is gone or `condition` does not hold).
 */
export function updateDocument<T>(model: Model<T>, companyId: unknown, id: unknown, update: UpdateQuery<T>, condition: QueryFilter<T> = {}): Promise<T | null> {
  return documentWrites.run(`${model.modelName}:${String(id)}`, () =>
    model.findOneAndUpdate({ ...condition, companyId, _id: id } as QueryFilter<T>, update, { returnDocument: 'after' }).lean<T>().exec(),
  );
}

/**
 * Read-change-write of one document of a company, queued with its other writes (as
 * updateDocument): for changes computed from the document itself, such as one element of an
 * array (FerretDB 1.24 has no positional `$`, `$[]` nor arrayFilters, so the array is written
 * back whole). Answers the document after the write (as it is when `change` answers null: nothing
 * to write), or null when it is gone.
 */
export function rewriteDocument<T>(
  model: Model<T>,
  companyId: unknown,
  id: unknown,
  change: (current: T) => UpdateQuery<T> | null,
  options: { timestamps?: boolean } = {},
): Promise<T | null> {
  return documentWrites.run(`${model.modelName}:${String(id)}`, async () => {
    const filter = { companyId, _id: id } as QueryFilter<T>;
    const current = await model.findOne(filter).lean<T>().exec();
    const update = current ? change(current) : null;
    if (!current || !update) return current;
    return model.findOneAndUpdate(filter, update, { returnDocument: 'after', ...options }).lean<T>().exec();
  });
}
