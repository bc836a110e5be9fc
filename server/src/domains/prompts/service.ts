/**
 * AI prompts (document 3, /prompt): the company's assistants, their queue links (queueLinks.ts)
 * and their API keys, sealed at rest and answered masked. Changes reach the `prompt` channel.
 */
import type { Prompt, PromptData, PromptEvent, PromptsAnswer } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { connectionWrites } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { Sealer } from '../../platform/sealing.js';
import { queueCards } from '../queues/cache.js';
import { QueueModel, type QueueDoc } from '../queues/model.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import { announceWhatsapp } from '../whatsapp/queries.js';
import { maskApiKey } from './apiKey.js';
import { companyPrompts } from './cache.js';
import { findPrompt, toPrompt } from './dto.js';
import { PromptModel, type PromptDoc } from './model.js';
import { setQueuePrompt } from './queueLinks.js';

export type PromptInput = Partial<PromptData>;

const DELETED = 'Prompt deleted.';

/** The sector must be a queue of the company (another company's id is not found). */
async function refuseUnknownQueue(companyId: string, queueId: string): Promise<void> {
  if (!(await QueueModel.exists({ companyId, _id: queueId }))) throw new AppError('ERR_NO_QUEUE_FOUND', { field: 'queueId' });
}

export function createPromptService(deps: { realtime: RealtimePublisher; sealer: Sealer }) {
  const { realtime, sealer } = deps;

  async function announce(action: 'create' | 'update', doc: PromptDoc): Promise<Prompt> {
    const companyId = String(doc.companyId);
    companyPrompts.invalidate(companyId);
    const prompt = toPrompt(doc, await queueCards.get(companyId));
    realtime.publish(companyId, 'prompt', { action, prompt } satisfies PromptEvent);
    return prompt;
  }

  /** The stored fields of the input; a key equal to the stored mask is no change. */
  function storedFields(input: PromptInput, current?: PromptDoc): Record<string, unknown> {
    const set: Record<string, unknown> = {};
    for (const field of ['name', 'prompt', 'model', 'maxTokens', 'temperature', 'maxMessages', 'queueId', 'baseURL', 'humanPhrase'] as const) {
      if (input[field] !== undefined) set[field] = input[field];
    }
    if (input.apiKey !== undefined && input.apiKey !== current?.apiKeyMask) {
      set.apiKey = sealer.seal(input.apiKey);
      set.apiKeyMask = maskApiKey(input.apiKey);
    }
    return set;
  }

  /** Connections that named the prompt answer without one from now on. */
  async function releaseConnections(companyId: string, promptId: string): Promise<void> {
    const named = await WhatsappModel.find({ companyId, promptId }, { _id: 1 }).lean<Pick<WhatsappDoc, '_id'>[]>();
    for (const { _id } of named) {
      const updated = await connectionWrites.run(String(_id), () =>
        WhatsappModel.findOneAndUpdate({ companyId, _id, promptId }, { $set: { promptId: null } }, { returnDocument: 'after' }).lean<WhatsappDoc>(),
      );
      if (updated) await announceWhatsapp(realtime, updated);
    }
  }

  return {
    /** Few per company: all of them, by name. */
    async list(actor: AuthCredentials): Promise<PromptsAnswer> {
      const [rows, queues] = await Promise.all([PromptModel.find({ companyId: actor.companyId }).sort({ name: 1, _id: 1 }).lean<PromptDoc[]>(), queueCards.get(actor.companyId)]);
      return { prompts: rows.map((row) => toPrompt(row, queues)) };
    },

    async get(actor: AuthCredentials, id: string): Promise<Prompt> {
      return toPrompt(await findPrompt(actor.companyId, id), await queueCards.get(actor.companyId));
    },

    async create(actor: AuthCredentials, input: PromptInput): Promise<Prompt> {
      const { companyId } = actor;
      await refuseUnknownQueue(companyId, input.queueId ?? '');
      const created = await PromptModel.create({ ...storedFields(input), companyId });
      const doc = created.toObject() as PromptDoc;
      await setQueuePrompt(realtime, companyId, doc.queueId!, doc._id);
      return announce('create', doc);
    },

    async update(actor: AuthCredentials, id: string, input: PromptInput): Promise<Prompt> {
      const { companyId } = actor;
      const current = await findPrompt(companyId, id);
      if (input.queueId !== undefined) await refuseUnknownQueue(companyId, input.queueId);
      const updated = await PromptModel.findOneAndUpdate({ companyId, _id: id }, { $set: storedFields(input, current) }, { returnDocument: 'after' }).lean<PromptDoc>();
      if (!updated) throw new AppError('ERR_NO_PROMPT_FOUND');
      const moved = String(updated.queueId) !== String(current.queueId);
      if (moved && current.queueId) await setQueuePrompt(realtime, companyId, current.queueId, null, updated._id);
      if (moved && updated.queueId) await setQueuePrompt(realtime, companyId, updated.queueId, updated._id);
      return announce('update', updated);
    },

    /** Queues and connections that named it answer without a prompt from now on. */
    async remove(actor: AuthCredentials, id: string): Promise<{ message: string }> {
      const { companyId } = actor;
      const prompt = await findPrompt(companyId, id);
      await PromptModel.deleteOne({ companyId, _id: prompt._id });
      companyPrompts.invalidate(companyId);
      const queues = await QueueModel.find({ companyId, promptId: prompt._id }, { _id: 1 }).lean<Pick<QueueDoc, '_id'>[]>();
      for (const queue of queues) await setQueuePrompt(realtime, companyId, queue._id, null, prompt._id);
      await releaseConnections(companyId, id);
      realtime.publish(companyId, 'prompt', { action: 'delete', promptId: id } satisfies PromptEvent);
      return { message: DELETED };
    },
  };
}

export type PromptService = ReturnType<typeof createPromptService>;
