import type { UserQueue, Whatsapp } from '@atende/shared';
import type { WhatsappDoc } from './model.js';

const idOrNull = (value: unknown): string | null => (value ? String(value) : null);

/**
 * The one wire shape of a connection. Session internals (credentials, pairing state) never leave
 * the server; the API token only when `withToken` (answers to admins), never in realtime events.
 */
export function toWhatsapp(doc: WhatsappDoc, options: { withToken?: boolean; queues?: UserQueue[] } = {}): Whatsapp {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    status: doc.status,
    isDefault: doc.isDefault,
    qrcode: doc.status === 'qrcode' ? doc.qrcode : '',
    qrExpiresAt: doc.status === 'qrcode' && doc.qrExpiresAt ? doc.qrExpiresAt.toISOString() : null,
    retries: doc.retries ?? 0,
    provider: doc.provider,
    number: doc.number ?? '',
    greetingMessage: doc.greetingMessage ?? '',
    complationMessage: doc.complationMessage ?? '',
    outOfHoursMessage: doc.outOfHoursMessage ?? '',
    ratingMessage: doc.ratingMessage ?? '',
    expiresInactiveMessage: doc.expiresInactiveMessage ?? '',
    ...(options.withToken ? { token: doc.token } : {}),
    expiresTicket: doc.expiresTicket,
    timeUseBotQueues: doc.timeUseBotQueues,
    maxUseBotQueues: doc.maxUseBotQueues,
    timeToTransfer: doc.timeToTransfer ?? 0,
    transferQueueId: idOrNull(doc.transferQueueId),
    queueIds: (doc.queueIds ?? []).map(String),
    queues: options.queues ?? [],
    promptId: idOrNull(doc.promptId),
    integrationId: idOrNull(doc.integrationId),
    flowId: idOrNull(doc.flowId),
    schedules: (doc.schedules ?? []).map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime })),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
