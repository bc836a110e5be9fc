/** The upload rules of block media (document 3 section 5): kinds, extensions and sizes, checked before sending. */
import { FLOW_MEDIA_LIMITS, type FlowMediaKind } from '@atende/shared';

export function acceptOf(kind: FlowMediaKind): string {
  return FLOW_MEDIA_LIMITS[kind].extensions.map((extension) => `.${extension}`).join(',');
}

/** The text key of what is wrong with a chosen file (and its options), or null. */
export function fileProblem(kind: FlowMediaKind, file: File): { key: string; options?: Record<string, unknown> } | null {
  const limit = FLOW_MEDIA_LIMITS[kind];
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(limit.extensions as readonly string[]).includes(extension)) {
    return { key: 'web.flowEditor.content.wrongType', options: { extensions: limit.extensions.join(', ') } };
  }
  if (file.size > limit.maxBytes) return { key: `web.flowEditor.content.tooBig.${kind}` };
  return null;
}

/** Section 9: images go compressed at quality 0.7 (JPEG; PNG has no quality and goes as chosen). */
export const IMAGE_QUALITY = 0.7;

/** The file to upload: a JPEG re-encoded at IMAGE_QUALITY when that makes it smaller, any other as it is. */
export async function compressed(file: File): Promise<File> {
  if (file.type !== 'image/jpeg' && !/\.jpe?g$/i.test(file.name)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_QUALITY));
    return blob && blob.size < file.size ? new File([blob], file.name, { type: 'image/jpeg' }) : file;
  } catch {
    // An image the browser cannot decode goes as chosen; the server judges it.
    return file;
  }
}
