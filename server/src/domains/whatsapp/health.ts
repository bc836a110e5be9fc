/** Reading the health of connections (issue 21): one, or every connection of the company. */
import type { ConnectionHealth } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { SessionControl } from './sessionControl.js';
import { ConnectionHealthModel, type ConnectionHealthDoc } from './healthModel.js';
import { WhatsappModel, type WhatsappDoc } from './model.js';
import { findWhatsapp } from './queries.js';

const DAY_MS = 86_400_000;

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export function toConnectionHealth(whatsapp: WhatsappDoc, doc: ConnectionHealthDoc | null, now = new Date()): ConnectionHealth {
  const timeline = doc?.timeline ?? [];
  return {
    whatsappId: String(whatsapp._id),
    name: whatsapp.name,
    provider: whatsapp.provider,
    // The connection document's status is the one the rest of the product shows.
    status: whatsapp.status,
    reason: doc?.reason ?? null,
    statusSince: iso(doc?.statusSince),
    connectedSince: whatsapp.status === 'CONNECTED' ? iso(doc?.connectedSince) : null,
    lastInboundAt: iso(doc?.lastInboundAt),
    lastOutboundAt: iso(doc?.lastOutboundAt),
    reconnects24h: timeline.filter((entry) => entry.reason === 'reconnected' && now.getTime() - entry.at.getTime() <= DAY_MS).length,
    recovered: doc?.recovered ?? 0,
    decryptFailures: doc?.decryptFailures ?? 0,
    downSince: iso(doc?.downSince),
    downAlerted: doc?.downAlerted ?? false,
    timeline: timeline.map((entry) => ({ status: entry.status, reason: entry.reason, code: entry.code ?? null, at: entry.at.toISOString() })),
  };
}

export function createHealthService(sessions: Pick<SessionControl, 'flushHealth'>) {
  /** Traffic gathered in memory is written first, so the answer is current. */
  async function read(whatsapp: WhatsappDoc): Promise<ConnectionHealth> {
    await sessions.flushHealth(String(whatsapp._id));
    const doc = await ConnectionHealthModel.findOne({ companyId: whatsapp.companyId, whatsappId: whatsapp._id }).lean<ConnectionHealthDoc>();
    return toConnectionHealth(whatsapp, doc);
  }

  return {
    async get(actor: AuthCredentials, id: string): Promise<ConnectionHealth> {
      return read(await findWhatsapp(actor, id));
    },

    /** Every connection of the actor's company (a company has a handful: one read each). */
    async list(actor: AuthCredentials): Promise<ConnectionHealth[]> {
      const connections = await WhatsappModel.find({ companyId: actor.companyId }).sort({ name: 1 }).lean<WhatsappDoc[]>();
      return Promise.all(connections.map(read));
    },
  };
}
