/**
 * Media of the flow blocks (document 3 sections 5 and 7): POST /flowbuilder/img, /audio and
 * /content. Stored like every upload (platform/uploads: checked by content, random names, served
 * at /public/{companyId}/{file} by signed links) but with the flow's own formats and limits
 * (FLOW_MEDIA_LIMITS: image png/jpg/jpeg 2 MB, audio ogg/mp3/opus 5 MB, video mp4 20 MB) and the
 * spec's too-large texts.
 */
import { FLOW_MEDIA_LIMITS, type ErrorCode, type FlowMediaKind } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import { mediaUrl, removeUpload, storeUpload, type FilePart, type UploadKind } from '../../platform/uploads.js';

/** A content block holds at most this many elements per upload (its sequence is bounded at 100). */
export const FLOW_CONTENT_FILES_MAX = 20;
/** Room for a few videos in one content upload; bigger sequences upload in several calls. */
export const FLOW_CONTENT_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

const UPLOAD_KIND: Record<FlowMediaKind, UploadKind> = { img: 'image', audio: 'audio', video: 'video' };
const TOO_LARGE: Record<FlowMediaKind, ErrorCode> = {
  img: 'ERR_FLOW_IMAGE_TOO_LARGE',
  audio: 'ERR_FLOW_AUDIO_TOO_LARGE',
  video: 'ERR_FLOW_VIDEO_TOO_LARGE',
};
const KIND_OF_UPLOAD = new Map(Object.entries(UPLOAD_KIND).map(([kind, upload]) => [upload, kind as FlowMediaKind]));

function extensionOf(name: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** Stores one file of the given block kinds, refusing other formats and sizes over the kind's limit. */
async function storeFlowFile(companyId: string, file: FilePart, kinds: FlowMediaKind[]): Promise<string> {
  const declared = kinds.find((kind) => (FLOW_MEDIA_LIMITS[kind].extensions as readonly string[]).includes(extensionOf(file.filename)));
  // Known by its extension: too large is said before the bytes are looked at (the editor's own check).
  if (declared && file.bytes.length > FLOW_MEDIA_LIMITS[declared].maxBytes) {
    throw new AppError(TOO_LARGE[declared], { limit: FLOW_MEDIA_LIMITS[declared].maxBytes });
  }
  try {
    const stored = await storeUpload(
      companyId,
      file,
      kinds.map((kind) => UPLOAD_KIND[kind]),
      kinds.flatMap((kind) => FLOW_MEDIA_LIMITS[kind].extensions),
    );
    return stored.fileName;
  } catch (err) {
    // A file named by its content alone (a recorded blob) meets the platform's size check.
    const kind = err instanceof AppError && err.code === 'ERR_MEDIA_TOO_LARGE' ? KIND_OF_UPLOAD.get(err.extra.kind as UploadKind) : undefined;
    if (kind) throw new AppError(TOO_LARGE[kind], { limit: FLOW_MEDIA_LIMITS[kind].maxBytes });
    throw err;
  }
}

/** img / audio: exactly one file of that kind. */
export async function storeBlockMedia(companyId: string, kind: 'img' | 'audio', files: FilePart[]): Promise<{ name: string; url: string }> {
  if (files.length !== 1) throw new AppError('ERR_VALIDATION', { field: 'medias', rule: 'array.length', limit: 1 }, 'payload medias: exactly one file');
  const name = await storeFlowFile(companyId, files[0]!, [kind]);
  return { name, url: mediaUrl(companyId, name) };
}

/** content: one or several files of any block media kind, stored in order; all or none. */
export async function storeContentMedia(companyId: string, files: FilePart[]): Promise<{ names: string[]; urls: string[] }> {
  if (files.length > FLOW_CONTENT_FILES_MAX) {
    throw new AppError('ERR_VALIDATION', { field: 'medias', rule: 'array.max', limit: FLOW_CONTENT_FILES_MAX }, `payload medias: at most ${FLOW_CONTENT_FILES_MAX} files`);
  }
  const names: string[] = [];
  try {
    for (const file of files) names.push(await storeFlowFile(companyId, file, ['img', 'audio', 'video']));
  } catch (err) {
    for (const name of names) await removeUpload(companyId, name);
    throw err;
  }
  return { names, urls: names.map((name) => mediaUrl(companyId, name)) };
}
