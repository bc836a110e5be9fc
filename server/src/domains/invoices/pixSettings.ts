/**
 * The platform's Pix receiving account and the payment provider's webhook secret, kept as platform
 * settings rows (outside PLATFORM_SETTING_KEYS: they are not toggles and the secret is never listed).
 */
import type { PixSettings } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import { PlatformSettingModel, type PlatformSettingDoc } from '../settings/model.js';

const KEYS = { key: 'pixKey', merchantName: 'pixMerchantName', city: 'pixCity', webhookSecret: 'pixWebhookSecret' } as const;

export interface PixSettingsInput {
  key: string;
  merchantName: string;
  city: string;
  webhookSecret?: string;
}

async function values(): Promise<Map<string, string>> {
  const rows = await PlatformSettingModel.find({ key: { $in: Object.values(KEYS) } }).lean<PlatformSettingDoc[]>();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function readPixSettings(): Promise<PixSettings> {
  const stored = await values();
  return {
    key: stored.get(KEYS.key) ?? '',
    merchantName: stored.get(KEYS.merchantName) ?? '',
    city: stored.get(KEYS.city) ?? '',
    webhookSecretSet: stored.has(KEYS.webhookSecret),
  };
}

/** The receiving account for a BR Code, or ERR_PIX_NOT_CONFIGURED when a super user has not set it. */
export async function pixAccount(): Promise<Omit<PixSettings, 'webhookSecretSet'>> {
  const settings = await readPixSettings();
  if (!settings.key || !settings.merchantName || !settings.city) throw new AppError('ERR_PIX_NOT_CONFIGURED');
  return { key: settings.key, merchantName: settings.merchantName, city: settings.city };
}

export async function webhookSecret(): Promise<string | null> {
  const row = await PlatformSettingModel.findOne({ key: KEYS.webhookSecret }).lean<PlatformSettingDoc>();
  return row?.value ?? null;
}

export async function savePixSettings(input: PixSettingsInput): Promise<PixSettings> {
  const writes: [string, string][] = [
    [KEYS.key, input.key],
    [KEYS.merchantName, input.merchantName],
    [KEYS.city, input.city],
  ];
  if (input.webhookSecret) writes.push([KEYS.webhookSecret, input.webhookSecret]);
  for (const [key, value] of writes) await PlatformSettingModel.updateOne({ key }, { $set: { value } }, { upsert: true });
  return readPixSettings();
}
