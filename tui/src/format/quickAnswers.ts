/**
 * Quick answers in the composer (document 1 section 5): suggestions appear when the text starts
 * with "/" and is longer than one character, matched on the shortcode; labels are cut at 35.
 */
import type { QuickMessage } from '@atende/shared';
import { truncate } from './text.js';

export const QUICK_ANSWER_LABEL_MAX = 35;

/** What the agent typed after "/", or null when the suggestions are not shown. */
export function quickAnswerQuery(text: string): string | null {
  if (!text.startsWith('/') || text.length <= 1 || text.includes('\n')) return null;
  return text.slice(1).toLowerCase();
}

export function filterQuickAnswers(quickMessages: QuickMessage[], query: string): QuickMessage[] {
  return quickMessages.filter((quick) => quick.shortcode.toLowerCase().includes(query));
}

export function quickAnswerLabel(quick: QuickMessage): string {
  return truncate(`/${quick.shortcode} - ${quick.message.replace(/\s+/g, ' ')}`, QUICK_ANSWER_LABEL_MAX);
}
