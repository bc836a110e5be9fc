/** Reads and announcements of connections shared by the service and the session manager. */
import { safeColor, type UserQueue, type Whatsapp } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { QueueModel, type QueueDoc } from '../queues/model.js';
import { companyConnections } from './cache.js';
import { toWhatsapp } from './dto.js';
import { WhatsappModel, type WhatsappDoc } from './model.js';

/** A connection of the actor's company (super users: of any company); else ERR_NO_WAPP_FOUND. */
export async function findWhatsapp(actor: Pick<AuthCredentials, 'companyId' | 'super'>, id: string): Promise<WhatsappDoc> {
  const filter = actor.super ? { _id: id } : { _id: id, companyId: actor.companyId };
  const doc = await WhatsappModel.findOne(filter).setOptions({ crossTenant: actor.super }).lean<WhatsappDoc>();
  if (!doc) throw new AppError('ERR_NO_WAPP_FOUND');
  return doc;
}

/** Wire shapes with their queues (id, name, color), loaded with one query for the whole list. */
export async function whatsappViews(docs: WhatsappDoc[], withToken: boolean): Promise<Whatsapp[]> {
  const ids = [...new Set(docs.flatMap((doc) => (doc.queueIds ?? []).map(String)))];
  const byId = new Map<string, UserQueue>();
  if (ids.length > 0) {
    const companyIds = [...new Set(docs.map((doc) => String(doc.companyId)))];
    const rows = await QueueModel.find({ companyId: { $in: companyIds }, _id: { $in: ids } }, { name: 1, color: 1 }).lean<QueueDoc[]>();
    for (const row of rows) byId.set(String(row._id), { id: String(row._id), name: row.name, color: safeColor(row.color) });
  }
  return docs.map((doc) => {
    const queues = (doc.queueIds ?? []).map((queueId) => byId.get(String(queueId))).filter((queue): queue is UserQueue => Boolean(queue));
    return toWhatsapp(doc, { withToken, queues });
  });
}

export async function whatsappView(doc: WhatsappDoc, withToken: boolean): Promise<Whatsapp> {
  return (await whatsappViews([doc], withToken))[0]!;
}

/** `whatsapp` channel: the connection changed (realtime never carries the token). */
export async function announceWhatsapp(realtime: RealtimePublisher, doc: WhatsappDoc): Promise<void> {
  companyConnections.invalidate(String(doc.companyId));
  realtime.publish(String(doc.companyId), 'whatsapp', { action: 'update', whatsapp: await whatsappView(doc, false) });
}

/** `whatsappSession` channel: the session's status, qrcode or retries changed. */
export async function announceSession(realtime: RealtimePublisher, doc: WhatsappDoc): Promise<void> {
  realtime.publish(String(doc.companyId), 'whatsappSession', { action: 'update', session: await whatsappView(doc, false) });
}
