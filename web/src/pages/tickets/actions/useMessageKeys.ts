/**
 * The keys of a focused message (MESSAGE_KEYS, listed by the `?` dialog): arrows move to the
 * previous or next message; R replies, A reacts, E edits, S selects for forwarding, Delete deletes.
 * Each presses the bubble's own button, so a key does exactly what the click does, and only where
 * it is offered.
 */
import type { KeyboardEvent } from 'react';

const BY_KEY: Record<string, string> = { r: 'reply', a: 'react', e: 'edit', s: 'select', delete: 'delete' };

export function onMessageKey(event: KeyboardEvent<HTMLElement>): void {
  // Keys typed inside the bubble's own controls (the emoji search) are theirs.
  if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
  const bubble = event.currentTarget;
  if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
    const all = [...(bubble.parentElement?.querySelectorAll<HTMLElement>('[data-message][tabindex]') ?? [])];
    const next = all[all.indexOf(bubble) + (event.key === 'ArrowUp' ? -1 : 1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
    return;
  }
  const action = BY_KEY[event.key.toLowerCase()];
  const button = action ? bubble.querySelector<HTMLButtonElement>(`[data-action="${action}"]`) : null;
  if (!button) return;
  event.preventDefault();
  button.click();
}
