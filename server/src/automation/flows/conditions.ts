/**
 * The condition block and the menu's answer, pure functions. A condition compares the customer's
 * last message (key '') or a question's variable with the block's value.
 */
import { normalizePhrase, type FlowConditionOperator, type FlowMenuOption } from '@atende/shared';
import { userPatternMatches } from '../../platform/patterns.js';

function asNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Text comparisons ignore case, accents, punctuation and spacing, as the phrase match does. */
export function conditionHolds(operator: FlowConditionOperator, subject: string, value: string): boolean {
  const left = normalizePhrase(subject);
  const right = normalizePhrase(value);
  switch (operator) {
    case 'equals':
      return left === right;
    case 'contains':
      return left.includes(right);
    case 'startsWith':
      return left.startsWith(right);
    case 'greater':
    case 'less': {
      const a = asNumber(subject);
      const b = asNumber(value);
      // Numbers when both read as numbers, else the texts' order.
      const order = a !== null && b !== null ? Math.sign(a - b) : left < right ? -1 : left > right ? 1 : 0;
      return operator === 'greater' ? order > 0 : order < 0;
    }
    case 'regex':
      // Linear-time (platform/patterns.ts); a pattern it cannot run never holds.
      return userPatternMatches(value, subject);
  }
}

/** The option a customer chose, by its number or its text; null for anything else. */
export function chosenOption(options: FlowMenuOption[], body: string): FlowMenuOption | null {
  const answer = body.trim();
  if (/^\d+$/.test(answer)) return options.find((option) => option.number === Number(answer)) ?? null;
  const text = normalizePhrase(answer);
  return options.find((option) => normalizePhrase(option.value) === text) ?? null;
}

/** The menu as the customer reads it: its message, then one numbered line per option. */
export function menuText(message: string, options: FlowMenuOption[]): string {
  const lines = [...options].sort((a, b) => a.number - b.number).map((option) => `*${option.number}* - ${option.value}`);
  return message.trim() ? `${message}\n\n${lines.join('\n')}` : lines.join('\n');
}

/** {{answerKey}} placeholders take the run's answers; other {{...}} are left for the message variables. */
export function renderAnswers(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, key: string) => (Object.prototype.hasOwnProperty.call(variables, key) ? variables[key]! : whole));
}
