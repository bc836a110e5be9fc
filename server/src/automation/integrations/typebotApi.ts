/**
 * Typebot's chat API (v2, published bots): `POST {url}/api/v1/typebots/{slug}/startChat` opens a
 * session and answers the bot's first bubbles and input; `POST {url}/api/v1/sessions/{id}/continueChat`
 * gives it the customer's answer. Text bubbles are asked in markdown (older servers answer rich
 * text, flattened here). What a bubble or an input is, and how it is shown on WhatsApp, is decided
 * in typebotRender.ts. Calls go through the outbound module (platform/net).
 */
import type { OutboundFetch } from '../../platform/net/fetch.js';
import { refusalIn } from '../../platform/net/guard.js';

export interface TypebotBubble {
  id?: string;
  type: string;
  content?: {
    type?: string;
    markdown?: string;
    richText?: unknown;
    url?: string;
    [key: string]: unknown;
  };
}

export interface TypebotInput {
  id?: string;
  type: string;
  items?: { id?: string; content?: string; title?: string; pictureSrc?: string }[];
  options?: Record<string, unknown>;
}

export interface TypebotReply {
  sessionId?: string;
  messages: TypebotBubble[];
  input?: TypebotInput | null;
}

/** The Typebot server answered something other than 2xx (`status`), or did not answer. */
export class TypebotError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The longest answer read (bubbles and an input are small). */
const ANSWER_MAX_BYTES = 1024 * 1024;

async function post(outboundFetch: OutboundFetch, url: string, body: unknown, timeoutMs: number): Promise<TypebotReply> {
  let answer: Response;
  try {
    answer = await outboundFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) }, { timeoutMs, maxBytes: ANSWER_MAX_BYTES });
  } catch (err) {
    const refused = refusalIn(err);
    throw new TypebotError(refused ? `Typebot: ${refused.message}` : `Typebot did not answer: ${err instanceof Error ? err.message : String(err)}`, null);
  }
  const text = await answer.text().catch((err: unknown) => {
    throw new TypebotError(`Typebot's answer could not be read: ${err instanceof Error ? err.message : String(err)}`, answer.status);
  });
  if (!answer.ok) throw new TypebotError(`Typebot answered HTTP ${answer.status}: ${text.slice(0, 200)}`, answer.status);
  let parsed: Partial<TypebotReply>;
  try {
    parsed = JSON.parse(text) as Partial<TypebotReply>;
  } catch {
    throw new TypebotError('Typebot answered something that is not JSON', answer.status);
  }
  return { ...parsed, messages: Array.isArray(parsed.messages) ? parsed.messages : [] };
}

export function typebotApi(outboundFetch: OutboundFetch, timeoutMs: number) {
  return {
    startChat(baseUrl: string, slug: string, prefilledVariables: Record<string, string>): Promise<TypebotReply> {
      return post(outboundFetch, `${baseUrl}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, { isStreamEnabled: false, textBubbleContentFormat: 'markdown', prefilledVariables }, timeoutMs);
    },
    continueChat(baseUrl: string, sessionId: string, text: string): Promise<TypebotReply> {
      return post(outboundFetch, `${baseUrl}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' }, timeoutMs);
    },
  };
}

export type TypebotApi = ReturnType<typeof typebotApi>;
