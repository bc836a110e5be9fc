/**
 * Who answers a ticket: a queue integration (the queue's, else the connection's), or a flow's
 * typebot block, whose settings travel with the ticket's session. What the ticket shows of it
 * (ticket.integrationRun) is made here.
 */
import { QUEUE_INTEGRATION_DEFAULTS, type FlowQueueIntegration, type QueueIntegrationType, type TicketIntegrationRun } from '@atende/shared';
import type { QueueIntegrationDoc } from '../../domains/queueIntegrations/model.js';

export interface IntegrationSource {
  /** null: a flow's typebot block. */
  integrationId: string | null;
  name: string;
  type: QueueIntegrationType;
  doc: QueueIntegrationDoc | null;
  inline: FlowQueueIntegration | null;
}

export interface TypebotSettings {
  url: string;
  slug: string;
  /** Minutes of silence after which the session starts over (0: never). */
  expiresMinutes: number;
  delayMs: number;
  keywordFinish: string;
  keywordRestart: string;
  restartMessage: string;
  unknownMessage: string;
}

export function sourceOf(doc: QueueIntegrationDoc): IntegrationSource {
  return { integrationId: String(doc._id), name: doc.name, type: doc.type, doc, inline: null };
}

export function inlineSource(settings: FlowQueueIntegration): IntegrationSource {
  return { integrationId: null, name: settings.name, type: 'typebot', doc: null, inline: settings };
}

export function typebotSettingsOf(source: IntegrationSource): TypebotSettings {
  const fields = source.doc ?? source.inline ?? { name: source.name };
  return {
    url: (fields.urlN8N ?? '').replace(/\/+$/, ''),
    slug: fields.typebotSlug ?? '',
    expiresMinutes: fields.typebotExpires ?? QUEUE_INTEGRATION_DEFAULTS.typebotExpires,
    delayMs: fields.typebotDelayMessage ?? QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage,
    keywordFinish: fields.typebotKeywordFinish ?? '',
    keywordRestart: fields.typebotKeywordRestart ?? '',
    restartMessage: fields.typebotRestartMessage ?? '',
    unknownMessage: fields.typebotUnknownMessage ?? '',
  };
}

export function runOf(source: IntegrationSource, state: TicketIntegrationRun['state'], detail: string | null = null): TicketIntegrationRun {
  return { integrationId: source.integrationId, name: source.name, type: source.type, state, detail, at: new Date().toISOString() };
}

/** Whether the run on a ticket is this source's (the same integration, or both a flow's typebot). */
export function isRunOf(run: TicketIntegrationRun | null | undefined, source: Pick<IntegrationSource, 'integrationId'>): boolean {
  return Boolean(run) && run!.integrationId === source.integrationId;
}

/** A customer's words compared with a keyword: without case, accents or surrounding spaces. */
export function sameWords(a: string, b: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  return Boolean(fold(b)) && fold(a) === fold(b);
}
