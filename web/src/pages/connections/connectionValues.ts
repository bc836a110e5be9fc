/** The connection modal's values: a new connection's defaults, an existing one's fields, the payload. */
import { DEFAULT_SCHEDULE_HOURS, WEEKDAYS, WHATSAPP_DEFAULTS, type ScheduleRow, type Whatsapp, type WhatsappData, type WhatsappProvider } from '@atende/shared';

export interface ConnectionValues {
  name?: string;
  provider: WhatsappProvider;
  isDefault: boolean;
  greetingMessage?: string;
  complationMessage?: string;
  outOfHoursMessage?: string;
  ratingMessage?: string;
  expiresInactiveMessage?: string;
  token: string;
  expiresTicket?: number;
  timeUseBotQueues?: number;
  maxUseBotQueues?: number;
  timeToTransfer?: number;
  transferQueueId: string;
  /** The default conversation flow; '' for none. */
  flowId: string;
  /** The integration answering customers before they pick a queue; '' for none. */
  integrationId: string;
  /** The AI prompt that answers tickets without a queue; '' for none. */
  promptId: string;
  queueIds: string[];
  schedules: ScheduleRow[];
}

const MESSAGE_FIELDS = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const;
const NUMBER_FIELDS = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer'] as const;

/** The seven days in order, with the stored hours where there are some. */
export function weekSchedules(stored: ScheduleRow[] = []): ScheduleRow[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    const row = stored.find((candidate) => candidate.weekdayEn === weekdayEn);
    return { weekday, weekdayEn, startTime: row?.startTime ?? DEFAULT_SCHEDULE_HOURS[weekdayEn]?.startTime ?? '', endTime: row?.endTime ?? DEFAULT_SCHEDULE_HOURS[weekdayEn]?.endTime ?? '' };
  });
}

export function newConnectionValues(): ConnectionValues {
  return {
    provider: WHATSAPP_DEFAULTS.provider,
    isDefault: false,
    token: '',
    expiresTicket: WHATSAPP_DEFAULTS.expiresTicket,
    timeUseBotQueues: WHATSAPP_DEFAULTS.timeUseBotQueues,
    maxUseBotQueues: WHATSAPP_DEFAULTS.maxUseBotQueues,
    timeToTransfer: WHATSAPP_DEFAULTS.timeToTransfer,
    transferQueueId: '',
    flowId: '',
    integrationId: '',
    promptId: '',
    queueIds: [],
    schedules: weekSchedules(),
  };
}

export function connectionValuesOf(whatsapp: Whatsapp): ConnectionValues {
  const values: ConnectionValues = {
    name: whatsapp.name,
    provider: whatsapp.provider,
    isDefault: whatsapp.isDefault,
    token: whatsapp.token ?? '',
    transferQueueId: whatsapp.transferQueueId ?? '',
    flowId: whatsapp.flowId ?? '',
    integrationId: whatsapp.integrationId ?? '',
    promptId: whatsapp.promptId ?? '',
    queueIds: whatsapp.queueIds,
    schedules: weekSchedules(whatsapp.schedules),
  };
  for (const field of MESSAGE_FIELDS) values[field] = whatsapp[field];
  for (const field of NUMBER_FIELDS) values[field] = whatsapp[field];
  return values;
}

/**
 * POST/PUT /whatsapp body: an empty token draws a new one, an empty transfer queue, flow,
 * prompt or integration is none; the integration only when the user may pick one (`withIntegration`).
 */
export function connectionPayload(values: ConnectionValues, withIntegration = false): WhatsappData {
  const data: WhatsappData = {
    name: values.name ?? '',
    provider: values.provider,
    isDefault: values.isDefault,
    token: values.token ?? '',
    transferQueueId: values.transferQueueId || null,
    flowId: values.flowId || null,
    ...(withIntegration ? { integrationId: values.integrationId || null } : {}),
    promptId: values.promptId || null,
    queueIds: values.queueIds,
    schedules: values.schedules,
  };
  for (const field of MESSAGE_FIELDS) data[field] = values[field] ?? '';
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    if (value !== undefined && Number.isFinite(value)) data[field] = value;
  }
  return data;
}
