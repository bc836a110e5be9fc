/**
 * The keys of the inbox, in sections: the footer shows those of the part that takes the keys, the
 * help dialog (?) every section once. Labels are i18n keys under tui.keys.
 */
import type { Focus } from './inboxUi.js';

export interface KeyHelp {
  keys: string;
  action: string;
}

export const KEY_SECTIONS = {
  list: [
    { keys: '↑↓', action: 'move' },
    { keys: 'Enter', action: 'open' },
  ],
  tickets: [
    { keys: 'a', action: 'accept' },
    { keys: 'p', action: 'return' },
    { keys: 'x', action: 'resolve' },
    { keys: 'o', action: 'reopen' },
    { keys: 't', action: 'transfer' },
    { keys: 'g', action: 'tags' },
    { keys: 's', action: 'stopFlow' },
  ],
  general: [
    { keys: 'Tab 1-4', action: 'switchTab' },
    { keys: '/', action: 'search' },
    { keys: 'f', action: 'filter' },
    { keys: '?', action: 'help' },
    { keys: 'q', action: 'quit' },
  ],
  conversation: [
    { keys: '↑↓ PgUp', action: 'selectMessage' },
    { keys: 'Enter i', action: 'compose' },
    { keys: 'r', action: 'quote' },
    { keys: 'd', action: 'download' },
    { keys: 'Esc', action: 'back' },
  ],
  composer: [
    { keys: 'Enter', action: 'send' },
    { keys: 'Alt+Enter Ctrl+J', action: 'newline' },
    { keys: '/', action: 'quickAnswers' },
    { keys: 'Ctrl+O', action: 'attach' },
    { keys: 'Ctrl+X', action: 'clearExtras' },
    { keys: 'Esc', action: 'leave' },
  ],
  search: [
    { keys: 'abc', action: 'type' },
    { keys: '↓ Enter', action: 'results' },
    { keys: 'Esc', action: 'back' },
  ],
} satisfies Record<string, KeyHelp[]>;

export type KeySection = keyof typeof KEY_SECTIONS;

export const FOOTER_KEYS: Record<Focus, KeyHelp[]> = {
  list: [...KEY_SECTIONS.list, ...KEY_SECTIONS.tickets, ...KEY_SECTIONS.general],
  conversation: [...KEY_SECTIONS.conversation, ...KEY_SECTIONS.tickets, ...KEY_SECTIONS.general],
  composer: KEY_SECTIONS.composer,
  search: KEY_SECTIONS.search,
};
