/**
 * The delivery log of an n8n or webhook integration, as admins read it (newest first, a page at a
 * time). Each delivery takes its place from the integration's deliveryCount; only the newest
 * DELIVERY_LOG_PAGES pages are kept (automation/integrations/deliveries.ts drops the older ones).
 */
import type { IntegrationDeliveriesPage, IntegrationDelivery } from '@atende/shared';
import { placedPage } from '../../platform/database/placedPages.js';
import { IntegrationDeliveryModel, type IntegrationDeliveryDoc } from './deliveryModel.js';
import type { QueueIntegrationDoc } from './model.js';

export const DELIVERY_PAGE_SIZE = 20;
export const DELIVERY_LOG_PAGES = 10;

export function toDelivery(doc: IntegrationDeliveryDoc): IntegrationDelivery {
  return {
    id: String(doc._id),
    integrationId: String(doc.integrationId),
    ticketId: doc.ticketId ? String(doc.ticketId) : null,
    messageId: doc.messageId ? String(doc.messageId) : null,
    status: doc.status,
    attempts: (doc.attempts ?? []).map((attempt) => ({ at: attempt.at.toISOString(), statusCode: attempt.statusCode ?? null, durationMs: attempt.durationMs, error: attempt.error ?? null })),
    nextAttemptAt: doc.status === 'pending' && doc.nextAttemptAt ? doc.nextAttemptAt.toISOString() : null,
    body: doc.body,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Page `pageNumber` (1 = newest) of the integration's log, newest first. */
export async function deliveryPage(integration: QueueIntegrationDoc, pageNumber: number): Promise<IntegrationDeliveriesPage> {
  if (pageNumber > DELIVERY_LOG_PAGES) return { deliveries: [], hasMore: false };
  const page = await placedPage(IntegrationDeliveryModel, integration.companyId, integration._id, integration.deliveryCount ?? 0, pageNumber, DELIVERY_PAGE_SIZE);
  return { deliveries: page.rows.reverse().map(toDelivery), hasMore: page.hasMore && pageNumber < DELIVERY_LOG_PAGES };
}
