/** Local files given as arguments: an unreadable one is a usage error naming it. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Context } from './context.js';
import { UsageError } from './errors.js';

export async function readLocalFile(ctx: Context, path: string): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    return { bytes: await readFile(path), fileName: basename(path) };
  } catch (error) {
    throw new UsageError(ctx.t('errors.fileUnreadable', { file: path, reason: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
}
