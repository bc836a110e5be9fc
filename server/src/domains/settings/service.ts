import {
  PLATFORM_SETTING_DEFAULTS,
  PLATFORM_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  settingUpdatePayload,
  type PlatformSettingKey,
  type Setting,
  type SettingKey,
} from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { companyCache } from '../../platform/database/companyCache.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { Outbound } from '../../platform/net/outbound.js';
import { refuseSavedFields } from '../../platform/net/savedUrls.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { CompanyModel } from '../companies/model.js';
import { PlatformSettingModel, SettingModel, type PlatformSettingDoc, type SettingDoc } from './model.js';
import { announceTimeZoneChanged } from './timeZone.js';

function isPlatformKey(key: string): key is PlatformSettingKey {
  return (PLATFORM_SETTING_KEYS as string[]).includes(key);
}

/** A company's settings by key, kept in memory: the inbound pipeline reads several per message. */
const settingValues = companyCache(async (companyId): Promise<Map<string, string>> => {
  const rows = await SettingModel.find({ companyId }, { key: 1, value: 1 }).lean<Pick<SettingDoc, 'key' | 'value'>[]>();
  return new Map(rows.map((row) => [row.key, row.value]));
});

/** Adds every missing key with its default; existing values are kept (safe on every start). */
export async function ensureCompanySettings(companyId: string): Promise<void> {
  const existing = await SettingModel.find({ companyId }, { key: 1 }).lean<Pick<SettingDoc, 'key'>[]>();
  const have = new Set(existing.map((s) => s.key));
  const missing = SETTING_KEYS.filter((key) => !have.has(key)).map((key) => ({ companyId, key, value: SETTING_DEFAULTS[key] }));
  if (missing.length > 0) await SettingModel.insertMany(missing);
  settingValues.invalidate(companyId);
}

export async function ensurePlatformSettings(): Promise<void> {
  for (const key of PLATFORM_SETTING_KEYS) {
    await PlatformSettingModel.updateOne({ key }, { $setOnInsert: { key, value: PLATFORM_SETTING_DEFAULTS[key] } }, { upsert: true });
  }
}

export async function companySettings(companyId: string): Promise<Setting[]> {
  const rows = await SettingModel.find({ companyId }).sort({ key: 1 }).lean<SettingDoc[]>();
  return rows.map(({ key, value }) => ({ key, value }));
}

export async function companySetting(companyId: string, key: SettingKey): Promise<string> {
  return (await settingValues.get(companyId)).get(key) ?? SETTING_DEFAULTS[key];
}

/** Writes one company setting (platform code: the company's own campaignsEnabled flag mirrors here). */
export async function setCompanySetting(companyId: string, key: SettingKey, value: string): Promise<void> {
  await SettingModel.updateOne({ companyId, key }, { $set: { value } }, { upsert: true });
  settingValues.invalidate(companyId);
}

export async function platformSetting(key: PlatformSettingKey): Promise<string> {
  const row = await PlatformSettingModel.findOne({ key }).lean<PlatformSettingDoc>();
  return row?.value ?? PLATFORM_SETTING_DEFAULTS[key];
}

export function createSettingService(realtime: RealtimePublisher, outbound: Outbound) {
  return {
    /** The company's settings; super users also see the platform ones. */
    async list(actor: AuthCredentials): Promise<Setting[]> {
      const settings = await companySettings(actor.companyId);
      if (!actor.super) return settings;
      const platform = await Promise.all(PLATFORM_SETTING_KEYS.map(async (key) => ({ key, value: await platformSetting(key) })));
      return [...settings, ...platform];
    },

    async update(actor: AuthCredentials, key: string, value: string): Promise<Setting> {
      // Who may change the key comes before what the value is worth.
      if (isPlatformKey(key) && !actor.super) throw new AppError('ERR_NO_PERMISSION');
      const schema = settingUpdatePayload(key);
      const { error, value: body } = schema.validate({ value });
      if (error) throw validationError(error, 'payload');
      refuseSavedFields(outbound, schema, body);
      const checked = (body as { value: string }).value;
      if (isPlatformKey(key)) {
        await PlatformSettingModel.updateOne({ key }, { $set: { value: checked } }, { upsert: true });
        return { key, value: checked };
      }
      const row = await SettingModel.findOneAndUpdate(
        { companyId: actor.companyId, key },
        { $set: { value: checked } },
        { returnDocument: 'after', upsert: true },
      ).lean<SettingDoc>();
      if (!row) throw new AppError('ERR_NO_SETTING_FOUND');
      settingValues.invalidate(actor.companyId);
      // The setting and the company's campaignsEnabled field are one fact: keep them equal.
      if (key === 'campaignsEnabled') await CompanyModel.updateOne({ _id: actor.companyId }, { $set: { campaignsEnabled: checked === 'enabled' } });
      // The dashboard's day counters follow the company's zone (dashboard/rezone.ts).
      if (key === 'timeZone') announceTimeZoneChanged(actor.companyId);
      const setting = { key: row.key, value: row.value };
      realtime.publish(actor.companyId, 'settings', { action: 'update', setting });
      return setting;
    },
  };
}
