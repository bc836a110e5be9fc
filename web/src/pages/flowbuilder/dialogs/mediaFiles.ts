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
