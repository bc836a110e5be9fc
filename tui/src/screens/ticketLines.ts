/**
 * The ticket list as lines: the tab bar (packed on as many rows as the width needs) and two rows
 * per ticket: queue colour, contact, relative time (for a waiting customer, how long they have
 * waited); last message (for a waiting customer, the customer's last one, not the bot's
 * greeting) or the agent's draft, unread count.
 */
import type { Ticket } from '@atende/shared';
import type { Translate } from '../app/i18n.js';
import { elapsedTime, relativeTime } from '../format/time.js';
import { firstLine, textWidth, truncate } from '../format/text.js';
import type { Tab } from '../state/tickets.js';
import { terminalColor } from '../ui/colors.js';
import type { Line, Segment } from '../ui/lines.js';

export interface TabCount {
  count: number;
  unread: number;
}

export interface TabLabel {
  tab: Tab;
  text: string;
  unread: string;
}

export function tabLabels(tabs: readonly Tab[], counts: Partial<Record<Tab, TabCount>>, t: Translate): TabLabel[] {
  return tabs.map((tab) => {
    const count = counts[tab];
    return {
      tab,
      text: count ? `${t(`tui.tabs.${tab}`)} ${count.count}` : t(`tui.tabs.${tab}`),
      unread: count && count.unread > 0 ? ` ●${count.unread}` : '',
    };
  });
}

/** Tabs as lines no wider than `width`, the current one inverted. */
export function tabLines(labels: TabLabel[], current: Tab, width: number): Line[] {
  const lines: Line[] = [];
  let line: Line = [];
  let used = 0;
  for (const label of labels) {
    const cells = textWidth(label.text) + textWidth(label.unread) + 2;
    if (used > 0 && used + cells > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    const active = label.tab === current;
    line.push({ text: ` ${label.text}`, inverse: active, bold: active });
    line.push({ text: label.unread, inverse: active, bold: true, color: 'yellow' });
    line.push({ text: ' ', inverse: active });
    used += cells;
  }
  lines.push(line);
  return lines;
}

/** Pads the left part so that the right part ends at `width`. */
function spread(left: Segment[], right: Segment[], width: number): Line {
  const rightWidth = right.reduce((sum, segment) => sum + textWidth(segment.text), 0);
  const room = Math.max(0, width - rightWidth);
  const cut: Segment[] = [];
  let used = 0;
  for (const segment of left) {
    const text = truncate(segment.text, room - used);
    cut.push({ ...segment, text });
    used += textWidth(text);
  }
  return [...cut, { text: ' '.repeat(Math.max(0, room - used)) }, ...right];
}

export interface TicketLineContext {
  t: Translate;
  now: Date;
  width: number;
  /** What the agent wrote to the ticket and did not send: shown instead of the last message. */
  draft?: string;
}

export function ticketLines(ticket: Ticket, selected: boolean, { t, now, width, draft }: TicketLineContext): Line[] {
  const bar: Segment = { text: '▌', color: terminalColor(ticket.queue?.color) ?? 'gray' };
  const name = ticket.contact?.name || ticket.contact?.number || '?';
  const unread = ticket.unreadMessages > 0;
  const when = ticket.status === 'pending' && ticket.waitingSince ? t('tui.time.waiting', { time: elapsedTime(ticket.waitingSince, now, t) }) : relativeTime(ticket.updatedAt, now, t);
  const first = spread([bar, { text: name, bold: unread || selected }], [{ text: ` ${when}`, dim: true }], width);
  const badge: Segment[] = unread ? [{ text: ` ${ticket.unreadMessages} `, color: 'green', bold: true, inverse: true }] : [];
  const preview = ticket.status === 'pending' ? ticket.lastCustomerMessage || ticket.lastMessage : ticket.lastMessage;
  const shown: Segment[] = draft ? [{ text: ` ✎ ${t('tui.drafts.label')} ${firstLine(draft)}`, color: 'yellow' }] : [{ text: ` ${firstLine(preview)}`, dim: true }];
  const second = spread([bar, ...shown], badge, width);
  // The selection is drawn inverted over the whole row (the badge keeps its own look).
  return selected ? [first, second].map((line) => line.map((segment) => (segment.inverse ? segment : { ...segment, inverse: true }))) : [first, second];
}
