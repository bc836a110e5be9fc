/**
 * The durable delivery queue of the n8n and webhook integrations. Each event is stored first (its
 * raw body fixed, so every attempt carries the same signature), then POSTed at once; a failed
 * attempt (no answer, a timeout, a status other than 2xx) is retried after ATENDE_INTEGRATION_RETRY_MS,
 * doubling, until ATENDE_INTEGRATION_ATTEMPTS attempts, then given up. Every attempt is recorded
 * (status code, duration, error) in the integration's delivery log.
 *
 * Exactly one attempt at a time: an attempt claims the delivery by raising its attempt count from
 * the one it read, and pushes its next attempt past its own timeout (a node that dies mid-attempt
 * leaves it to be tried again). A recurring sweep (Agenda, one node at a time) tries the due ones:
 * the retries, and those a stop or a crash left before their first attempt, so they survive a restart.
 */
import { createHmac } from 'node:crypto';
import { Types } from 'mongoose';
import type { IntegrationWebhookAnswer } from '@atende/shared';
import type { IntegrationsConfig } from '../../platform/config.js';
import { pageKeyOf } from '../../platform/database/placedPages.js';
import { documentWrites, keyedSerial, updateDocument } from '../../platform/database/serial.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { OutboundFetch } from '../../platform/net/fetch.js';
import { refusalIn } from '../../platform/net/guard.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { Sealer } from '../../platform/sealing.js';
import { DELIVERY_LOG_PAGES, DELIVERY_PAGE_SIZE } from '../../domains/queueIntegrations/deliveryLog.js';
import { DELIVERY_DUE, IntegrationDeliveryModel, type DeliveryAttemptDoc, type IntegrationDeliveryDoc } from '../../domains/queueIntegrations/deliveryModel.js';
import { QueueIntegrationModel, type QueueIntegrationDoc } from '../../domains/queueIntegrations/model.js';

export const INTEGRATION_DELIVERY_SWEEP_JOB = 'integrationDeliverySweep';
/** The longest answer body read (a reply JSON is small); a longer one is no answer. */
const ANSWER_MAX_BYTES = 64 * 1024;

export interface DeliveryOutcome {
  delivery: IntegrationDeliveryDoc;
  attempt: DeliveryAttemptDoc;
  /** 2xx: delivered; otherwise failed this attempt (`gaveUp`: the last one). */
  delivered: boolean;
  gaveUp: boolean;
  /** A JSON object the endpoint answered with (replies, a transfer), when delivered. */
  answer: IntegrationWebhookAnswer | null;
}

export function signatureOf(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

async function readAnswer(response: Response): Promise<IntegrationWebhookAnswer | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IntegrationWebhookAnswer) : null;
  } catch {
    return null;
  }
}

export function createDeliveries(deps: {
  jobs: JobRunner;
  logger: Logger;
  realtime: RealtimePublisher;
  sealer: Sealer;
  config: IntegrationsConfig;
  /** The outbound module's fetch (platform/net): an address leading to a private network is refused unsent. */
  outboundFetch: OutboundFetch;
  /** Every attempt's outcome (the runner sends replies, shows failures on the ticket). */
  settled(outcome: DeliveryOutcome): Promise<void>;
}) {
  const { jobs, logger, realtime, sealer, config, outboundFetch } = deps;
  const running = keyedSerial();
  const inFlight = new Set<string>();

  function announce(delivery: IntegrationDeliveryDoc): void {
    realtime.publish(String(delivery.companyId), 'queueIntegration', { action: 'delivery', integrationId: String(delivery.integrationId), deliveryId: String(delivery._id), status: delivery.status });
  }

  /** The next place in the integration's log (its counter, written in turn with its other writes). */
  async function nextSeq(integration: QueueIntegrationDoc): Promise<number> {
    const counted = await documentWrites.run(`${QueueIntegrationModel.modelName}:${String(integration._id)}`, () =>
      QueueIntegrationModel.findOneAndUpdate({ companyId: integration.companyId, _id: integration._id }, { $inc: { deliveryCount: 1 } }, { returnDocument: 'after', timestamps: false }).lean<QueueIntegrationDoc>(),
    );
    return (counted?.deliveryCount ?? 1) - 1;
  }

  /** A page of the log starts: the page that falls out of the kept ones goes. */
  async function prune(integration: QueueIntegrationDoc, seq: number): Promise<void> {
    const kept = DELIVERY_PAGE_SIZE * DELIVERY_LOG_PAGES;
    if (seq % DELIVERY_PAGE_SIZE !== 0 || seq < kept) return;
    await IntegrationDeliveryModel.deleteMany({ companyId: integration.companyId, pageKey: pageKeyOf(integration._id, seq - kept, DELIVERY_PAGE_SIZE) });
  }

  async function post(integration: QueueIntegrationDoc, delivery: IntegrationDeliveryDoc): Promise<{ attempt: DeliveryAttemptDoc; answer: IntegrationWebhookAnswer | null }> {
    const secret = integration.sealedSecret ? sealer.open(integration.sealedSecret) : null;
    const started = Date.now();
    const attempt = (statusCode: number | null, error: string | null): DeliveryAttemptDoc => ({ at: new Date(started), statusCode, durationMs: Date.now() - started, error });
    if (!secret) return { attempt: attempt(null, 'the signing secret cannot be opened (was ATENDE_SECRET_KEY changed?): rotate it'), answer: null };
    try {
      const response = await outboundFetch(
        integration.urlN8N,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Atende-Webhook/1',
            'x-atende-event': 'message',
            'x-atende-delivery': String(delivery._id),
            'x-atende-signature': signatureOf(secret, delivery.body),
          },
          body: delivery.body,
          redirect: 'manual',
        },
        { timeoutMs: config.timeoutMs, maxBytes: ANSWER_MAX_BYTES },
      );
      if (response.status < 200 || response.status >= 300) {
        await response.body?.cancel().catch(() => undefined);
        return { attempt: attempt(response.status, `HTTP ${response.status}`), answer: null };
      }
      return { attempt: attempt(response.status, null), answer: await readAnswer(response).catch(() => null) };
    } catch (err) {
      // A refusal reads the same whatever the address was: the log tells nothing about internal hosts.
      const refused = refusalIn(err);
      const timedOut = (err as { name?: string }).name === 'TimeoutError';
      const error = refused ? refused.message : timedOut ? `no answer in ${config.timeoutMs} ms` : err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      return { attempt: attempt(null, error), answer: null };
    }
  }

  /** One attempt, when the delivery is still at `count` attempts (another attempt took it otherwise). */
  async function attempt(companyId: string, deliveryId: string, count: number): Promise<void> {
    const claimed = await updateDocument(
      IntegrationDeliveryModel,
      companyId,
      deliveryId,
      { $inc: { attemptCount: 1 }, $set: { nextAttemptAt: new Date(Date.now() + config.timeoutMs + config.retryMs) } },
      { status: 'pending', attemptCount: count },
    );
    if (!claimed) return;
    const integration = await QueueIntegrationModel.findOne({ companyId, _id: claimed.integrationId }).lean<QueueIntegrationDoc>();
    if (!integration) {
      await IntegrationDeliveryModel.deleteOne({ companyId, _id: deliveryId });
      return;
    }
    const { attempt: made, answer } = await post(integration, claimed);
    const delivered = made.error === null;
    const gaveUp = !delivered && claimed.attemptCount >= config.attempts;
    const set = delivered || gaveUp
      ? { status: delivered ? 'delivered' : 'failed', dueKey: null, nextAttemptAt: null }
      : { nextAttemptAt: new Date(Date.now() + config.retryMs * 2 ** (claimed.attemptCount - 1)) };
    const stored = await updateDocument(IntegrationDeliveryModel, companyId, deliveryId, { $set: set, $push: { attempts: made } });
    if (!stored) return;
    announce(stored);
    if (!delivered) logger.warn({ companyId, integrationId: String(stored.integrationId), deliveryId, attempt: claimed.attemptCount, error: made.error, gaveUp }, 'integration delivery failed');
    await deps.settled({ delivery: stored, attempt: made, delivered, gaveUp, answer: delivered ? answer : null });
  }

  /** Runs an attempt in the background, once per delivery at a time in this process. */
  function tryNow(companyId: string, deliveryId: string, count: number): Promise<void> {
    if (inFlight.has(deliveryId)) return Promise.resolve();
    inFlight.add(deliveryId);
    return running
      .run(deliveryId, () => attempt(companyId, deliveryId, count))
      .catch((err: unknown) => logger.error({ err, companyId, deliveryId }, 'integration delivery attempt failed'))
      .finally(() => inFlight.delete(deliveryId));
  }

  jobs.define(INTEGRATION_DELIVERY_SWEEP_JOB, async () => {
    const due = await IntegrationDeliveryModel.find({ dueKey: DELIVERY_DUE }, { companyId: 1, attemptCount: 1, nextAttemptAt: 1 }).setOptions({ crossTenant: true }).lean<IntegrationDeliveryDoc[]>();
    const now = Date.now();
    await Promise.all(due.filter((delivery) => (delivery.nextAttemptAt?.getTime() ?? 0) <= now).map((delivery) => tryNow(String(delivery.companyId), String(delivery._id), delivery.attemptCount ?? 0)));
  });

  return {
    /** Stores the event (its body made with the delivery's id) and tries it at once. */
    async enqueue(integration: QueueIntegrationDoc, refs: { ticketId: Types.ObjectId | null; messageId: Types.ObjectId | null }, bodyOf: (deliveryId: string) => string): Promise<IntegrationDeliveryDoc> {
      const _id = new Types.ObjectId();
      const seq = await nextSeq(integration);
      const created = await IntegrationDeliveryModel.create({
        _id,
        companyId: integration.companyId,
        integrationId: integration._id,
        ...refs,
        body: bodyOf(String(_id)),
        status: 'pending',
        attemptCount: 0,
        nextAttemptAt: new Date(),
        dueKey: DELIVERY_DUE,
        seq,
        pageKey: pageKeyOf(integration._id, seq, DELIVERY_PAGE_SIZE),
      });
      const delivery = created.toObject() as IntegrationDeliveryDoc;
      await prune(integration, seq);
      announce(delivery);
      void tryNow(String(integration.companyId), String(_id), 0);
      return delivery;
    },

    /** The recurring retry sweep (after the job runner started). */
    schedule(): Promise<void> {
      return jobs.every(Math.max(100, Math.min(config.retryMs, 5_000)), INTEGRATION_DELIVERY_SWEEP_JOB);
    },

    /** Resolves once the attempts running in this process are done. */
    settle(): Promise<void> {
      return running.all();
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
