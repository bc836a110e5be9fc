/**
 * WhatsApp's text marks as the customer's phone shows them: *bold*, _italic_, ~strike~ and
 * ```monospace```, with links clickable. Built as elements (never as HTML) from the flow's text.
 */
import Linkify from 'linkify-react';
import type { ReactNode } from 'react';

/** The element of each of PATTERN's groups, in order: ```, *, _, ~. */
const TAGS = ['code', 'strong', 'em', 's'] as const;

/** Opens a mark at a word's start, closes it at a word's end, on one line (as WhatsApp does). */
const PATTERN = /```([^`]+?)```|(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)([^_\n]+?)(?<!\s)_(?![\w_])|(?<![\w~])~(?!\s)([^~\n]+?)(?<!\s)~(?![\w~])/g;

const LINK_OPTIONS = { target: '_blank', rel: 'noopener noreferrer', defaultProtocol: 'https' };

export function formatWhatsapp(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const at = match.index;
    if (at > last) parts.push(<Linkify key={`t${last}`} options={LINK_OPTIONS}>{text.slice(last, at)}</Linkify>);
    const group = match.slice(1).findIndex((value) => value !== undefined);
    const Tag = TAGS[group]!;
    const inner = match[group + 1]!;
    parts.push(<Tag key={`m${at}`}>{Tag === 'code' ? inner : formatWhatsapp(inner)}</Tag>);
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(<Linkify key={`t${last}`} options={LINK_OPTIONS}>{text.slice(last)}</Linkify>);
  return parts;
}
