/**
 * Campaign settings (document 2 sections 3 and 9): one document per company, read as key/value
 * entries whose values are JSON (the wire shape of GET /campaign-settings).
 */
import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSettingEntry, type CampaignSettings } from '@atende/shared';
import { CampaignSettingsModel, type CampaignSettingsDoc } from './model.js';

export async function campaignSettingsOf(companyId: string): Promise<CampaignSettings> {
  const doc = await CampaignSettingsModel.findOne({ companyId }).lean<CampaignSettingsDoc>();
  return {
    messageInterval: doc?.messageInterval ?? CAMPAIGN_SETTINGS_DEFAULTS.messageInterval,
    longerIntervalAfter: doc?.longerIntervalAfter ?? CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter,
    greaterInterval: doc?.greaterInterval ?? CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval,
    variables: (doc?.variables ?? []).map(({ key, value }) => ({ key, value })),
  };
}

export function settingEntries(settings: CampaignSettings): CampaignSettingEntry[] {
  return (Object.keys(settings) as (keyof CampaignSettings)[]).map((key) => ({ key, value: JSON.stringify(settings[key]) }));
}

/** Saves the given settings (the others keep their values) and answers all of them. */
export async function saveCampaignSettings(companyId: string, change: Partial<CampaignSettings>): Promise<CampaignSettings> {
  await CampaignSettingsModel.updateOne({ companyId }, { $set: change }, { upsert: true });
  return campaignSettingsOf(companyId);
}

/** Replaces {{key}} by the company's campaign variables; the message variables are rendered when sent. */
export function renderCampaignVariables(text: string, variables: CampaignSettings['variables']): string {
  if (variables.length === 0) return text;
  const values = new Map(variables.map(({ key, value }) => [key, value]));
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values.get(key) ?? whole);
}
