/**
 * The inbox's language, most explicit choice first: --lang, then ATENDE_LANGUAGE (as the CLI
 * reads them), then the language the user chose in Atende (it follows a change live), then the
 * terminal's locale (LC_ALL, LC_MESSAGES, LANG: pt_BR.UTF-8 -> pt), else English (document 1
 * section 1). The sign-in screen, before there is a user, skips the user's choice.
 */
import { DEFAULT_LANGUAGE, type Language } from '@atende/shared';
import { isLanguage } from './args.js';

/** The language of a locale or language setting ("pt_BR.UTF-8", "es", "en-US"), if Atende has it. */
function languageOf(value: string | undefined): Language | undefined {
  const code = value?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : undefined;
}

export interface LanguageSources {
  flag?: Language;
  env: NodeJS.ProcessEnv;
  user?: Language | null;
}

/** The terminal's locale as POSIX orders it: LC_ALL, then LC_MESSAGES, then LANG. */
export function localeLanguage(env: NodeJS.ProcessEnv): Language | undefined {
  // The first variable that is set decides, even when Atende lacks its language (C, fr_FR...).
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  return languageOf(locale);
}

export function chooseLanguage({ flag, env, user }: LanguageSources): Language {
  return flag ?? languageOf(env.ATENDE_LANGUAGE) ?? user ?? localeLanguage(env) ?? DEFAULT_LANGUAGE;
}
