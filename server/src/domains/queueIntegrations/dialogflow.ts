/**
 * Dialogflow ES through the official client (`@google-cloud/dialogflow` SessionsClient) with the
 * company's service-account JSON: detectIntent in the integration's language, one session per
 * ticket. The client speaks REST (HTTP/1.1, `fallback`), signs its own JWT with the key (no token
 * exchange), and goes to Google's endpoint, or to ATENDE_DIALOGFLOW_URL when set (a regional
 * endpoint, a proxy, or a local stand-in in the tests).
 */
import { createHash } from 'node:crypto';
import dialogflow from '@google-cloud/dialogflow';
import type { ServiceAccount } from './credentials.js';

type SessionsClient = InstanceType<typeof dialogflow.SessionsClient>;

export interface DialogflowQuery {
  projectName: string;
  account: ServiceAccount;
  language: string;
  /** The conversation's session (the ticket): Dialogflow keeps its contexts by it. */
  sessionId: string;
  text: string;
}

/** What the agent answered: texts to send, and whether it hands the customer over (to a queue). */
export interface DialogflowAnswer {
  texts: string[];
  intent: string;
  handOver: { queue: string | null } | null;
}

interface StructValue {
  boolValue?: boolean;
  stringValue?: string;
}

interface Struct {
  fields?: Record<string, StructValue>;
}

interface QueryResult {
  fulfillmentText?: string | null;
  fulfillmentMessages?: { text?: { text?: string[] | null } | null; payload?: Struct | null }[] | null;
  intent?: { displayName?: string | null; endInteraction?: boolean | null; liveAgentHandoff?: boolean | null; action?: string | null } | null;
  diagnosticInfo?: Struct | null;
}

/** Clients kept per credentials and project (each loads the API's descriptions: too costly per message). */
const KEPT_CLIENTS = 50;

function endpointOptions(url: string | null): Record<string, unknown> {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol.replace(':', '');
  return { apiEndpoint: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The fulfillment's texts, and a payload message `{ "transfer": true, "queue": "Sales" }` as a hand-over. */
function answerOf(result: QueryResult): DialogflowAnswer {
  const messages = result.fulfillmentMessages ?? [];
  const texts = messages.flatMap((message) => message.text?.text ?? []).filter((text) => text.trim());
  if (texts.length === 0 && result.fulfillmentText?.trim()) texts.push(result.fulfillmentText);
  const payload = messages.map((message) => message.payload?.fields).find((fields) => fields?.transfer?.boolValue || fields?.queue?.stringValue || fields?.queueId?.stringValue);
  const intent = result.intent ?? {};
  const name = intent.displayName ?? '';
  const ends = Boolean(intent.endInteraction || intent.liveAgentHandoff || result.diagnosticInfo?.fields?.end_conversation?.boolValue);
  const transferIntent = [name, intent.action ?? ''].some((label) => label.trim().toLowerCase() === 'transfer');
  const queue = payload?.queueId?.stringValue || payload?.queue?.stringValue || null;
  return { texts, intent: name, handOver: payload || ends || transferIntent ? { queue } : null };
}

export function createDialogflow(options: { url: string | null; timeoutMs: number }) {
  const clients = new Map<string, SessionsClient>();

  function clientFor(account: ServiceAccount, projectName: string): SessionsClient {
    const key = createHash('sha256').update(`${projectName}\n${account.client_email}\n${account.private_key}`).digest('hex');
    const known = clients.get(key);
    if (known) return known;
    const client = new dialogflow.SessionsClient({
      credentials: { client_email: account.client_email, private_key: account.private_key },
      projectId: projectName,
      fallback: true,
      ...endpointOptions(options.url),
    });
    clients.set(key, client);
    if (clients.size > KEPT_CLIENTS) {
      const [oldestKey, oldest] = clients.entries().next().value as [string, SessionsClient];
      clients.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
    return client;
  }

  async function detect(query: DialogflowQuery): Promise<DialogflowAnswer> {
    const client = clientFor(query.account, query.projectName);
    const session = client.projectAgentSessionPath(query.projectName, query.sessionId);
    const [response] = await client.detectIntent(
      { session, queryInput: { text: { text: query.text.slice(0, 256), languageCode: query.language } } },
      { timeout: options.timeoutMs, retry: null },
    );
    return answerOf((response.queryResult ?? {}) as QueryResult);
  }

  return {
    detect,
    /** Closes the kept clients (the app stops). */
    async close(): Promise<void> {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map((client) => client.close().catch(() => undefined)));
    },
  };
}

export type Dialogflow = ReturnType<typeof createDialogflow>;
