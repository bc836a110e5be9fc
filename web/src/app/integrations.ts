/** The company's queue integrations for the pickers of the queue and connection dialogs (admins, plan useIntegrations). */
import type { QueueIntegration, User } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { guardContextOf } from './guard.js';
import { hasPlanFlag } from './routes.js';

/** Whether this user may pick integrations: an admin (or super user) of a company whose plan has them. */
export function mayUseIntegrations(user: User | null): boolean {
  return Boolean(user) && (user!.super || user!.profile === 'admin') && hasPlanFlag(guardContextOf(user), 'useIntegrations');
}

/** Every integration of the company, page after page. */
export async function loadAllIntegrations(api: ApiClient): Promise<QueueIntegration[]> {
  const integrations: QueueIntegration[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.queueIntegrations.page({ pageNumber });
    integrations.push(...page.queueIntegrations);
    if (!page.hasMore || page.queueIntegrations.length === 0) return integrations;
  }
}
