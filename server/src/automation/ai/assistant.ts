/**
 * The assistant that answers a ticket, from a prompt (a queue's or a connection's) or from a flow's
 * OpenAI block, with its endpoint resolved: the prompt's (or block's) own address, else the
 * company's default (setting openAiBaseUrl), else the operator's (ATENDE_OPENAI_BASE_URL, else
 * OpenAI's).
 */
import type { Types } from 'mongoose';
import { humanPhrasesOf, PROMPT_DEFAULTS, type FlowOpenAiSettings } from '@atende/shared';
import type { Config } from '../../platform/config.js';
import type { Sealer } from '../../platform/sealing.js';
import { openApiKey } from '../../domains/prompts/apiKey.js';
import { planFlagsOfCompany } from '../../domains/plans/service.js';
import { companyPrompts } from '../../domains/prompts/cache.js';
import type { PromptDoc } from '../../domains/prompts/model.js';
import { queueCards } from '../../domains/queues/cache.js';
import { companySetting } from '../../domains/settings/service.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import type { ConnectionSettings } from '../../domains/whatsapp/cache.js';

export interface Assistant {
  /** The prompt it comes from (null for a flow's block). */
  promptId: Types.ObjectId | null;
  instructions: string;
  model: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  /** Opened; null when the stored key cannot be opened (sealed under another secret key). */
  apiKey: string | null;
  /** '' when it names none (the company's or the operator's then). */
  baseURL: string;
  humanPhrases: string[];
  /** The sector it hands over into (null: none). */
  queueId: string | null;
}

export function fromPrompt(prompt: PromptDoc, sealer: Sealer): Assistant {
  return {
    promptId: prompt._id,
    instructions: prompt.prompt,
    model: prompt.model,
    maxTokens: prompt.maxTokens,
    temperature: prompt.temperature,
    maxMessages: prompt.maxMessages,
    apiKey: openApiKey(sealer, prompt.apiKey),
    baseURL: prompt.baseURL ?? '',
    humanPhrases: humanPhrasesOf(prompt.humanPhrase),
    queueId: prompt.queueId ? String(prompt.queueId) : null,
  };
}

/** The OpenAI block's settings (data.typebotIntegration); `model`, `baseURL` and `humanPhrase` are optional extras of the block. */
export type FlowBlockSettings = Partial<FlowOpenAiSettings> & { model?: string; baseURL?: string; humanPhrase?: string };

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

export function fromFlowBlock(settings: FlowBlockSettings, sealer: Sealer): Assistant {
  return {
    promptId: null,
    instructions: settings.prompt ?? '',
    model: settings.model?.trim() || PROMPT_DEFAULTS.model,
    maxTokens: numberOr(settings.maxTokens, PROMPT_DEFAULTS.maxTokens),
    temperature: numberOr(settings.temperature, PROMPT_DEFAULTS.temperature),
    maxMessages: Math.max(1, numberOr(settings.maxMessages, PROMPT_DEFAULTS.maxMessages)),
    apiKey: openApiKey(sealer, settings.apiKey ?? ''),
    baseURL: settings.baseURL?.trim() ?? '',
    humanPhrases: humanPhrasesOf(settings.humanPhrase),
    queueId: settings.queueId || null,
  };
}

/**
 * The prompt that answers a ticket not taken by an agent: its queue's, or, without a queue, its
 * connection's (the hand-over contract). Null when none applies, when that queue or connection has
 * an integration too (the integration answers), or when the company's plan no longer has useOpenAi
 * (prompts kept from before a downgrade stay silent).
 */
export async function promptFor(ticket: Pick<TicketDoc, 'companyId' | 'queueId'>, whatsapp: Pick<ConnectionSettings, 'promptId' | 'integrationId'> | null): Promise<PromptDoc | null> {
  const companyId = String(ticket.companyId);
  // A queue (or connection) given an integration as well is the integration's: it answers first.
  const owner = ticket.queueId ? (await queueCards.get(companyId)).get(String(ticket.queueId)) : whatsapp;
  if (!owner?.promptId || owner.integrationId) return null;
  const promptId: Types.ObjectId = owner.promptId;
  const prompt = (await companyPrompts.get(companyId)).get(String(promptId));
  return prompt && (await planFlagsOfCompany(companyId)).useOpenAi ? prompt : null;
}

export async function hasPrompts(companyId: string): Promise<boolean> {
  return (await companyPrompts.get(companyId)).size > 0;
}

/**
 * The endpoint's address for this assistant and company; `operator`: the operator's own default
 * (ATENDE_OPENAI_BASE_URL, else OpenAI's), which may be private without an allow-list entry.
 */
export async function baseUrlOf(assistant: Assistant, companyId: string, config: Config): Promise<{ baseURL: string; operator: boolean }> {
  const chosen = assistant.baseURL || (await companySetting(companyId, 'openAiBaseUrl'));
  return chosen ? { baseURL: chosen, operator: false } : { baseURL: config.openAi.baseUrl, operator: true };
}
