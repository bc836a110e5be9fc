/** Wire shapes of queues and their options tree (document 2 sections 3 and 7). */
import type { ScheduleRow } from './entities.js';

export const QUEUE_NAME_MIN = 2;
export const QUEUE_NAME_MAX = 50;

/** The API's parentId of a top-level queue option (stored as null). */
export const TOP_LEVEL_OPTION = -1;

export interface QueueOption {
  id: string;
  queueId: string;
  /** Id of the parent option, or -1 at the top level of the queue's tree. */
  parentId: string | typeof TOP_LEVEL_OPTION;
  title: string;
  message: string;
  /** What the customer types to pick it ("1", "2", ...). */
  option: string;
  createdAt: string;
  updatedAt: string;
}

export interface Queue {
  id: string;
  companyId: string;
  name: string;
  color: string;
  /** Position of the queue in the chatbot's menu (null: after the numbered ones, by name). */
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleRow[];
  integrationId: string | null;
  promptId: string | null;
  /** Every option of the queue's tree, flat, ordered by option (GET /queue/{id} only). */
  options?: QueueOption[];
  createdAt: string;
  updatedAt: string;
}

/** Payloads of the `queue` realtime channel. */
export type QueueEvent = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: string };
