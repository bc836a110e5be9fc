/**
 * AI prompts (document 3 sections 3, 5 and 9): an assistant bound to a queue, answered by a model
 * of an OpenAI-compatible endpoint, and what a ticket shows of the assistant's work.
 */

/** The models the dialog offers (section 9); any other name an endpoint serves is accepted too. */
export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;

export const PROMPT_DEFAULTS = {
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;

export const PROMPT_NAME_MIN = 5;
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MIN = 50;
export const PROMPT_TEXT_MAX = 20_000;
export const PROMPT_MODEL_MAX = 100;
/** The spec shows no bounds: these keep a request within what any endpoint accepts. */
export const PROMPT_MAX_TOKENS_MAX = 32_768;
export const PROMPT_MAX_MESSAGES_MAX = 100;
export const PROMPT_TEMPERATURE_STEP = 0.1;
export const PROMPT_API_KEY_MAX = 500;
export const PROMPT_HUMAN_PHRASE_MAX = 200;

/**
 * What a customer writes to be handed to an agent when the prompt names no phrase of its own:
 * a message holding one of these words (case and accents aside) hands over. Portuguese, English
 * and Spanish at once, so a customer is understood whatever the company's language.
 */
export const DEFAULT_HUMAN_PHRASES = ['atendente', 'humano', 'human', 'agente', 'agent', 'attendant'] as const;

export interface Prompt {
  id: string;
  companyId: string;
  name: string;
  /** The assistant's instructions (the model's system message). */
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** Masked (`sk-...abcd`): the key is never answered whole; sending the mask back keeps it. */
  apiKey: string;
  /** The sector the assistant serves: its tickets are answered, and it hands over into it. */
  queueId: string | null;
  queue: { id: string; name: string } | null;
  /** How many of the conversation's last messages the model reads. */
  maxMessages: number;
  /** The OpenAI-compatible endpoint; '' for the company's default (settings), else the operator's. */
  baseURL: string;
  /** Phrases (comma-separated) with which the customer asks for a human; '' for the defaults. */
  humanPhrase: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /prompt, PUT /prompt/{id}. */
export interface PromptData {
  name: string;
  prompt: string;
  model?: string;
  maxTokens?: number;
  temperature?: number;
  apiKey: string;
  queueId: string;
  maxMessages?: number;
  baseURL?: string;
  humanPhrase?: string;
}

export interface PromptsAnswer {
  prompts: Prompt[];
}

/** Payloads of the company's `prompt` realtime channel. */
export type PromptEvent = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: string };

/** Why the assistant could not answer a ticket (the conversation shows it; the message stays for the agents). */
export const AI_ERROR_CODES = ['auth', 'rateLimit', 'server', 'timeout', 'unreachable', 'refused', 'keyUnreadable', 'emptyAnswer', 'addressRefused'] as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[number];

export interface TicketAiError {
  code: AiErrorCode;
  /** The endpoint's HTTP status, when it answered one. */
  status: number | null;
  at: string;
}

/**
 * The phrases of a prompt's `humanPhrase` (comma-separated), or the defaults when it names none.
 */
export function humanPhrasesOf(humanPhrase: string | null | undefined): string[] {
  const own = (humanPhrase ?? '')
    .split(',')
    .map((phrase) => phrase.trim())
    .filter(Boolean);
  return own.length > 0 ? own : [...DEFAULT_HUMAN_PHRASES];
}

/** Lower case, without accents, words separated by single spaces. */
function words(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether the customer's message asks for a human: it holds one of the phrases as whole words. */
export function asksForHuman(body: string, phrases: string[]): boolean {
  const message = ` ${words(body)} `;
  return phrases.some((phrase) => {
    const wanted = words(phrase);
    return wanted.length > 0 && message.includes(` ${wanted} `);
  });
}
