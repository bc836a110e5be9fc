/**
 * Where the agent is in the inbox: the tab, the selected ticket, the open conversation, which
 * part takes the keys and which dialog is up. The selection follows a ticket, not a row, so that
 * tickets arriving on top do not move it.
 */
import { TABS, type Tab } from '../state/tickets.js';
import { clamp } from '../ui/window.js';

/** What takes the keys: the list, the search field, the messages, the composer. */
export type Focus = 'list' | 'search' | 'conversation' | 'composer';
export type Dialog = 'help' | 'transfer' | 'tags' | 'queues';

export interface InboxUi {
  tab: Tab;
  selectedId: string | null;
  /** Row of the selection, kept for when the selected ticket leaves the list. */
  row: number;
  openTicketId: string | null;
  focus: Focus;
  dialog: Dialog | null;
}

export type InboxUiAction =
  | { type: 'tab'; tab: Tab }
  | { type: 'nextTab'; step: 1 | -1 }
  | { type: 'move'; delta: number; ids: string[] }
  | { type: 'open'; ticketId: string }
  | { type: 'close' }
  | { type: 'show'; tab: Tab; ticketId: string }
  | { type: 'focus'; focus: Focus }
  | { type: 'dialog'; dialog: Dialog | null };

export const initialUi: InboxUi = { tab: 'open', selectedId: null, row: 0, openTicketId: null, focus: 'list', dialog: null };

/** Row of the selection in the list as it is now. */
export function selectedRow(ui: InboxUi, ids: string[]): number {
  const found = ui.selectedId ? ids.indexOf(ui.selectedId) : -1;
  return found >= 0 ? found : clamp(ui.row, ids.length);
}

export function inboxUiReducer(ui: InboxUi, action: InboxUiAction): InboxUi {
  switch (action.type) {
    case 'tab':
      return { ...ui, tab: action.tab, selectedId: null, row: 0, focus: action.tab === 'search' ? 'search' : 'list' };
    case 'nextTab': {
      const next = TABS[(TABS.indexOf(ui.tab) + action.step + TABS.length) % TABS.length]!;
      return inboxUiReducer(ui, { type: 'tab', tab: next });
    }
    case 'move': {
      const row = clamp(selectedRow(ui, action.ids) + action.delta, action.ids.length);
      return { ...ui, row, selectedId: action.ids[row] ?? null };
    }
    case 'open':
      return { ...ui, openTicketId: action.ticketId, selectedId: action.ticketId, focus: 'conversation' };
    case 'close':
      return { ...ui, openTicketId: null, focus: 'list' };
    case 'show':
      return { ...ui, tab: action.tab, selectedId: action.ticketId, openTicketId: action.ticketId, focus: 'conversation' };
    case 'focus':
      return { ...ui, focus: action.focus };
    case 'dialog':
      return { ...ui, dialog: action.dialog };
  }
}
