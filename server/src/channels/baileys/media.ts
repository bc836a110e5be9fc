/**
 * Media of received messages: checked against the inbox's size limits before downloading, then
 * downloaded (asking the phone to upload it again when WhatsApp's copy expired).
 */
import type { WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from '../../platform/logger.js';
import { UPLOAD_LIMITS, type UploadKind } from '../../platform/uploads.js';
import type { MediaKind, MediaRef } from './content.js';
import { baileys } from './library.js';
import type { WaSocket } from './socket.js';

export type MediaDownloader = (message: WAMessage, socket: WaSocket) => Promise<Buffer>;

const LIMIT_OF: Record<MediaKind, UploadKind> = { image: 'image', sticker: 'image', video: 'video', audio: 'audio', document: 'document' };

/** Announced larger than the inbox takes: not worth downloading. */
export function tooLarge(media: MediaRef): boolean {
  return media.size !== null && media.size > UPLOAD_LIMITS[LIMIT_OF[media.kind]];
}

export function createDownloader(logger: Logger): MediaDownloader {
  return async (message, socket) => {
    const bytes = await baileys().downloadMediaMessage(message, 'buffer', {}, { logger, reuploadRequest: (stale) => socket.updateMediaMessage(stale) });
    return bytes as Buffer;
  };
}
