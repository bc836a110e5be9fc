/** What `atende-inbox --help` prints: the options, every key, the environment variables and the files it keeps. */
import type { Translate } from './i18n.js';
import { DEFAULT_SERVER } from './args.js';
import { KEY_SECTIONS, type KeySection } from './keymap.js';

const COLUMN = 20;

function rows(entries: [string, string][], indent = '  '): string[] {
  return entries.map(([left, right]) => `${indent}${left.padEnd(COLUMN)} ${right}`);
}

export function usageText(t: Translate, files: { session: string; drafts: string }): string {
  const keys = (Object.keys(KEY_SECTIONS) as KeySection[]).flatMap((section) => [
    `  ${t(`tui.help.${section}`)}`,
    ...rows(
      KEY_SECTIONS[section].map((key) => [key.keys, t(`tui.keys.${key.action}`)]),
      '    ',
    ),
  ]);
  return [
    t('tui.description'),
    '',
    t('tui.args.usage'),
    '',
    t('tui.args.options'),
    ...rows([
      ['--server URL', t('tui.args.serverOption', { server: DEFAULT_SERVER })],
      ['--lang pt|en|es', t('tui.args.langOption')],
      ['--no-bell', t('tui.args.noBellOption')],
      ['-h, --help', t('tui.args.helpOption')],
      ['-V, --version', t('tui.args.versionOption')],
    ]),
    '',
    t('tui.args.keys'),
    ...keys,
    '',
    t('tui.args.environment'),
    ...rows([
      ['ATENDE_SERVER', t('tui.args.envServer')],
      ['ATENDE_LANGUAGE', t('tui.args.envLanguage')],
      ['LC_ALL, LANG', t('tui.args.envLocale')],
      ['ATENDE_CONFIG_DIR', t('tui.args.envConfigDir')],
      ['XDG_CONFIG_HOME', t('tui.args.envXdg')],
    ]),
    '',
    t('tui.args.files'),
    ...rows([
      [files.session, t('tui.args.sessionFile')],
      [files.drafts, t('tui.args.draftsFile')],
    ]),
    '',
  ].join('\n');
}
