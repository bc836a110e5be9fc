/**
 * The console's keyboard shortcuts: Alt+L the ticket list, Alt+C the composer, Alt+J / Alt+K the
 * next and previous ticket, "?" this list. Matched on the physical key (event.code), so they work
 * on every keyboard layout and with the Option key of a Mac. "?" is ignored while typing.
 */
export type ShortcutAction = 'list' | 'composer' | 'next' | 'previous' | 'help';

export interface Shortcut {
  action: ShortcutAction;
  /** As shown in the help dialog. */
  keys: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'list', keys: 'Alt + L' },
  { action: 'composer', keys: 'Alt + C' },
  { action: 'next', keys: 'Alt + J' },
  { action: 'previous', keys: 'Alt + K' },
  { action: 'help', keys: '?' },
];

/** Keys of a focused message of the conversation (pages/tickets/actions/useMessageKeys.ts), with the text naming each. */
export const MESSAGE_KEYS = [
  { keys: '↑ ↓', text: 'web.messageActions.keys.move' },
  { keys: 'R', text: 'web.messageActions.reply' },
  { keys: 'A', text: 'web.messageActions.react' },
  { keys: 'E', text: 'web.messageActions.edit' },
  { keys: 'S', text: 'web.messageActions.select' },
  { keys: 'Delete', text: 'web.common.delete' },
] as const;

const WITH_ALT: Record<string, ShortcutAction> = { KeyL: 'list', KeyC: 'composer', KeyJ: 'next', KeyK: 'previous' };

export interface KeyPress {
  code: string;
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Focus is in a text field (the "?" is text there). */
  typing: boolean;
}

export function shortcutOf(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey) return null;
  if (press.altKey) return WITH_ALT[press.code] ?? null;
  return press.key === '?' && !press.typing ? 'help' : null;
}
