/**
 * The CLI's language and texts: `--lang`, else ATENDE_LANGUAGE, else LANG (pt_BR.UTF-8 -> pt),
 * else English (document 1 section 1). Keys are checked against the shared pt resource.
 */
import { createI18n, DEFAULT_LANGUAGE, LANGUAGES, translateError, type Language, type Translation } from '@atende/shared';
import type { i18n as I18n } from 'i18next';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A plural's keys (`sent_one`, `sent_other`) are asked by their base (`sent`, with `count`). */
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

export type CliKey = PluralBase<Leaves<Translation['cli']>>;
export type ValidationKey = Leaves<Translation['validation']>;
export type HealthKey = Leaves<Translation['health']>;

export interface Texts {
  language: Language;
  t(key: CliKey, values?: Record<string, unknown>): string;
  validation(key: ValidationKey, values?: Record<string, unknown>): string;
  /** The connection health texts shared with the web console and the terminal inbox. */
  health(key: HealthKey, values?: Record<string, unknown>): string;
  error(code: string, fallback?: string): string;
  /** Dates as the language writes them, always two-digit day and month (columns stay aligned): dd/MM/yyyy for pt and es, MM/dd/yyyy for en. */
  date(iso: string | null | undefined): string;
}

function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export function resolveLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): Language {
  for (const candidate of [flag, env.ATENDE_LANGUAGE, env.LANG]) {
    const code = candidate?.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** `--lang xx` or `--lang=xx`, read before commander parses (the help texts depend on it). */
export function languageFlag(argv: string[]): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--lang') return argv[index + 1];
    if (arg.startsWith('--lang=')) return arg.slice('--lang='.length);
  }
  return undefined;
}

export function createTexts(language: Language): Texts {
  const i18n: I18n = createI18n(language);
  const locale = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' }[language];
  return {
    language,
    t: (key, values) => i18n.t(`cli.${key}`, values ?? {}),
    validation: (key, values) => i18n.t(`validation.${key}`, values ?? {}),
    health: (key, values) => i18n.t(`health.${key}`, values ?? {}),
    error: (code, fallback) => translateError(i18n, code, fallback),
    date: (iso) => (iso ? new Date(iso).toLocaleDateString(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }) : '-'),
  };
}
