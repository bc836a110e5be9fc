/** Queues and their options tree (document 2 sections 3 and 7). */
import type { ScheduleRow } from '../../domain/entities.js';
import type { Queue, QueueOption, TOP_LEVEL_OPTION } from '../../domain/queues.js';
import type { Http } from '../http.js';

export interface QueueData {
  name: string;
  color: string;
  orderQueue?: number | null;
  /** Required when the company has (or will have) more than one queue. */
  greetingMessage?: string;
  outOfHoursMessage?: string;
  schedules?: ScheduleRow[];
  integrationId?: string | null;
  promptId?: string | null;
}

export interface QueueOptionData {
  queueId: string;
  /** -1 (the default) for the top level of the queue's tree. */
  parentId?: string | typeof TOP_LEVEL_OPTION;
  title: string;
  message?: string;
  option: string;
}

export function queueCalls(http: Http) {
  const one = (id: string) => `/queue/${encodeURIComponent(id)}`;
  const option = (id: string) => `/queue-options/${encodeURIComponent(id)}`;
  return {
    /** companyId: super users only. */
    list: (query: { companyId?: string } = {}) => http.request<Queue[]>('GET', '/queue', { query }),
    get: (id: string) => http.request<Queue>('GET', one(id)),
    create: (data: QueueData) => http.request<Queue>('POST', '/queue', { body: data }),
    update: (id: string, data: Partial<QueueData>) => http.request<Queue>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    options: {
      /** parentId -1: the top level; omitted: every option of the queue. */
      list: (query: { queueId: string; parentId?: string | typeof TOP_LEVEL_OPTION }) => http.request<QueueOption[]>('GET', '/queue-options', { query }),
      get: (id: string) => http.request<QueueOption>('GET', option(id)),
      create: (data: QueueOptionData) => http.request<QueueOption>('POST', '/queue-options', { body: data }),
      update: (id: string, data: Partial<Pick<QueueOptionData, 'title' | 'message' | 'option'>>) => http.request<QueueOption>('PUT', option(id), { body: data }),
      remove: (id: string) => http.request<void>('DELETE', option(id)),
    },
  };
}

export type QueueCalls = ReturnType<typeof queueCalls>;
