/**
 * The calls to an OpenAI-compatible endpoint, through the official `openai` client: a chat
 * completion and, when the endpoint offers it, an audio transcription. Every failure becomes an
 * `AiFailure` with the code the ticket shows (the endpoint's own message is only logged: it may
 * echo what a custom address answered). No retries here: a customer's next message tries again.
 * The client calls through the outbound module's fetch (platform/net): an address leading to a
 * private network is refused before anything is sent (`addressRefused`).
 */
import { createReadStream } from 'node:fs';
import OpenAI, { toFile } from 'openai';
import type { AiErrorCode } from '@atende/shared';
import type { OutboundFetch } from '../../platform/net/fetch.js';
import { refusalIn } from '../../platform/net/guard.js';

export interface EndpointSettings {
  apiKey: string;
  baseURL: string;
  timeoutMs: number;
  /** The outbound module's fetch that may reach this address (the operator's own default is allowed for its calls). */
  fetch: OutboundFetch;
}

/** Past the client's own deadline, so that the client reports its timeout first. */
const DEADLINE_MARGIN_MS = 1_000;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  maxTokens: number;
  temperature: number;
  messages: ChatMessage[];
}

export class AiFailure extends Error {
  constructor(
    readonly code: AiErrorCode,
    readonly status: number | null,
    cause?: unknown,
  ) {
    super(`AI endpoint failed: ${code}${status ? ` (${status})` : ''}`, { cause });
  }
}

/** What a failure of the client means for the ticket. */
export function failureOf(err: unknown): AiFailure {
  if (err instanceof AiFailure) return err;
  if (refusalIn(err)) return new AiFailure('addressRefused', null, err);
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new AiFailure('timeout', null, err);
  if (err instanceof OpenAI.APIConnectionError) return new AiFailure('unreachable', null, err);
  if (err instanceof OpenAI.APIError) {
    const status = typeof err.status === 'number' ? err.status : null;
    if (status === 401 || status === 403) return new AiFailure('auth', status, err);
    if (status === 429) return new AiFailure('rateLimit', status, err);
    if (status !== null && status >= 500) return new AiFailure('server', status, err);
    return new AiFailure('refused', status, err);
  }
  return new AiFailure('server', null, err);
}

function client(settings: EndpointSettings): OpenAI {
  // baseURL always given: the client would otherwise read OPENAI_BASE_URL from the environment.
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    timeout: settings.timeoutMs,
    maxRetries: 0,
    fetch: (input, init) => settings.fetch(input, init, { timeoutMs: settings.timeoutMs + DEADLINE_MARGIN_MS }),
  });
}

/** The model's answer (trimmed); an empty one is a failure. */
export async function chatCompletion(settings: EndpointSettings, request: ChatRequest): Promise<string> {
  try {
    const completion = await client(settings).chat.completions.create({
      model: request.model,
      messages: request.messages,
      max_tokens: request.maxTokens,
      temperature: request.temperature,
    });
    const text = completion.choices?.[0]?.message?.content?.trim() ?? '';
    if (!text) throw new AiFailure('emptyAnswer', null);
    return text;
  } catch (err) {
    throw failureOf(err);
  }
}

/** The text of an audio file (the transcription API); an empty transcription is a failure. */
export async function transcribe(settings: EndpointSettings, model: string, filePath: string, fileName: string): Promise<string> {
  try {
    const file = await toFile(createReadStream(filePath), fileName);
    const transcription = await client(settings).audio.transcriptions.create({ file, model });
    const text = transcription.text?.trim() ?? '';
    if (!text) throw new AiFailure('emptyAnswer', null);
    return text;
  } catch (err) {
    throw failureOf(err);
  }
}
