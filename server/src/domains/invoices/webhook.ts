/**
 * The payment provider's notice: the raw body signed with HMAC-SHA256 under the webhook secret of
 * the platform settings, hex in the `x-pix-signature` header (an optional "sha256=" prefix is
 * accepted), compared in constant time before anything in the body is read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { paymentWebhookSchema } from '@atende/shared';
import { AppError, validationError } from '../../platform/errors.js';
import { webhookSecret } from './pixSettings.js';
import type { PaymentNotice } from './service.js';

export const SIGNATURE_HEADER = 'x-pix-signature';

export function sign(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Refuses (401 ERR_INVALID_SIGNATURE) unless the header signs the body; answers the notice. */
export async function verifiedNotice(body: Buffer, header: string | undefined): Promise<PaymentNotice> {
  const secret = await webhookSecret();
  const given = Buffer.from((header ?? '').trim().replace(/^sha256=/i, ''), 'utf8');
  const expected = Buffer.from(secret ? sign(secret, body) : '', 'utf8');
  if (!secret || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('ERR_INVALID_SIGNATURE');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('ERR_VALIDATION', { field: 'payload', rule: 'parse' }, 'Invalid JSON payload');
  }
  const { error, value } = paymentWebhookSchema.validate(parsed);
  if (error) throw validationError(error, 'payload');
  return value as PaymentNotice;
}
