/**
 * Our outbound messages as Baileys content: text, media with caption (image, video, document),
 * audio (a voice note when it is Ogg/Opus, the format WhatsApp plays as one), location and vcard,
 * marked forwarded when an agent forwarded them; the quoted message a reply shows; and the
 * actions on a message already sent (reaction, edit, delete for everyone), keyed as WhatsApp
 * knows that message.
 */
import type { AnyMessageContent, WAMessage, WAMessageKey, proto } from '@whiskeysockets/baileys';
import type { ActionTarget, OutboundAction, OutboundMessage } from '../provider.js';

/** What Baileys' own forward puts in a forwarded message's context (forwarded once). */
export const FORWARDED_CONTEXT: proto.IContextInfo = { isForwarded: true, forwardingScore: 1 };

/** A vCard 3.0 card with the number WhatsApp links to a chat (waid). */
export function vcardOf(name: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  return `BEGIN:VCARD\nVERSION:3.0\nFN:${clean}\nTEL;type=CELL;type=VOICE;waid=${digits}:+${digits}\nEND:VCARD`;
}

function isOgg(mimeType: string): boolean {
  return /^audio\/ogg\b/i.test(mimeType);
}

export function contentOf(message: OutboundMessage): AnyMessageContent {
  const content = plainContentOf(message);
  // Baileys puts contextInfo on whatever message it builds, audio and cards included (its types
  // name it for text, image, video and document only).
  return message.forwarded ? ({ ...content, contextInfo: FORWARDED_CONTEXT } as AnyMessageContent) : content;
}

function plainContentOf(message: OutboundMessage): AnyMessageContent {
  const { media, location, vcard } = message;
  if (media) {
    const file = { url: media.filePath };
    // A media message's body is its caption, or the file name when none was typed.
    const caption = message.body && message.body !== media.fileName ? message.body : undefined;
    switch (media.kind) {
      case 'image':
        return { image: file, mimetype: media.mimeType, ...(caption ? { caption } : {}) };
      case 'video':
        return { video: file, mimetype: media.mimeType, ...(caption ? { caption } : {}) };
      case 'audio':
        return media.asVoiceNote && isOgg(media.mimeType) ? { audio: file, mimetype: 'audio/ogg; codecs=opus', ptt: true } : { audio: file, mimetype: media.mimeType };
      case 'document':
        return { document: file, mimetype: media.mimeType, fileName: media.fileName, ...(caption ? { caption } : {}) };
    }
  }
  if (location) {
    return { location: { degreesLatitude: location.latitude, degreesLongitude: location.longitude, ...(location.description ? { name: location.description } : {}) } };
  }
  if (vcard) {
    return { contacts: { displayName: vcard.name, contacts: [{ displayName: vcard.name, vcard: vcardOf(vcard.name, vcard.number) }] } };
  }
  return { text: message.body };
}

/**
 * The quoted message of a reply, as Baileys puts it in the reply's context: its key and content
 * (the stored content when we have it, else the text we kept of it).
 */
export function quotedOf(jid: string, message: OutboundMessage, stored: proto.IMessage | null): WAMessage | undefined {
  const id = message.quotedProviderMessageId;
  if (!id) return undefined;
  const known = message.quotedMessage;
  const fromMe = known?.fromMe ?? false;
  const participant = jid.endsWith('@g.us') && !fromMe && known?.participant ? `${known.participant}@s.whatsapp.net` : undefined;
  return {
    key: { remoteJid: jid, id, fromMe, ...(participant ? { participant } : {}) },
    message: stored ?? { conversation: known?.body ?? '' },
  };
}

/**
 * The key of a message an action changes: ours (fromMe), or the customer's; in a group a
 * customer's message is also known by its author.
 */
export function keyOf(jid: string, target: ActionTarget): WAMessageKey {
  const participant = jid.endsWith('@g.us') && !target.fromMe && target.participant ? `${target.participant}@s.whatsapp.net` : undefined;
  return { remoteJid: jid, fromMe: target.fromMe, id: target.providerMessageId, ...(participant ? { participant } : {}) };
}

/** The company's reaction ('' takes it back, as WhatsApp does). */
export function reactionOf(jid: string, action: OutboundAction & { emoji: string }): AnyMessageContent {
  return { react: { text: action.emoji, key: keyOf(jid, action.target) } };
}

/** The new text of one of our messages (WhatsApp's MESSAGE_EDIT protocol message). */
export function editOf(jid: string, action: OutboundAction & { body: string }): AnyMessageContent {
  return { text: action.body, edit: keyOf(jid, action.target) };
}

/** Delete for everyone (WhatsApp's REVOKE protocol message). */
export function deletionOf(jid: string, action: OutboundAction): AnyMessageContent {
  return { delete: keyOf(jid, action.target) };
}
