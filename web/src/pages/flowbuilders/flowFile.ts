/**
 * Export and import files of a flow (FlowExport): the download is named after the flow; a file
 * read back is checked with the server's own schema before it is sent, so a wrong file is said
 * at once.
 */
import { flowImportSchema, type FlowExport } from '@atende/shared';
import { downloadText } from '../../ui/download.js';

export function downloadFlow(file: FlowExport): void {
  const base = file.name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'fluxo';
  downloadText(JSON.stringify(file, null, 2), `${base}.flow.json`, 'application/json');
}

/** The flow in the file, or null when it is not an exported flow. */
export async function readFlowFile(file: Blob): Promise<FlowExport | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return null;
  }
  const { error, value } = flowImportSchema.validate(parsed);
  return error ? null : (value as FlowExport);
}
