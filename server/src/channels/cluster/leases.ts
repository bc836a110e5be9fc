/**
 * A node's session leases. Taking a lease is an insert guarded by the unique index (an expired
 * lease is deleted first, by its own _id, so a node that was late deletes nothing of the new one):
 * on MongoDB and on the embedded engine alike, two nodes never both win, where a conditional update
 * could let both through on the embedded engine (see platform/database/serial.ts). A renewal
 * only extends a lease that has not expired; one that had is lost, and its session stops here.
 */
import type { Logger } from '../../platform/logger.js';
import { SessionLeaseModel, type SessionLeaseDoc } from './leaseModel.js';

export interface Leases {
  /** Takes the connection's lease when it is free, expired or already this node's. */
  acquire(companyId: string, whatsappId: string): Promise<boolean>;
  /** The live owner node, or null (nobody runs the session). */
  ownerOf(whatsappId: string): Promise<string | null>;
  /** When the connection's live lease runs out (null: none is live). */
  expiresAt(whatsappId: string): Promise<Date | null>;
  /** Extends every lease held; answers the connections whose lease was lost meanwhile. */
  renew(): Promise<string[]>;
  release(whatsappId: string): Promise<void>;
  held(): string[];
  holds(whatsappId: string): boolean;
}

function isDuplicate(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && message.includes('duplicate key'));
}

export function createLeases(nodeId: string, leaseMs: number, logger: Logger): Leases {
  const mine = new Set<string>();
  const until = () => new Date(Date.now() + leaseMs);

  async function liveLease(whatsappId: string): Promise<SessionLeaseDoc | null> {
    const current = await SessionLeaseModel.findOne({ whatsappId }).lean<SessionLeaseDoc>();
    return current && current.expiresAt.getTime() > Date.now() ? current : null;
  }

  async function extend(whatsappId: string): Promise<boolean> {
    const { matchedCount } = await SessionLeaseModel.updateOne({ whatsappId, owner: nodeId, expiresAt: { $gt: new Date() } }, { $set: { expiresAt: until() } });
    return matchedCount > 0;
  }

  return {
    async acquire(companyId, whatsappId) {
      const current = await SessionLeaseModel.findOne({ whatsappId }).lean<SessionLeaseDoc>();
      const live = current && current.expiresAt.getTime() > Date.now();
      if (live && current.owner !== nodeId) return false;
      if (live && (await extend(whatsappId))) {
        mine.add(whatsappId);
        return true;
      }
      if (current) await SessionLeaseModel.deleteOne({ _id: current._id, owner: current.owner, expiresAt: current.expiresAt });
      try {
        await SessionLeaseModel.create({ whatsappId, companyId, owner: nodeId, expiresAt: until() });
      } catch (err) {
        if (isDuplicate(err)) return false;
        throw err;
      }
      mine.add(whatsappId);
      if (current && current.owner !== nodeId) logger.info({ whatsappId, from: current.owner }, 'session lease taken over');
      return true;
    },

    async ownerOf(whatsappId) {
      return (await liveLease(whatsappId))?.owner ?? null;
    },

    async expiresAt(whatsappId) {
      return (await liveLease(whatsappId))?.expiresAt ?? null;
    },

    async renew() {
      const lost: string[] = [];
      for (const whatsappId of [...mine]) {
        const kept = await extend(whatsappId).catch((err: unknown) => {
          // The database away for a moment: the lease may still hold, the next renewal tells.
          logger.warn({ err, whatsappId }, 'session lease renewal failed');
          return true;
        });
        if (!kept && mine.delete(whatsappId)) lost.push(whatsappId);
      }
      return lost;
    },

    async release(whatsappId) {
      mine.delete(whatsappId);
      await SessionLeaseModel.deleteOne({ whatsappId, owner: nodeId });
    },

    held: () => [...mine],

    holds: (whatsappId) => mine.has(whatsappId),
  };
}
