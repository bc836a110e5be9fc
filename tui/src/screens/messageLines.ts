/**
 * The conversation as lines: per message a header (picked for a forward, time, author, ack marks
 * or ✗ for a send the server gave up on, edited, forwarded), the quoted message, the signature's name in bold on a line of its own (as
 * WhatsApp shows `*Ana*:`), the wrapped text (kind label first), the media or map address, the
 * reactions, and for the selected message who reacted and the earlier bodies when it was edited.
 */
import { signatureName, translateError, unsignedText, type Message, type QuotedMessage } from '@atende/shared';
import type { Texts } from '../app/i18n.js';
import { ackMark } from '../format/acks.js';
import { authorOf, isAutomatic, quotedAuthorOf } from '../format/authors.js';
import { describeMessage, kindOf, labelledText } from '../format/messages.js';
import { clockTime } from '../format/time.js';
import { truncate, wrapText } from '../format/text.js';
import type { Line } from '../ui/lines.js';
import { historyLines, reactionLine, reactorLines } from './messageExtras.js';

const INDENT = '  ';

export interface MessageLineContext {
  texts: Pick<Texts, 't' | 'i18n'>;
  server: string;
  now: Date;
  width: number;
  /** Name of the ticket's contact, for messages that carry none. */
  contactName: string;
  /** The signed-in agent (their messages are "You"). */
  userId: string;
  /** The conversation's messages by id: a quote names the author of the message it quotes. */
  loaded?: ReadonlyMap<string, Message>;
  /** Messages picked for a forward. */
  marked?: ReadonlySet<string>;
}

function quotedLine(quoted: QuotedMessage, { texts: { t }, width, contactName, userId, loaded }: MessageLineContext): Line {
  const sender = quotedAuthorOf(quoted, loaded?.get(quoted.id), { t, userId, contactName });
  const kind = kindOf(quoted.mediaType);
  const text = quoted.body || (kind === 'text' ? '' : t(`tui.kinds.${kind}`));
  return [{ text: `${INDENT}│ `, dim: true }, { text: truncate(`${sender}: ${text.replace(/\s+/g, ' ')}`, width - 4), dim: true }];
}

export function messageLines(message: Message, selected: boolean, context: MessageLineContext): Line[] {
  const { texts, server, now, width, contactName, userId } = context;
  const { t } = texts;
  const view = describeMessage(message, texts, server);
  const sender = authorOf(message, { t, userId, contactName });
  const header: Line = [
    { text: selected ? '▶ ' : '', color: 'cyan', bold: true },
    { text: context.marked?.has(message.id) ? '✓ ' : '', color: 'magenta', bold: true },
    { text: `${clockTime(message.createdAt, now)} `, dim: true },
    { text: sender, bold: true, color: isAutomatic(message) ? 'magenta' : message.fromMe ? 'green' : 'cyan' },
  ];
  if (message.sendFailed) header.push({ text: ' ✗', color: 'red', bold: true });
  else if (message.fromMe) {
    const mark = ackMark(message.ack);
    header.push({ text: ` ${mark.symbol}`, color: mark.read ? 'blueBright' : undefined, bold: mark.read, dim: !mark.read });
  }
  if (message.isEdited && !message.isDeleted) header.push({ text: ` ${t('tui.message.edited')}`, dim: true });
  if (message.forwarded && !message.isDeleted) header.push({ text: ` ${t('tui.message.forwarded')}`, dim: true });
  const lines: Line[] = [header];
  if (message.quotedMsg) lines.push(quotedLine(message.quotedMsg, context));
  const signature = message.isDeleted ? null : signatureName(message);
  if (signature !== null) lines.push([{ text: truncate(`${INDENT}${signature}:`, width), bold: true }]);
  const text = labelledText(signature !== null ? { ...view, text: unsignedText(message) } : view);
  for (const row of wrapText(text, width - INDENT.length)) lines.push([{ text: INDENT + row, dim: message.isDeleted }]);
  if (view.url) lines.push([{ text: `${INDENT}↳ `, dim: true }, { text: truncate(view.url, width - 4), color: 'blue', underline: true }]);
  if (view.problem) lines.push([{ text: truncate(`${INDENT}⚠ ${view.problem}`, width), color: 'yellow' }]);
  if (message.sendFailed) {
    const reason = translateError(texts.i18n, message.sendError ?? 'ERR_SENDING_WAPP_MSG');
    for (const row of wrapText(`✗ ${t('tui.message.sendFailed', { reason })}`, width - INDENT.length)) lines.push([{ text: INDENT + row, color: 'red' }]);
  }
  const reactions = reactionLine(message, width);
  if (reactions) lines.push(reactions);
  if (selected && !message.isDeleted) lines.push(...reactorLines(message, context), ...historyLines(message, context));
  return lines;
}

/**
 * The lines of the messages up to `anchor` (included) that fill `rows`, oldest first: the
 * conversation ends at the anchor, the newest message unless the agent moved up, less the
 * anchor's last `below` lines when the agent scrolled up inside it (a message taller than the
 * pane); a last row then says how many lines are below.
 */
export function conversationLines(messages: Message[], anchor: number, selected: number | null, rows: number, context: MessageLineContext, below = 0): Line[] {
  const room = below > 0 ? rows - 1 : rows;
  const lines: Line[] = [];
  for (let index = anchor; index >= 0 && lines.length < room + below; index -= 1) {
    lines.unshift(...messageLines(messages[index]!, index === selected, context));
  }
  const shown = lines.slice(0, lines.length - below).slice(-room);
  if (below > 0) shown.push([{ text: context.texts.t('tui.conversation.below', { count: below }), dim: true }]);
  return shown;
}

/** Rows a message takes (its header, quote, text, address, problem and reaction lines; when selected, who reacted and its earlier bodies). */
export function messageHeight(message: Message, selected: boolean, context: MessageLineContext): number {
  return messageLines(message, selected, context).length;
}
