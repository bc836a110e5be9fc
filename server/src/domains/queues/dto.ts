import { safeColor, TOP_LEVEL_OPTION, type Queue, type QueueOption } from '@atende/shared';
import type { QueueDoc, QueueOptionDoc } from './model.js';

export function toQueue(doc: QueueDoc, options?: QueueOption[]): Queue {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    color: safeColor(doc.color),
    orderQueue: doc.orderQueue ?? null,
    greetingMessage: doc.greetingMessage ?? '',
    outOfHoursMessage: doc.outOfHoursMessage ?? '',
    schedules: (doc.schedules ?? []).map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime })),
    integrationId: doc.integrationId ? String(doc.integrationId) : null,
    promptId: doc.promptId ? String(doc.promptId) : null,
    ...(options ? { options } : {}),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export function toQueueOption(doc: QueueOptionDoc): QueueOption {
  return {
    id: String(doc._id),
    queueId: String(doc.queueId),
    parentId: doc.parentId ? String(doc.parentId) : TOP_LEVEL_OPTION,
    title: doc.title,
    message: doc.message ?? '',
    option: doc.option,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Options in menu order: "2" before "10", then by text for non-numeric ones. */
export function byOption(a: { option: string }, b: { option: string }): number {
  const na = Number(a.option);
  const nb = Number(b.option);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.option.localeCompare(b.option);
}
