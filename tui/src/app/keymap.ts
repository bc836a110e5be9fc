/**
 * The keys of the inbox, in sections: the footer shows those of the part that takes the keys, the
 * help dialog (?) and --help every section once. Labels are i18n keys under tui.keys.
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
    { keys: 'm', action: 'mute' },
    { keys: 'Ctrl+L', action: 'redraw' },
    { keys: '?', action: 'help' },
    { keys: 'q', action: 'quit' },
  ],
  conversation: [
    { keys: '↑↓', action: 'scroll' },
    { keys: 'PgUp PgDn', action: 'selectMessage' },
    { keys: 'End G', action: 'newest' },
    { keys: 'Enter i', action: 'compose' },
    { keys: 'r', action: 'quote' },
    { keys: '+', action: 'react' },
    { keys: 'e', action: 'edit' },
    { keys: 'D', action: 'deleteForAll' },
    { keys: 'Space', action: 'mark' },
    { keys: '>', action: 'forward' },
    { keys: 'R', action: 'retrySend' },
    { keys: 'd', action: 'download' },
    { keys: 'Esc', action: 'back' },
  ],
  composer: [
    { keys: 'Enter', action: 'send' },
    { keys: 'Alt+Enter Ctrl+J', action: 'newline' },
    { keys: '/', action: 'quickAnswers' },
    { keys: 'Ctrl+O', action: 'attach' },
    { keys: 'Ctrl+S', action: 'sign' },
    { keys: 'Ctrl+X', action: 'clearExtras' },
    { keys: 'Ctrl+W', action: 'killWord' },
    { keys: 'Ctrl+U Ctrl+K', action: 'killLine' },
    { keys: 'Ctrl+Y', action: 'yank' },
    { keys: 'Ctrl+R', action: 'retry' },
    { keys: 'Esc', action: 'leave' },
  ],
  search: [
    { keys: 'abc', action: 'type' },
    { keys: '↓ Enter', action: 'results' },
    { keys: 'Esc', action: 'back' },
  ],
} satisfies Record<string, KeyHelp[]>;

export type KeySection = keyof typeof KEY_SECTIONS;

const key = (section: KeySection, action: string): KeyHelp => KEY_SECTIONS[section].find((entry) => entry.action === action)!;

/**
 * The footer of each part: keys shown as the width allows, then keys kept on screen at any width
 * (help and quit, or the way out of the field).
 */
export const FOOTER_KEYS: Record<Focus, { keys: KeyHelp[]; pinned: KeyHelp[] }> = {
  list: { keys: [...KEY_SECTIONS.list, ...KEY_SECTIONS.tickets, ...KEY_SECTIONS.general.slice(0, 4)], pinned: [key('general', 'help'), key('general', 'quit')] },
  conversation: {
    keys: [
      key('conversation', 'compose'),
      key('conversation', 'scroll'),
      key('conversation', 'back'),
      key('conversation', 'quote'),
      key('conversation', 'react'),
      ...['accept', 'resolve', 'transfer', 'tags', 'return', 'reopen'].map((action) => key('tickets', action)),
      ...['edit', 'deleteForAll', 'mark', 'forward', 'download'].map((action) => key('conversation', action)),
      key('tickets', 'stopFlow'),
    ],
    pinned: [key('general', 'help'), key('general', 'quit')],
  },
  composer: { keys: KEY_SECTIONS.composer.filter((entry) => entry.action !== 'leave'), pinned: [key('composer', 'leave')] },
  search: { keys: KEY_SECTIONS.search.filter((entry) => entry.action !== 'back'), pinned: [key('search', 'back')] },
};
