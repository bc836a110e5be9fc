/**
 * Where the agent is in the inbox: the tab, the selected ticket, the open conversation, which
 * part takes the keys and which dialog is up, and the messages of the open conversation picked for
 * a forward. The selection follows a ticket, not a row, so that tickets arriving on top do not move it.
 */
import { TABS, type Tab } from '../state/tickets.js';
import { clamp } from '../ui/window.js';

/** What takes the keys: the list, the search field, the messages, the composer. */
export type Focus = 'list' | 'search' | 'conversation' | 'composer';
/** The dialogs about messages of the open conversation (issue 23). */
export type MessageDialog = 'react' | 'deleteMessage' | 'forward';
export type Dialog = 'help' | 'transfer' | 'tags' | 'queues' | 'quit' | MessageDialog;

export interface InboxUi {
  tab: Tab;
  selectedId: string | null;
  /** Row of the selection, kept for when the selected ticket leaves the list. */
  row: number;
  openTicketId: string | null;
  focus: Focus;
  dialog: Dialog | null;
  /** Messages of the open conversation picked for a forward, in the order they were picked. */
  marked: string[];
  /** The messages a message dialog acts on. */
  acting: string[];
}

export type InboxUiAction =
  | { type: 'tab'; tab: Tab }
  | { type: 'nextTab'; step: 1 | -1 }
  | { type: 'move'; delta: number; ids: string[] }
  | { type: 'open'; ticketId: string }
  | { type: 'close' }
  | { type: 'show'; tab: Tab; ticketId: string }
  | { type: 'focus'; focus: Focus }
  | { type: 'dialog'; dialog: Dialog | null }
  | { type: 'messageDialog'; dialog: MessageDialog; messageIds: string[] }
  /** Picks a message for a forward, or drops it when it was picked. */
  | { type: 'mark'; messageId: string }
  | { type: 'unmarkAll' };

export const initialUi: InboxUi = { tab: 'open', selectedId: null, row: 0, openTicketId: null, focus: 'list', dialog: null, marked: [], acting: [] };

/** Row of the selection in the list as it is now. */
export function selectedRow(ui: InboxUi, ids: string[]): number {
  const found = ui.selectedId ? ids.indexOf(ui.selectedId) : -1;
  return found >= 0 ? found : clamp(ui.row, ids.length);
}

/** Picks are of one conversation: another one opened drops them. */
function keptMarks(ui: InboxUi, ticketId: string): string[] {
  return ui.openTicketId === ticketId ? ui.marked : [];
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
      return { ...ui, openTicketId: action.ticketId, selectedId: action.ticketId, focus: 'conversation', marked: keptMarks(ui, action.ticketId) };
    case 'close':
      return { ...ui, openTicketId: null, focus: 'list', marked: [] };
    case 'show':
      return { ...ui, tab: action.tab, selectedId: action.ticketId, openTicketId: action.ticketId, focus: 'conversation', marked: keptMarks(ui, action.ticketId) };
    case 'focus':
      return { ...ui, focus: action.focus };
    case 'dialog':
      return { ...ui, dialog: action.dialog };
    case 'messageDialog':
      return { ...ui, dialog: action.dialog, acting: action.messageIds };
    case 'mark':
      return { ...ui, marked: ui.marked.includes(action.messageId) ? ui.marked.filter((id) => id !== action.messageId) : [...ui.marked, action.messageId] };
    case 'unmarkAll':
      return { ...ui, marked: [] };
  }
}
