/**
 * Baileys' auth state in the database: the credentials and every signal key, one document each,
 * scoped by company and connection. A write resolves only once the database took it, so Baileys
 * never believes a key is saved when it is not (lost pre-keys and sessions are what "Bad MAC"
 * after a restart comes from). Writes of one connection run one after another: the embedded
 * engine loses concurrent updates of one document (see ../serial.ts).
 */
import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from '@whiskeysockets/baileys';
import type { AnyBulkWriteOperation } from 'mongoose';
import { keyedSerial } from '../../platform/database/serial.js';
import { baileys, loadBaileys } from './library.js';
import { BaileysKeyModel, CREDS_TYPE, type BaileysKeyDoc } from './model.js';

export interface AuthScope {
  companyId: string;
  whatsappId: string;
}

export interface AuthStore {
  state: AuthenticationState;
  /** Writes the credentials as they are now (after a creds.update). */
  saveCreds(): Promise<void>;
  /** The credentials belong to a paired device: the session comes back without a scan. */
  registered(): boolean;
  /** Forgets every key of the connection; writes this store is still asked for are dropped. */
  clear(): Promise<void>;
  /** Resolves once the writes queued so far have run. */
  settled(): Promise<void>;
}

/** Every auth write of a connection, by its id, in order. */
const authWrites = keyedSerial();

function encodeValue(value: unknown): string {
  return JSON.stringify(value, baileys().BufferJSON.replacer);
}

function decodeValue<T>(value: string): T {
  return JSON.parse(value, baileys().BufferJSON.reviver) as T;
}

function decodeKey<T extends keyof SignalDataTypeMap>(type: T, value: string): SignalDataTypeMap[T] {
  const decoded = decodeValue<SignalDataTypeMap[T]>(value);
  // Baileys reads this one as a proto message (its fields are checked with proto methods).
  if (type === 'app-state-sync-key') return baileys().proto.Message.AppStateSyncKeyData.fromObject(decoded as object) as unknown as SignalDataTypeMap[T];
  return decoded;
}

/** Removes the whole auth state of a connection (logout, deletion), after queued writes. */
export function clearAuthState(scope: AuthScope): Promise<void> {
  return authWrites.run(scope.whatsappId, async () => {
    await BaileysKeyModel.deleteMany(scope);
  });
}

export async function loadAuthState(scope: AuthScope): Promise<AuthStore> {
  const { companyId, whatsappId } = scope;
  const { initAuthCreds } = await loadBaileys();
  let closed = false;
  const saved = await authWrites.run(whatsappId, () => BaileysKeyModel.findOne({ ...scope, type: CREDS_TYPE, keyId: '' }).lean<BaileysKeyDoc>());
  const creds: AuthenticationCreds = saved ? decodeValue<AuthenticationCreds>(saved.value) : initAuthCreds();

  function write(task: () => Promise<unknown>): Promise<void> {
    return authWrites.run(whatsappId, async () => {
      if (!closed) await task();
    });
  }

  const state: AuthenticationState = {
    creds,
    keys: {
      async get(type, ids) {
        const found: { [id: string]: SignalDataTypeMap[typeof type] } = {};
        if (ids.length === 0) return found;
        // One get per key (its id is indexed): an `$in` would read every key of the connection.
        const rows = await Promise.all(ids.map((keyId) => BaileysKeyModel.findOne({ ...scope, type, keyId }, { keyId: 1, value: 1 }).lean<Pick<BaileysKeyDoc, 'keyId' | 'value'>>()));
        for (const row of rows) if (row) found[row.keyId] = decodeKey(type, row.value);
        return found;
      },
      set(data: SignalDataSet) {
        const operations: AnyBulkWriteOperation<BaileysKeyDoc>[] = [];
        for (const [type, values] of Object.entries(data)) {
          for (const [keyId, value] of Object.entries(values ?? {})) {
            const filter = { companyId, whatsappId, type, keyId };
            operations.push(
              value === null || value === undefined
                ? { deleteOne: { filter } }
                : { updateOne: { filter, update: { $set: { value: encodeValue(value) } }, upsert: true } },
            );
          }
        }
        if (operations.length === 0) return Promise.resolve();
        return write(() => BaileysKeyModel.bulkWrite(operations, { ordered: true }));
      },
    },
  };

  return {
    state,
    saveCreds() {
      const value = encodeValue(creds);
      return write(() => BaileysKeyModel.updateOne({ ...scope, type: CREDS_TYPE, keyId: '' }, { $set: { value } }, { upsert: true }));
    },
    registered: () => Boolean(creds.me?.id),
    async clear() {
      closed = true;
      await clearAuthState(scope);
    },
    settled: () => authWrites.settled(whatsappId),
  };
}
