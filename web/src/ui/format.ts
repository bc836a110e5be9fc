/**
 * Dates and numbers in one locale-aware format everywhere: the interface language, in the
 * browser's own region for it when the browser speaks that language (so that the text agrees
 * with the browser's date fields), else the language's main region. The i18n boot sets the
 * language; every screen re-renders on a change.
 */
import type { Language } from '@atende/shared';

/** The region of a language when the browser does not name one (pt is Brazilian Portuguese). */
const DEFAULT_REGION: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

/** The BCP 47 locale for an interface language, given the browser's preferred languages. */
export function localeFor(language: Language, browserLanguages: readonly string[]): string {
  const own = browserLanguages.find((tag) => tag.toLowerCase().split('-')[0] === language && tag.includes('-'));
  return own ?? DEFAULT_REGION[language];
}

let locale = DEFAULT_REGION.en;
let formats = build(locale);

function build(tag: string) {
  return {
    date: new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' }),
    time: new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' }),
    short: new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' }),
    day: new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    dayMonth: new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit' }),
  };
}

export function setFormatLocale(language: Language, browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): void {
  const next = localeFor(language, browserLanguages);
  if (next === locale) return;
  locale = next;
  formats = build(next);
}

export function formatLocale(): string {
  return locale;
}

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatter = (pick: (all: ReturnType<typeof build>) => Intl.DateTimeFormat) => (value: string | Date | null | undefined) => {
  const date = parse(value);
  return date ? pick(formats).format(date) : '';
};

export const formatDate = formatter((all) => all.date);
export const formatTime = formatter((all) => all.time);
export const formatShortDateTime = formatter((all) => all.short);
/** A day in words (separators of a conversation): "terça-feira, 4 de março de 2025". */
export const formatDay = formatter((all) => all.day);
/** Day and month of a chart's axis. */
export const formatDayMonth = formatter((all) => all.dayMonth);

/** Numbers with the locale's decimal mark ("0,1" in pt), at most `digits` decimals. */
export function formatNumber(value: number, digits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

const brazilianReais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Brazilian reais in the Brazilian format ("R$ 49,00") whatever the language (document 2: BRL, pt-br). */
export function formatMoney(value: number): string {
  return brazilianReais.format(value).replace(/\u00a0/g, ' ');
}

/** Today: the time; another day: the date (list rows). */
export function formatWhen(value: string | Date): string {
  const date = parse(value);
  if (!date) return '';
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDate(date);
}

/** Whether two instants fall on the same local day. */
export function sameDay(a: string | Date, b: string | Date): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}
