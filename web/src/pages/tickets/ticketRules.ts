/**
 * The inbox's rules kept free of React (document 1 sections 2, 4 and 5), so they are tested as
 * plain functions: the "/" quick-answer suggestions and how location and vcard bodies are read.
 * Which list a pushed ticket belongs to and who may open it are the shared rule's
 * (ticketInList, canSeeTicket in @atende/shared).
 */
import type { QuickMessage, User } from '@atende/shared';

/** Show-all switch, user filter, ticket peek and delete are for admins (and super users). */
export function isAdmin(user: Pick<User, 'profile' | 'super'>): boolean {
  return user.super || user.profile === 'admin';
}

export const QUICK_ANSWER_LABEL_MAX = 35;
export const COMPOSER_MAX_ROWS = 5;

export interface QuickAnswer {
  id: string;
  label: string;
  message: string;
}

/** Suggestions when the text starts with "/" and is longer than 1 character; labels cut at 35. */
export function quickAnswers(text: string, list: Pick<QuickMessage, 'id' | 'shortcode' | 'message'>[]): QuickAnswer[] {
  if (!text.startsWith('/') || text.length <= 1) return [];
  const wanted = text.slice(1).toLowerCase();
  return list
    .filter((quick) => quick.shortcode.toLowerCase().includes(wanted))
    .map((quick) => {
      const label = `${quick.shortcode} - ${quick.message}`;
      return { id: quick.id, message: quick.message, label: label.length > QUICK_ANSWER_LABEL_MAX ? `${label.slice(0, QUICK_ANSWER_LABEL_MAX)}...` : label };
    });
}

/** Rows of the composer: its lines, at most 5. */
export function composerRows(text: string): number {
  return Math.min(COMPOSER_MAX_ROWS, Math.max(1, text.split('\n').length));
}

/** A location body is "image|link|description" (description optional). */
export function parseLocation(body: string): { image: string; link: string; description: string } {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|') };
}

/** Name and numbers of a vcard body (FN and TEL lines). */
export function parseVcard(body: string): { name: string; numbers: string[] } {
  const lines = body.split(/\r?\n/);
  const name = lines.find((line) => line.startsWith('FN:'))?.slice(3).trim() ?? '';
  const numbers = lines.filter((line) => line.startsWith('TEL')).map((line) => line.slice(line.lastIndexOf(':') + 1).trim()).filter(Boolean);
  return { name, numbers };
}
