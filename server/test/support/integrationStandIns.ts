/**
 * Local stand-ins for the tools queue integrations talk to (none is reachable from the tests):
 * a webhook receiver (records each request with its raw body, answers what the test says), a
 * Typebot server speaking the chat API's shape (startChat / continueChat with sessions), and a
 * Dialogflow ES endpoint speaking the REST shape the official client uses in fallback mode, which
 * checks the self-signed JWT the client makes with the service account's key.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface StandIn {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export interface Answer {
  status?: number;
  json?: unknown;
  /** Raw bytes with their content type (media). */
  bytes?: Buffer;
  contentType?: string;
  /** Held this long before answering. */
  delayMs?: number;
}

/** An HTTP server on 127.0.0.1 answering every request with `respond` (and recording it). */
export async function standIn(respond: (request: Recorded, all: Recorded[]) => Answer | Promise<Answer>): Promise<StandIn> {
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: Recorded = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(recorded);
      void Promise.resolve(respond(recorded, requests)).then(async (answer) => {
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        if (response.destroyed) return;
        response.statusCode = answer.status ?? 200;
        if (answer.bytes) {
          response.setHeader('content-type', answer.contentType ?? 'application/octet-stream');
          response.end(answer.bytes);
        } else if (answer.json !== undefined) {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(answer.json));
        } else response.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Typebot ------------------------------------------------------------------------------------

export interface TypebotStep {
  /** Bubbles of the answer (the chat API's `messages`). */
  messages: unknown[];
  /** The input the bot waits on; null: the flow ended. */
  input: unknown | null;
}

/**
 * A Typebot server: `bots[slug]` answers startChat (no answers yet) and each continueChat (the
 * customer's answers so far); a continueChat to an unknown session answers 404 as Typebot does.
 */
export async function typebotStandIn(
  bots: Record<string, (answers: string[]) => TypebotStep>,
  /** Files it serves at /media/{name} (the media its bubbles point to). */
  files: Record<string, { bytes: Buffer; contentType: string }> = {},
): Promise<StandIn & { sessions: Map<string, { slug: string; answers: string[] }> }> {
  const sessions = new Map<string, { slug: string; answers: string[] }>();
  let made = 0;
  const server = await standIn((request) => {
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(request.path);
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(request.path);
    const file = request.method === 'GET' ? files[decodeURIComponent(request.path.replace(/^\/media\//, ''))] : undefined;
    if (file) return { bytes: file.bytes, contentType: file.contentType };
    const body = JSON.parse(request.body || '{}') as { message?: { type: string; text: string } | string; textBubbleContentFormat?: string };
    if (request.method === 'POST' && start) {
      const slug = decodeURIComponent(start[1]!);
      const bot = bots[slug];
      if (!bot) return { status: 404, json: { message: 'Typebot not found' } };
      made += 1;
      const sessionId = `session-${made}`;
      sessions.set(sessionId, { slug, answers: [] });
      return { json: { sessionId, resultId: `result-${made}`, typebot: { id: slug, version: '6', theme: {}, settings: {} }, ...bot([]) } };
    }
    if (request.method === 'POST' && next) {
      const session = sessions.get(decodeURIComponent(next[1]!));
      if (!session) return { status: 404, json: { message: 'Session not found.' } };
      const text = typeof body.message === 'string' ? body.message : (body.message?.text ?? '');
      session.answers.push(text);
      return { json: bots[session.slug]!(session.answers) };
    }
    return { status: 404, json: { message: 'Not found' } };
  });
  return { ...server, sessions };
}

export const text = (markdown: string) => ({ id: `b-${markdown.length}-${Math.random().toString(36).slice(2, 6)}`, type: 'text', content: { type: 'markdown', markdown } });
export const choice = (...labels: string[]) => ({ id: 'choice', type: 'choice input', items: labels.map((content, index) => ({ id: `item-${index}`, content })) });
export const textInput = () => ({ id: 'ask', type: 'text input', options: { labels: { placeholder: 'Type your answer...' } } });

// ---- Dialogflow -----------------------------------------------------------------------------------

export interface ServiceAccountKey {
  json: string;
  clientEmail: string;
  publicKey: string;
}

export function serviceAccountKey(projectId = 'atende-bot'): ServiceAccountKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const clientEmail = `bot@${projectId}.iam.gserviceaccount.com`;
  const json = JSON.stringify({ type: 'service_account', project_id: projectId, private_key_id: `key${Date.now().toString(16)}abcd`, private_key: privateKey, client_email: clientEmail, client_id: '1' });
  return { json, clientEmail, publicKey };
}

/** Whether the bearer token is a JWT signed (RS256) by that key for that account. */
export function signedBy(authorization: string | undefined, key: Pick<ServiceAccountKey, 'publicKey' | 'clientEmail'>): boolean {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const [header, payload, signature] = token?.split('.') ?? [];
  if (!header || !payload || !signature) return false;
  const verified = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key.publicKey, Buffer.from(signature, 'base64url'));
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string };
  return verified && claims.iss === key.clientEmail;
}

export interface DetectRequest {
  project: string;
  session: string;
  text: string;
  languageCode: string;
}

/**
 * Dialogflow's `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent`: a request not
 * signed by one of `keys` answers 401 as Google does; the others answer `agent(query)`'s queryResult
 * (or its `error`, with that code).
 */
export async function dialogflowStandIn(keys: () => ServiceAccountKey[], agent: (query: DetectRequest) => Record<string, unknown>): Promise<StandIn> {
  return standIn((request) => {
    const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent/.exec(request.path);
    if (!match) return { status: 404, json: { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } } };
    if (!keys().some((key) => signedBy(request.headers.authorization, key))) {
      return { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } };
    }
    const body = JSON.parse(request.body) as { queryInput: { text: { text: string; languageCode: string } } };
    const query = { project: match[1]!, session: match[2]!, text: body.queryInput.text.text, languageCode: body.queryInput.text.languageCode };
    const result = agent(query);
    // `{ error }`: the agent's refusal, as Google answers it.
    const error = result.error as { code: number } | undefined;
    if (error) return { status: error.code, json: { error } };
    return { json: { responseId: `r-${Date.now()}`, queryResult: { queryText: query.text, languageCode: query.languageCode, ...result } } };
  });
}
