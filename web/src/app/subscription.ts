/** The expired-subscription text (document 1 section 4), for a refused login or a refused refresh. */
import type { TFunction } from 'i18next';
import { ApiError } from '@atende/shared/client';
import { formatDate } from '../ui/format.js';

/** The text naming the expiry date, or null when the error is not an expired subscription. */
export function subscriptionExpiredText(t: TFunction, error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'ERR_SUBSCRIPTION_EXPIRED') return null;
  const dueDate = error.data.dueDate;
  return typeof dueDate === 'string' ? t('auth.subscriptionExpired', { date: formatDate(dueDate) }) : null;
}
