/**
 * What a message says, by kind (document 1 section 3): text as is; media as a labelled line with
 * its URL; a location (body "image|link|description") and a vCard summarised in one line.
 */
import { translateError, unsignedText, type Message, type MessageMediaType } from '@atende/shared';
import type { Texts } from '../app/i18n.js';
import { firstLine } from './text.js';

export type MessageKind = 'text' | 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location' | 'contact' | 'call' | 'reaction';

const KINDS: Record<MessageMediaType, MessageKind> = {
  chat: 'text',
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  document: 'document',
  sticker: 'sticker',
  locationMessage: 'location',
  vcard: 'contact',
  contactMessage: 'contact',
  call_log: 'call',
  reaction: 'reaction',
};

export function kindOf(mediaType: MessageMediaType): MessageKind {
  return KINDS[mediaType] ?? 'text';
}

export interface MessageView {
  kind: MessageKind;
  /** "Image", "Location"...: null for plain text. */
  label: string | null;
  text: string;
  /** Absolute address of the media or the map link. */
  url: string | null;
  /** Why the media is missing (the catalogue text of the server's code). */
  problem: string | null;
}

export interface Location {
  image: string;
  link: string;
  description: string;
}

export function parseLocation(body: string): Location {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|').trim() };
}

export interface VcardSummary {
  name: string;
  number: string;
}

/** FN and the first TEL of a vCard; a body that is no vCard is taken as the name. */
export function parseVcard(body: string): VcardSummary {
  const field = (name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'im').exec(body)?.[1]?.trim() ?? '';
  if (!/BEGIN:VCARD/i.test(body)) return { name: body.trim(), number: '' };
  return { name: field('FN'), number: field('TEL') };
}

/** The text with its kind label first: "[Image] caption". */
export function labelledText(view: MessageView): string {
  return view.label ? `[${view.label}] ${view.text}` : view.text;
}

/** The server gives media paths relative to its origin. */
export function absoluteUrl(url: string, server: string): string {
  return /^https?:\/\//.test(url) ? url : `${server.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function describeMessage(message: Message, { t, i18n }: Pick<Texts, 't' | 'i18n'>, server: string): MessageView {
  const kind = kindOf(message.mediaType);
  if (message.isDeleted) return { kind, label: null, text: t('tui.message.deleted'), url: null, problem: null };
  const label = kind === 'text' ? null : t(`tui.kinds.${kind}`);
  switch (kind) {
    case 'location': {
      const location = parseLocation(message.body);
      return { kind, label, text: location.description || location.link, url: location.link || null, problem: null };
    }
    case 'contact': {
      const card = parseVcard(message.body);
      return { kind, label, text: [card.name, card.number].filter(Boolean).join(' '), url: null, problem: null };
    }
    default:
      return {
        kind,
        label,
        text: message.body,
        url: message.mediaUrl ? absoluteUrl(message.mediaUrl, server) : null,
        problem: message.mediaError ? translateError(i18n, message.mediaError) : null,
      };
  }
}

/** What a message is, on one line (a dialog's title): its text without the signature, kind label first. */
export function messagePreview(message: Message, texts: Pick<Texts, 't' | 'i18n'>, server: string): string {
  const view = describeMessage(message, texts, server);
  return firstLine(labelledText(message.signed && !message.isDeleted ? { ...view, text: unsignedText(message) } : view));
}
