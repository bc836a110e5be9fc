/**
 * Message variables (document 2 section 3): {{firstName}}, {{name}}, {{greeting}} (also {{ms}}),
 * {{protocol}}, {{date}} (also {{data}}), {{hour}} (also {{hora}}), rendered when a text is sent.
 * Unknown variables are left as typed.
 */
import type { i18n } from 'i18next';

export interface VariableContext {
  contactName: string;
  ticketId: string;
  now: Date;
  timeZone: string;
  texts: i18n;
}

function partsIn(timeZone: string, now: Date): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).formatToParts(now);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

export function greeting(texts: i18n, hour: number): string {
  if (hour < 12) return texts.t('inbox.greetingMorning');
  if (hour < 18) return texts.t('inbox.greetingAfternoon');
  return texts.t('inbox.greetingEvening');
}

export function renderVariables(text: string, context: VariableContext): string {
  const p = partsIn(context.timeZone, context.now);
  const hour = Number(p.hour) % 24;
  const name = context.contactName.trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    greeting: greeting(context.texts, hour),
    ms: greeting(context.texts, hour),
    // Date and time of the conversation plus the ticket's last characters: unique and readable.
    protocol: `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${context.ticketId.slice(-4).toUpperCase()}`,
    date: `${p.day}/${p.month}/${p.year}`,
    data: `${p.day}/${p.month}/${p.year}`,
    hour: `${p.hour}:${p.minute}`,
    hora: `${p.hour}:${p.minute}`,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The greeting for the current hour in the configured time zone. */
export function greetingNow(texts: i18n, timeZone: string, now = new Date()): string {
  return greeting(texts, Number(partsIn(timeZone, now).hour) % 24);
}
