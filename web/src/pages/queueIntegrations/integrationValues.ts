/** The integration dialog's values: a new integration's defaults, an existing one's fields, the payload by type. */
import { QUEUE_INTEGRATION_DEFAULTS, type QueueIntegration, type QueueIntegrationLanguage, type QueueIntegrationType } from '@atende/shared';
import type { QueueIntegrationData } from '@atende/shared/client';

export interface IntegrationValues {
  type: QueueIntegrationType;
  name?: string;
  projectName?: string;
  jsonContent?: string;
  language: QueueIntegrationLanguage;
  urlN8N?: string;
  typebotSlug?: string;
  typebotExpires?: number;
  typebotDelayMessage?: number;
  typebotKeywordFinish?: string;
  typebotKeywordRestart?: string;
  typebotRestartMessage?: string;
  typebotUnknownMessage?: string;
  /** '' for none. */
  flowId: string;
}

/** Section 4: the fields each type shows besides its name. */
export const FIELDS_BY_TYPE: Record<QueueIntegrationType, readonly (keyof IntegrationValues)[]> = {
  dialogflow: ['language', 'projectName', 'jsonContent'],
  n8n: ['urlN8N'],
  webhook: ['urlN8N'],
  typebot: ['urlN8N', 'typebotSlug', 'typebotExpires', 'typebotDelayMessage', 'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotRestartMessage', 'typebotUnknownMessage'],
  flowbuilder: ['flowId'],
};

export function newIntegrationValues(): IntegrationValues {
  return {
    type: 'typebot',
    language: QUEUE_INTEGRATION_DEFAULTS.language,
    typebotExpires: QUEUE_INTEGRATION_DEFAULTS.typebotExpires,
    typebotDelayMessage: QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage,
    flowId: '',
  };
}

export function integrationValuesOf(integration: QueueIntegration): IntegrationValues {
  return {
    type: integration.type,
    name: integration.name,
    projectName: integration.projectName,
    jsonContent: integration.jsonContent,
    language: integration.language,
    urlN8N: integration.urlN8N,
    typebotSlug: integration.typebotSlug,
    typebotExpires: integration.typebotExpires,
    typebotDelayMessage: integration.typebotDelayMessage,
    typebotKeywordFinish: integration.typebotKeywordFinish,
    typebotKeywordRestart: integration.typebotKeywordRestart,
    typebotRestartMessage: integration.typebotRestartMessage,
    typebotUnknownMessage: integration.typebotUnknownMessage,
    flowId: integration.flowId ?? '',
  };
}

/** POST/PUT body: the name and the fields of the chosen type (the others emptied). */
export function integrationPayload(values: IntegrationValues): QueueIntegrationData {
  const shown = new Set<keyof IntegrationValues>(FIELDS_BY_TYPE[values.type]);
  const text = (field: keyof IntegrationValues) => (shown.has(field) ? String(values[field] ?? '') : '');
  return {
    type: values.type,
    name: values.name ?? '',
    projectName: text('projectName'),
    jsonContent: text('jsonContent'),
    language: values.language,
    urlN8N: text('urlN8N'),
    typebotSlug: text('typebotSlug'),
    typebotExpires: values.typebotExpires ?? QUEUE_INTEGRATION_DEFAULTS.typebotExpires,
    typebotDelayMessage: values.typebotDelayMessage ?? QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: text('typebotKeywordFinish'),
    typebotKeywordRestart: text('typebotKeywordRestart'),
    typebotRestartMessage: text('typebotRestartMessage'),
    typebotUnknownMessage: text('typebotUnknownMessage'),
    flowId: shown.has('flowId') && values.flowId ? values.flowId : null,
  };
}
