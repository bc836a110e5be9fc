/** The ticket list pane: tab bar, the search field on the search tab, and the tickets of the tab. */
import type { Ticket } from '@atende/shared';
import { Box, Text } from 'ink';
import { useTexts } from '../app/i18n.js';
import type { EditorState } from '../state/editor.js';
import { TABS, type Tab } from '../state/tickets.js';
import { LineText } from '../ui/lines.js';
import { TextField } from '../ui/TextField.js';
import { windowStart } from '../ui/window.js';
import { tabLabels, tabLines, ticketLines, type TabCount } from './ticketLines.js';

const ROWS_PER_TICKET = 2;
const BORDER = 2;

export interface TicketListProps {
  tab: Tab;
  tickets: Ticket[];
  counts: Partial<Record<Tab, TabCount>>;
  selectedRow: number;
  focused: boolean;
  width: number;
  height: number;
  now: Date;
  /** Drafts by ticket: the row shows the draft instead of the last message. */
  drafts: ReadonlyMap<string, string>;
  search: { editor: EditorState; focused: boolean; searched: string } | null;
}

export function TicketList({ tab, tickets, counts, selectedRow, focused, width, height, now, drafts, search }: TicketListProps) {
  const { t } = useTexts();
  const inner = width - BORDER;
  const tabs = tabLines(tabLabels(TABS, counts, t), tab, inner);
  const listRows = height - BORDER - tabs.length - (search ? 1 : 0);
  const visible = Math.max(1, Math.floor(listRows / ROWS_PER_TICKET));
  const start = windowStart(selectedRow, tickets.length, visible);
  const empty = search ? (search.searched ? t('tui.search.noResults') : t('tui.search.hint')) : t('tui.list.empty');
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" borderColor={focused || search?.focused ? 'cyan' : 'gray'} overflow="hidden">
      {tabs.map((line, index) => (
        <LineText key={index} line={line} />
      ))}
      {search ? <TextField label={t('tui.search.label')} state={search.editor} focused={search.focused} /> : null}
      {tickets.length === 0 ? <Text dimColor>{empty}</Text> : null}
      {tickets.slice(start, start + visible).map((ticket, index) =>
        ticketLines(ticket, start + index === selectedRow, { t, now, width: inner, draft: drafts.get(ticket.id) }).map((line, row) => <LineText key={`${ticket.id}:${row}`} line={line} />),
      )}
    </Box>
  );
}
