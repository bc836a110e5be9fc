import type { Prompt } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import type { QueueCard } from '../queues/cache.js';
import { PromptModel, type PromptDoc } from './model.js';

export function toPrompt(doc: PromptDoc, queues: Map<string, QueueCard>): Prompt {
  const queue = doc.queueId ? queues.get(String(doc.queueId)) : undefined;
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    prompt: doc.prompt,
    model: doc.model,
    maxTokens: doc.maxTokens,
    temperature: doc.temperature,
    apiKey: doc.apiKeyMask,
    queueId: doc.queueId ? String(doc.queueId) : null,
    queue: queue ? { id: String(queue._id), name: queue.name } : null,
    maxMessages: doc.maxMessages,
    baseURL: doc.baseURL ?? '',
    humanPhrase: doc.humanPhrase ?? '',
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A prompt of the company, or ERR_NO_PROMPT_FOUND (also for another company's id). */
export async function findPrompt(companyId: string, id: string): Promise<PromptDoc> {
  const doc = await PromptModel.findOne({ companyId, _id: id }).lean<PromptDoc>();
  if (!doc) throw new AppError('ERR_NO_PROMPT_FOUND');
  return doc;
}

/** A prompt named by a queue or a connection must be one of the company's (ERR_NO_PROMPT_FOUND naming the field). */
export async function refuseUnknownPrompt(companyId: string, promptId: string | null | undefined): Promise<void> {
  if (promptId && !(await PromptModel.exists({ companyId, _id: promptId }))) throw new AppError('ERR_NO_PROMPT_FOUND', { field: 'promptId' });
}
