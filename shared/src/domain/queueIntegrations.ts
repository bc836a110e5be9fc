/**
 * Queue integrations (document 3: page, entity, "Integration type decides fields shown",
 * validation, calls, constants): connectors to external chatbot tools that answer the customers of
 * a queue or a connection on behalf of the company, and the delivery log of the webhook types.
 */
import type { Profile } from './enums.js';

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/** Languages a dialogflow agent is asked in (section 9). */
export const QUEUE_INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type QueueIntegrationLanguage = (typeof QUEUE_INTEGRATION_LANGUAGES)[number];

/** Types whose customers' messages are POSTed to urlN8N as signed events. */
export const WEBHOOK_INTEGRATION_TYPES = ['n8n', 'webhook'] as const satisfies readonly QueueIntegrationType[];
/** Types that need a URL (section 4: n8n and webhook the endpoint, typebot the Typebot server). */
export const URL_INTEGRATION_TYPES = ['n8n', 'webhook', 'typebot'] as const satisfies readonly QueueIntegrationType[];
/** Types whose projectName is their name (section 5). */
export const NAMED_PROJECT_TYPES = ['n8n', 'webhook', 'typebot', 'flowbuilder'] as const satisfies readonly QueueIntegrationType[];

export function isWebhookType(type: QueueIntegrationType): boolean {
  return (WEBHOOK_INTEGRATION_TYPES as readonly string[]).includes(type);
}

/** Name 2 to 50 characters (section 5). */
export const QUEUE_INTEGRATION_NAME_MIN = 2;
export const QUEUE_INTEGRATION_NAME_MAX = 50;
/** Section 9: typebotExpires in minutes (0: the session never expires), typebotDelayMessage in ms. */
export const QUEUE_INTEGRATION_DEFAULTS = { language: 'pt-BR', typebotExpires: 1, typebotDelayMessage: 1000 } as const;
export const TYPEBOT_EXPIRES_MAX = 10_080;
export const TYPEBOT_DELAY_MAX = 60_000;
/** Dialogflow service-account JSON: generous for a key file, refusing megabytes of text. */
export const JSON_CONTENT_MAX = 20_000;
export const INTEGRATION_URL_MAX = 2048;

/** Queue integrations hold credentials and endpoints: admins (and super users) read and write them. */
export const QUEUE_INTEGRATION_PROFILES = ['admin'] as const satisfies readonly Profile[];

/** The webhook secret as the API shows it after its creation: its start and its last four characters. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 6)}...${secret.slice(-4)}`;
}

export interface QueueIntegration {
  id: string;
  companyId: string;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  /**
   * Dialogflow credentials as the API shows them: masked (`•••• client_email ••••abcd`), never
   * whole; sending the mask back keeps the stored ones. '' when none are stored.
   */
  jsonContent: string;
  language: QueueIntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** The flow a flowbuilder integration starts (null for the other types). */
  flowId: string | null;
  /** n8n and webhook: the signing secret, masked (`whsec_...abcd`); null for the other types. */
  webhookSecret: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /queueIntegration and POST /queueIntegration/{id}/secret answer the secret whole, once. */
export interface QueueIntegrationWithSecret extends QueueIntegration {
  /** The whole signing secret (n8n, webhook), shown this once; null for the other types. */
  newWebhookSecret: string | null;
}

export interface QueueIntegrationsPage {
  queueIntegrations: QueueIntegration[];
  hasMore: boolean;
}

/** Payloads of the company's `queueIntegration` channel (admins only); `delivery` says the log grew or changed. */
export type QueueIntegrationEvent =
  | { action: 'create' | 'update'; queueIntegration: QueueIntegration }
  | { action: 'delete'; integrationId: string }
  | { action: 'delivery'; integrationId: string; deliveryId: string; status: IntegrationDeliveryStatus };

/** POST /queueIntegration/testSession: whether the dialogflow credentials work, and why not. */
export interface QueueIntegrationTestAnswer {
  ok: boolean;
  /** The agent's answer to the probe when it worked. */
  reply?: string;
  intent?: string;
  /** Why not: the agent's or the network's own words. */
  reason?: string;
}

export const INTEGRATION_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type IntegrationDeliveryStatus = (typeof INTEGRATION_DELIVERY_STATUSES)[number];

/** One attempt of a delivery: the answer's status (null when none came), how long it took, what failed. */
export interface IntegrationDeliveryAttempt {
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** One event POSTed to an n8n or webhook integration, with its attempts (GET /queueIntegration/{id}/deliveries). */
export interface IntegrationDelivery {
  id: string;
  integrationId: string;
  ticketId: string | null;
  messageId: string | null;
  status: IntegrationDeliveryStatus;
  attempts: IntegrationDeliveryAttempt[];
  /** When the next attempt goes (pending only). */
  nextAttemptAt: string | null;
  /** The event as it was sent (the signed raw body). */
  body: string;
  createdAt: string;
  updatedAt: string;
}

export interface IntegrationDeliveriesPage {
  deliveries: IntegrationDelivery[];
  hasMore: boolean;
}

/**
 * What a ticket shows of the integration answering it (ticket.integrationRun): answering, handed
 * over to the agents (the integration no longer answers until the ticket is closed), or failing.
 * `integrationId` null: a flow's typebot block (its settings live in the flow).
 */
export interface TicketIntegrationRun {
  integrationId: string | null;
  name: string;
  type: QueueIntegrationType;
  state: 'answering' | 'handedOver' | 'failed';
  /** Why it handed over or what failed (an endpoint's status, a timeout, the keyword). */
  detail: string | null;
  at: string;
}

/**
 * The event an n8n or webhook integration receives for a customer's message (README: "Queue
 * integrations"), signed in `x-atende-signature` (hex HMAC-SHA256 of the raw body).
 */
export interface IntegrationWebhookEvent {
  event: 'message';
  /** 'message': the customer wrote; 'queueEntered': the ticket entered the integration's queue (the customer's last message). */
  trigger: 'message' | 'queueEntered';
  deliveryId: string;
  integration: { id: string; name: string; type: QueueIntegrationType };
  company: { id: string; name: string };
  connection: { id: string; name: string; number: string };
  ticket: { id: string; uuid: string; status: string; queue: { id: string; name: string } | null };
  contact: { id: string; name: string; number: string };
  message: { id: string; body: string; mediaType: string; mediaUrl: string | null; fromMe: boolean; createdAt: string };
  /** Where replies go: the send API with the connection's token, to this number. */
  reply: { url: string; number: string };
  sentAt: string;
}

/** What a webhook's answer may carry (a 2xx JSON body): replies sent to the customer, a hand-over. */
export interface IntegrationWebhookAnswer {
  reply?: string | string[];
  transfer?: boolean;
  /** The queue the ticket goes to on a transfer, by id or by name. */
  queueId?: string;
  queue?: string;
}
