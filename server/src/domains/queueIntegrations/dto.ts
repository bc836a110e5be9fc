import { isWebhookType, type QueueIntegration } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import { QueueIntegrationModel, type QueueIntegrationDoc } from './model.js';

export function toQueueIntegration(doc: QueueIntegrationDoc): QueueIntegration {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    type: doc.type,
    name: doc.name,
    projectName: doc.projectName,
    jsonContent: doc.sealedJsonContent ? doc.jsonContentMask : '',
    language: doc.language,
    urlN8N: doc.urlN8N,
    typebotSlug: doc.typebotSlug,
    typebotExpires: doc.typebotExpires,
    typebotDelayMessage: doc.typebotDelayMessage,
    typebotKeywordFinish: doc.typebotKeywordFinish,
    typebotKeywordRestart: doc.typebotKeywordRestart,
    typebotRestartMessage: doc.typebotRestartMessage,
    typebotUnknownMessage: doc.typebotUnknownMessage,
    flowId: doc.flowId ? String(doc.flowId) : null,
    webhookSecret: isWebhookType(doc.type) && doc.sealedSecret ? doc.secretMask : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** An integration of the company, or ERR_NO_INTEGRATION_FOUND (also for another company's id). */
export async function findIntegration(companyId: string, id: string): Promise<QueueIntegrationDoc> {
  const doc = await QueueIntegrationModel.findOne({ companyId, _id: id }).lean<QueueIntegrationDoc>();
  if (!doc) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  return doc;
}

/** A queue or a connection names an integration of its own company (ERR_NO_INTEGRATION_FOUND otherwise). */
export async function refuseUnknownIntegration(companyId: string, integrationId: string | null | undefined): Promise<void> {
  if (integrationId && !(await QueueIntegrationModel.exists({ companyId, _id: integrationId }))) throw new AppError('ERR_NO_INTEGRATION_FOUND', { field: 'integrationId' });
}
