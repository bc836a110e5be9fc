/** atende settings get|set: the company's key/value settings (document 1 section 3). */
import type { Command } from 'commander';
import { PLATFORM_SETTING_KEYS, SETTING_KEYS, settingValueSchema } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { emit, table } from '../support/output.js';
import { pixSettingsCommand } from './invoices.js';
import { checked } from '../support/prompts.js';

const KEYS: readonly string[] = [...SETTING_KEYS, ...PLATFORM_SETTING_KEYS];

function knownKey(ctx: Context, key: string): string {
  if (!KEYS.includes(key)) throw new UsageError(ctx.t('settings.unknownKey', { key, keys: KEYS.join(', ') }));
  return key;
}

async function get(ctx: Context, _options: object, key?: string): Promise<void> {
  if (key !== undefined) knownKey(ctx, key);
  const { api } = await connect(ctx);
  const settings = await api.settings.list();
  if (key === undefined) {
    emit(ctx, settings, () => table(settings, [{ label: ctx.t('settings.key'), value: (s) => s.key }, { label: ctx.t('settings.value'), value: (s) => s.value }]));
    return;
  }
  const setting = settings.find((item) => item.key === key);
  if (!setting) throw new UsageError(ctx.t('settings.notSet', { key }));
  emit(ctx, setting, () => setting.value);
}

async function set(ctx: Context, _options: object, key: string, value: string): Promise<void> {
  const checkedValue = checked<string>(ctx, knownKey(ctx, key), settingValueSchema(key), value);
  const { api } = await connect(ctx);
  const setting = await api.settings.update(key, checkedValue);
  emit(ctx, setting, () => ctx.t('settings.changed', { key: setting.key, value: setting.value }));
}

export function settingsCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const settings = program.command('settings').description(t('settings.description'));
  settings
    .command('get [key]')
    .description(t('settings.getDescription'))
    .addHelpText('after', examples(texts, ['atende settings get', 'atende settings get userRating', 'atende settings get --json']))
    .action(action(texts, get));
  settings
    .command('set <key> <value>')
    .description(t('settings.setDescription', { keys: KEYS.join(', ') }))
    .addHelpText('after', examples(texts, ['atende settings set userRating enabled', 'atende settings set scheduleType company']))
    .action(action(texts, set));
  pixSettingsCommand(settings, texts);
}
