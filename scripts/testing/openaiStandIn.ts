/**
 * A local OpenAI-compatible HTTP server for the tests (the AI prompts never reach the internet):
 * `POST /v1/chat/completions` answers canned texts in OpenAI's response shape and records every
 * request; `POST /v1/audio/transcriptions` answers a canned transcription (or 404, as an endpoint
 * without transcriptions). Failure modes answer an HTTP status with OpenAI's error body; requests
 * can be held (answered later, in order) or delayed (timeouts). The key it expects is checked like
 * the real one: another key is a 401.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

export interface ChatRequestSeen {
  authorization: string;
  model: string;
  max_tokens: number | undefined;
  temperature: number | undefined;
  messages: { role: string; content: string }[];
}

export interface TranscriptionSeen {
  authorization: string;
  model: string;
  fileName: string;
  bytes: number;
}

export interface OpenAiStandIn {
  /** The address a prompt's baseURL takes, e.g. http://127.0.0.1:41234/v1. */
  baseURL: string;
  /** The key the stand-in accepts (null: any). */
  apiKey: string | null;
  chats: ChatRequestSeen[];
  transcriptions: TranscriptionSeen[];
  /** The next chat answers, in order; when none is queued the answer repeats the last user message ("Echo: ..."). */
  answer(...texts: string[]): void;
  /** The next `times` chat requests (every one with Infinity) fail with this status. */
  fail(status: number, times?: number): void;
  /** Chat answers wait this long (a timeout on the caller's side). */
  delay(ms: number): void;
  /** Chat requests wait until released (all at once, in arrival order). */
  hold(): () => void;
  /** The transcription's text; null: the endpoint offers no transcriptions (404). */
  transcription(text: string | null): void;
  reset(): void;
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, { type: string; code: string; message: string }> = {
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached.' },
  500: { type: 'server_error', code: 'server_error', message: 'The server had an error while processing your request.' },
};

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function sendError(response: ServerResponse, status: number): void {
  const known = ERROR_TYPES[status] ?? { type: 'server_error', code: `status_${status}`, message: `Status ${status}.` };
  sendJson(response, status, { error: { message: known.message, type: known.type, param: null, code: known.code } });
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart field's value and the file part's name and size (enough to record the request). */
function multipartOf(raw: Buffer, contentType: string): { fields: Record<string, string>; fileName: string; bytes: number } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  const fields: Record<string, string> = {};
  let fileName = '';
  let bytes = 0;
  for (const part of raw.toString('latin1').split(marker)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const file = /filename="([^"]*)"/.exec(headers)?.[1];
    if (file !== undefined) {
      fileName = file;
      bytes = Buffer.byteLength(content, 'latin1');
    } else if (name) fields[name] = content;
  }
  return { fields, fileName, bytes };
}

export async function startOpenAiStandIn(options: { apiKey?: string | null } = {}): Promise<OpenAiStandIn> {
  const apiKey = options.apiKey === undefined ? 'sk-standin-0123456789abcdef' : options.apiKey;
  const chats: ChatRequestSeen[] = [];
  const transcriptions: TranscriptionSeen[] = [];
  let answers: string[] = [];
  let failure: { status: number; times: number } | null = null;
  let delayMs = 0;
  let held: (() => void)[] | null = null;
  let heard: string | null = 'transcribed audio';

  const authorized = (request: IncomingMessage) => apiKey === null || request.headers.authorization === `Bearer ${apiKey}`;

  async function chat(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = JSON.parse((await bodyOf(request)).toString('utf8')) as { model: string; max_tokens?: number; temperature?: number; messages: { role: string; content: string }[] };
    chats.push({ authorization: request.headers.authorization ?? '', model: body.model, max_tokens: body.max_tokens, temperature: body.temperature, messages: body.messages });
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (!authorized(request)) return sendError(response, 401);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      return sendError(response, failure.status);
    }
    const lastUser = [...body.messages].reverse().find((message) => message.role === 'user');
    const content = answers.shift() ?? `Echo: ${lastUser?.content ?? ''}`;
    sendJson(response, 200, {
      id: `chatcmpl-${chats.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  }

  async function transcribe(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { fields, fileName, bytes } = multipartOf(await bodyOf(request), request.headers['content-type'] ?? '');
    transcriptions.push({ authorization: request.headers.authorization ?? '', model: fields.model ?? '', fileName, bytes });
    if (heard === null) return sendError(response, 404);
    if (!authorized(request)) return sendError(response, 401);
    sendJson(response, 200, { text: heard });
  }

  const server = http.createServer((request, response) => {
    const route = `${request.method} ${request.url?.split('?')[0]}`;
    const handled = route === 'POST /v1/chat/completions' ? chat(request, response) : route === 'POST /v1/audio/transcriptions' ? transcribe(request, response) : null;
    if (!handled) return sendError(response, 404);
    handled.catch(() => sendError(response, 500));
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    apiKey,
    chats,
    transcriptions,
    answer: (...texts) => {
      answers.push(...texts);
    },
    fail: (status, times = Infinity) => {
      failure = { status, times };
    },
    delay: (ms) => {
      delayMs = ms;
    },
    hold: () => {
      held = [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const release of waiting) release();
      };
    },
    transcription: (text) => {
      heard = text;
    },
    reset: () => {
      chats.length = 0;
      transcriptions.length = 0;
      answers = [];
      failure = null;
      delayMs = 0;
      heard = 'transcribed audio';
      const waiting = held ?? [];
      held = null;
      for (const release of waiting) release();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
