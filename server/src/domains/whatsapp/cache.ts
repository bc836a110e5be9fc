/**
 * A company's connections as configured (name, messages, queues, default), kept in memory for the
 * lists and the inbound pipeline. Their session status and QR code change too often to be kept
 * here: read the model for those.
 */
import { companyCache } from '../../platform/database/companyCache.js';
import { WhatsappModel, type WhatsappDoc } from './model.js';

export type ConnectionSettings = Omit<WhatsappDoc, 'qrcode'>;

export const companyConnections = companyCache(async (companyId): Promise<Map<string, ConnectionSettings>> => {
  const rows = await WhatsappModel.find({ companyId }, { qrcode: 0 }).lean<ConnectionSettings[]>();
  return new Map(rows.map((whatsapp) => [String(whatsapp._id), whatsapp]));
});

/** One connection of the company as configured, or null. */
export async function connectionSettings(companyId: string, whatsappId: string): Promise<ConnectionSettings | null> {
  return (await companyConnections.get(companyId)).get(whatsappId) ?? null;
}
