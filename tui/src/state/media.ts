/**
 * Files in and out of a conversation: a file attached by its path (~ and relative paths allowed),
 * and a message's media saved into the download folder under a name not taken yet.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** A file to send: one on this computer (attached by its path) or a quick answer's, on the server. */
export type Attachment = { fileName: string } & ({ path: string } | { url: string });

export function resolvePath(typed: string, cwd = process.cwd()): string {
  const trimmed = typed.trim();
  const expanded = trimmed === '~' || trimmed.startsWith('~/') ? path.join(homedir(), trimmed.slice(1)) : trimmed;
  return path.resolve(cwd, expanded);
}

/** The file behind a typed path, or null when there is no such file. */
export async function attachmentAt(typed: string): Promise<Attachment | null> {
  if (!typed.trim()) return null;
  const resolved = resolvePath(typed);
  const info = await stat(resolved).catch(() => null);
  return info?.isFile() ? { path: resolved, fileName: path.basename(resolved) } : null;
}

export async function attachmentBlob(attachment: Attachment): Promise<{ blob: Blob; fileName: string }> {
  if ('path' in attachment) return { blob: new Blob([await readFile(attachment.path)]), fileName: attachment.fileName };
  const response = await fetch(attachment.url);
  if (!response.ok) throw new Error(`GET ${attachment.url}: HTTP ${response.status}`);
  return { blob: await response.blob(), fileName: attachment.fileName };
}

/** A name for the saved file: the message's own file name when it has one, else the URL's. */
export function downloadName(body: string, url: string): string {
  const fromBody = body.trim();
  if (/^[^/\\\n]+\.[a-z0-9]{1,5}$/i.test(fromBody)) return fromBody;
  return path.basename(new URL(url).pathname) || 'media';
}

/** Writes the bytes as `name`, or `name (1)`, `name (2)`... when taken; answers the path. */
async function writeNew(dir: string, name: string, bytes: Uint8Array): Promise<string> {
  const { name: stem, ext } = path.parse(name);
  for (let copy = 0; ; copy += 1) {
    const target = path.join(dir, copy === 0 ? name : `${stem} (${copy})${ext}`);
    const handle = await open(target, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw error;
    });
    if (!handle) continue;
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    return target;
  }
}

export async function downloadMedia(url: string, dir: string, name: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return writeNew(dir, name, new Uint8Array(await response.arrayBuffer()));
}
