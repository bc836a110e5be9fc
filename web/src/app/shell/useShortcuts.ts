/**
 * Runs the keyboard shortcuts (shortcuts.ts) anywhere in the private shell. The ticket list and
 * the composer are found by their data attributes, so the shortcuts need no wiring in the pages;
 * away from /tickets, Alt+L opens it.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLatest } from '../../ui/useLatest.js';
import { shortcutOf, type ShortcutAction } from './shortcuts.js';

const ROWS = '[data-ticket-list]:not([hidden]) [data-ticket]';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** A row's control: its name link, or (pending) its Accept button. */
function focusRow(row: HTMLElement): void {
  (row.querySelector<HTMLElement>('a.name') ?? row.querySelector<HTMLElement>('button'))?.focus();
}

/** The next (or previous) row after the one shown, else the first one: focused, and opened when it can be. */
function stepTicket(direction: 1 | -1): void {
  const rows = [...document.querySelectorAll<HTMLElement>(ROWS)];
  if (rows.length === 0) return;
  const current = rows.findIndex((row) => row.dataset.selected === 'true' || row.contains(document.activeElement));
  const target = rows[current < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, current + direction))]!;
  focusRow(target);
  if (target.dataset.status !== 'pending') target.click();
}

export function useShortcuts(onHelp: () => void): void {
  const navigate = useNavigate();
  const latest = useLatest({ navigate, onHelp });

  useEffect(() => {
    const run = (action: ShortcutAction) => {
      switch (action) {
        case 'list': {
          const row = document.querySelector<HTMLElement>(`${ROWS}[data-selected="true"]`) ?? document.querySelector<HTMLElement>(ROWS);
          if (row) focusRow(row);
          else if (!window.location.pathname.startsWith('/tickets')) latest.current.navigate('/tickets');
          else document.querySelector<HTMLElement>('[data-ticket-list]')?.focus();
          return;
        }
        case 'composer':
          document.querySelector<HTMLTextAreaElement>('textarea[name="body"]')?.focus();
          return;
        case 'next':
          stepTicket(1);
          return;
        case 'previous':
          stepTicket(-1);
          return;
        case 'help':
          latest.current.onHelp();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf({ code: event.code, key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey, typing: isTyping(event.target) });
      if (!action) return;
      event.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}
