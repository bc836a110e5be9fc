/**
 * What a received WhatsApp message says, in the platform's terms: its kind (mediaType), body,
 * quoted message, the media to download; or the edit, revoke of, or reaction to an earlier
 * message. Pure: who sent it and the media bytes are resolved by the caller.
 */
import type { proto, WAMessage } from '@whiskeysockets/baileys';
import type { InboundMessage } from '../provider.js';
import { baileys } from './library.js';

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface MediaRef {
  kind: MediaKind;
  mimeType: string;
  fileName: string;
  /** Announced size in bytes (checked against the limits before downloading). */
  size: number | null;
}

export type MappedContent =
  | { action: 'message'; mediaType: InboundMessage['mediaType']; body: string; quotedProviderMessageId?: string; media?: MediaRef }
  | { action: 'edit'; providerMessageId: string; body: string }
  | { action: 'delete'; providerMessageId: string }
  /** On the message reacted to; '' takes the sender's reaction back. `at`: when the sender reacted. */
  | { action: 'react'; providerMessageId: string; emoji: string; at?: Date };

/** Texts of call logs, in the company's language. */
export type CallBody = (call: { isVideo: boolean; missed: boolean }) => string;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
};

function extensionOf(mimeType: string): string {
  return EXTENSIONS[mimeType.split(';')[0]!.trim().toLowerCase()] ?? '';
}

/** A file name with an extension (storeUpload checks the content against it). */
function fileNameOf(kind: MediaKind, mimeType: string, given: string | null | undefined): string {
  const ext = extensionOf(mimeType);
  if (given) return /\.[A-Za-z0-9]{1,10}$/.test(given) || !ext ? given : `${given}.${ext}`;
  return ext ? `${kind}.${ext}` : kind;
}

type MediaMessage = proto.Message.IImageMessage | proto.Message.IVideoMessage | proto.Message.IAudioMessage | proto.Message.IDocumentMessage | proto.Message.IStickerMessage;

function mediaRef(kind: MediaKind, media: MediaMessage, fileName?: string | null): MediaRef {
  const mimeType = media.mimetype || 'application/octet-stream';
  const size = media.fileLength === null || media.fileLength === undefined ? null : baileys().toNumber(media.fileLength);
  return { kind, mimeType, fileName: fileNameOf(kind, mimeType, fileName), size: size || null };
}

/** "image|link|description" (document 1: a location body is pipe-separated). */
function locationBody(location: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage, description: string): string {
  const image = location.jpegThumbnail?.length ? `data:image/jpeg;base64,${Buffer.from(location.jpegThumbnail).toString('base64')}` : '';
  const link = `https://maps.google.com/maps?q=${location.degreesLatitude ?? 0}%2C${location.degreesLongitude ?? 0}&z=17`;
  return description ? `${image}|${link}|${description}` : `${image}|${link}`;
}

function vcardOf(contact: proto.Message.IContactMessage): string {
  return contact.vcard || `BEGIN:VCARD\nVERSION:3.0\nFN:${contact.displayName ?? ''}\nEND:VCARD`;
}

/** The text a (possibly edited) content shows. */
function textOf(content: proto.IMessage | null | undefined): string {
  const inner = baileys().normalizeMessageContent(content);
  return (
    inner?.conversation ||
    inner?.extendedTextMessage?.text ||
    inner?.imageMessage?.caption ||
    inner?.videoMessage?.caption ||
    inner?.documentMessage?.caption ||
    ''
  );
}

function isMissed(outcome: proto.Message.CallLogMessage.CallOutcome | null | undefined): boolean {
  const { CallOutcome } = baileys().proto.Message.CallLogMessage;
  return outcome === CallOutcome.MISSED || outcome === CallOutcome.REJECTED || outcome === CallOutcome.SILENCED_BY_DND || outcome === CallOutcome.SILENCED_UNKNOWN_CALLER;
}

/** Missed-call stubs: whether the call was a video call; undefined for other stubs. */
function missedCallStub(stub: number | null | undefined): { isVideo: boolean } | undefined {
  const { StubType } = baileys().proto.WebMessageInfo;
  if (stub === StubType.CALL_MISSED_VOICE || stub === StubType.CALL_MISSED_GROUP_VOICE) return { isVideo: false };
  if (stub === StubType.CALL_MISSED_VIDEO || stub === StubType.CALL_MISSED_GROUP_VIDEO) return { isVideo: true };
  return undefined;
}

function quotedOf(content: proto.IMessage, type: keyof proto.IMessage): string | undefined {
  const inner = content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  return inner?.contextInfo?.stanzaId || undefined;
}

/** Maps one received message; null for what the platform does not keep (protocol noise). */
export function mapContent(message: WAMessage, callBody: CallBody): MappedContent | null {
  const { getContentType, normalizeMessageContent, proto: protos } = baileys();
  const missedCall = message.message ? undefined : missedCallStub(message.messageStubType);
  if (missedCall) return { action: 'message', mediaType: 'call_log', body: callBody({ ...missedCall, missed: true }) };
  const content = normalizeMessageContent(message.message);
  // getContentType looks for "Message" in the key: the call log's key is spelt "Messsage".
  const type = content?.callLogMesssage ? 'callLogMesssage' : getContentType(content ?? undefined);
  if (!content || !type) return null;
  const quoted = quotedOf(content, type);
  const plain = (mediaType: InboundMessage['mediaType'], body: string, media?: MediaRef): MappedContent => ({
    action: 'message',
    mediaType,
    body,
    ...(quoted ? { quotedProviderMessageId: quoted } : {}),
    ...(media ? { media } : {}),
  });

  switch (type) {
    case 'conversation':
      return plain('chat', content.conversation ?? '');
    case 'extendedTextMessage':
      return plain('chat', content.extendedTextMessage?.text ?? '');
    case 'imageMessage':
      return plain('image', content.imageMessage!.caption ?? '', mediaRef('image', content.imageMessage!));
    case 'videoMessage':
      return plain('video', content.videoMessage!.caption ?? '', mediaRef('video', content.videoMessage!));
    case 'ptvMessage':
      return plain('video', '', mediaRef('video', content.ptvMessage!));
    case 'audioMessage':
      return plain('audio', '', mediaRef('audio', content.audioMessage!));
    case 'documentMessage': {
      const document = content.documentMessage!;
      const ref = mediaRef('document', document, document.fileName || document.title);
      return plain('application', document.caption || document.fileName || '', ref);
    }
    case 'stickerMessage':
      return plain('sticker', '', mediaRef('sticker', content.stickerMessage!));
    case 'locationMessage': {
      const location = content.locationMessage!;
      return plain('locationMessage', locationBody(location, [location.name, location.address].filter(Boolean).join(', ')));
    }
    case 'liveLocationMessage':
      return plain('locationMessage', locationBody(content.liveLocationMessage!, content.liveLocationMessage!.caption ?? ''));
    case 'contactMessage':
      return plain('vcard', vcardOf(content.contactMessage!));
    case 'contactsArrayMessage':
      return plain('vcard', (content.contactsArrayMessage!.contacts ?? []).map(vcardOf).join('\n'));
    case 'reactionMessage': {
      const reaction = content.reactionMessage!;
      if (!reaction.key?.id) return null;
      const sentMs = reaction.senderTimestampMs === null || reaction.senderTimestampMs === undefined ? 0 : baileys().toNumber(reaction.senderTimestampMs);
      return { action: 'react', providerMessageId: reaction.key.id, emoji: reaction.text ?? '', ...(sentMs ? { at: new Date(sentMs) } : {}) };
    }
    case 'protocolMessage': {
      const protocol = content.protocolMessage!;
      const target = protocol.key?.id;
      if (!target) return null;
      if (protocol.type === protos.Message.ProtocolMessage.Type.REVOKE) return { action: 'delete', providerMessageId: target };
      if (protocol.type === protos.Message.ProtocolMessage.Type.MESSAGE_EDIT) return { action: 'edit', providerMessageId: target, body: textOf(protocol.editedMessage) };
      return null;
    }
    case 'callLogMesssage': {
      const call = content.callLogMesssage!;
      return plain('call_log', callBody({ isVideo: Boolean(call.isVideo), missed: isMissed(call.callOutcome) }));
    }
    case 'buttonsResponseMessage':
      return plain('chat', content.buttonsResponseMessage!.selectedDisplayText || content.buttonsResponseMessage!.selectedButtonId || '');
    case 'listResponseMessage':
      return plain('chat', content.listResponseMessage!.title || content.listResponseMessage!.singleSelectReply?.selectedRowId || '');
    case 'templateButtonReplyMessage':
      return plain('chat', content.templateButtonReplyMessage!.selectedDisplayText || content.templateButtonReplyMessage!.selectedId || '');
    default:
      return null;
  }
}
