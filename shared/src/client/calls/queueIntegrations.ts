/** Queue integrations (document 3 section 7) and the webhook types' delivery log. */
import type {
  IntegrationDeliveriesPage,
  QueueIntegration,
  QueueIntegrationLanguage,
  QueueIntegrationsPage,
  QueueIntegrationTestAnswer,
  QueueIntegrationType,
  QueueIntegrationWithSecret,
} from '../../domain/queueIntegrations.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface QueueIntegrationData {
  type: QueueIntegrationType;
  name: string;
  projectName?: string;
  /** Dialogflow credentials; the mask the API showed keeps the stored ones. */
  jsonContent?: string;
  language?: QueueIntegrationLanguage;
  urlN8N?: string;
  typebotSlug?: string;
  typebotExpires?: number;
  typebotDelayMessage?: number;
  typebotKeywordFinish?: string;
  typebotKeywordRestart?: string;
  typebotRestartMessage?: string;
  typebotUnknownMessage?: string;
  flowId?: string | null;
}

export interface QueueIntegrationTestData {
  projectName: string;
  jsonContent: string;
  language: QueueIntegrationLanguage;
  /** The integration whose stored credentials a masked jsonContent stands for. */
  id?: string | null;
}

export function queueIntegrationCalls(http: Http) {
  const one = (id: string) => `/queueIntegration/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery = {}) => http.request<QueueIntegrationsPage>('GET', '/queueIntegration', { query }),
    get: (id: string) => http.request<QueueIntegration>('GET', one(id)),
    /** n8n and webhook answer their signing secret whole in `newWebhookSecret`, this once. */
    create: (data: QueueIntegrationData) => http.request<QueueIntegrationWithSecret>('POST', '/queueIntegration', { body: data }),
    /** A change of type to n8n or webhook answers the new signing secret whole, this once. */
    update: (id: string, data: Partial<QueueIntegrationData>) => http.request<QueueIntegrationWithSecret>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    testSession: (data: QueueIntegrationTestData) => http.request<QueueIntegrationTestAnswer>('POST', '/queueIntegration/testSession', { body: data }),
    /** A new signing secret (n8n, webhook): answered whole, this once; the old one stops at once. */
    rotateSecret: (id: string) => http.request<QueueIntegrationWithSecret>('POST', `${one(id)}/secret`),
    deliveries: (id: string, query: { pageNumber?: number } = {}) => http.request<IntegrationDeliveriesPage>('GET', `${one(id)}/deliveries`, { query }),
  };
}

export type QueueIntegrationCalls = ReturnType<typeof queueIntegrationCalls>;
