/**
 * The inbox's own keys, while the list or the messages have them (the composer, the search field
 * and the dialogs take theirs themselves): tabs, search, queue filter, the bell, help, quit, the
 * ticket actions, and moving and opening in the list.
 */
import type { Key } from 'ink';
import type { TicketAction } from '../state/ticketActions.js';
import { TABS } from '../state/tickets.js';
import type { InboxUi, InboxUiAction } from './inboxUi.js';
import { useKeys } from '../ui/keys.js';

const ACTION_KEYS: Record<string, TicketAction> = { a: 'accept', p: 'return', x: 'resolve', o: 'reopen', t: 'transfer', g: 'tags', s: 'stopFlow' };
const LIST_PAGE = 5;

export interface InboxKeyHandlers {
  ui: InboxUi;
  dispatchUi(action: InboxUiAction): void;
  ids: string[];
  act(action: TicketAction): void;
  openSelected(): void;
  /** m: the bell on or off. */
  toggleBell(): void;
  /** The agent moved past the last row: the next page, when there is one. */
  loadMore(): void;
  /** q: quits, or asks first when something is not sent. */
  quit(): void;
}

function listKeys(input: string, key: Key, handlers: InboxKeyHandlers): boolean {
  const move = (delta: number) => handlers.dispatchUi({ type: 'move', delta, ids: handlers.ids });
  if (key.upArrow || input === 'k') move(-1);
  else if (key.downArrow || input === 'j') move(1);
  else if (key.pageUp) move(-LIST_PAGE);
  else if (key.pageDown) move(LIST_PAGE);
  else if (key.return) handlers.openSelected();
  else return false;
  if (key.downArrow || input === 'j' || key.pageDown) handlers.loadMore();
  return true;
}

export function useInboxKeys(handlers: InboxKeyHandlers): void {
  const { ui, dispatchUi } = handlers;

  useKeys(
    (input, key) => {
      // Ctrl and Alt combinations are not the inbox's (Ink reports Esc as meta too).
      if (key.ctrl || (key.meta && !key.escape)) return;
      if (ui.focus === 'list' && listKeys(input, key, handlers)) return;
      if (input === 'q') handlers.quit();
      else if (input === '?') dispatchUi({ type: 'dialog', dialog: 'help' });
      else if (key.tab) dispatchUi({ type: 'nextTab', step: key.shift ? -1 : 1 });
      else if (/^[1-4]$/.test(input)) dispatchUi({ type: 'tab', tab: TABS[Number(input) - 1]! });
      else if (input === '/') dispatchUi({ type: 'tab', tab: 'search' });
      else if (input === 'f') dispatchUi({ type: 'dialog', dialog: 'queues' });
      else if (input === 'm') handlers.toggleBell();
      else if (ACTION_KEYS[input]) handlers.act(ACTION_KEYS[input]!);
      else if (key.escape && ui.focus === 'conversation') dispatchUi({ type: 'focus', focus: 'list' });
    },
    { isActive: ui.dialog === null && (ui.focus === 'list' || ui.focus === 'conversation') },
  );
}
