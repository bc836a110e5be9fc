/**
 * The web console (web/dist, built by Vite) served at `/` by the API's own server. Every GET that
 * no other route answers lands here: a file of the build when there is one, otherwise index.html
 * (SPA fallback), so that deep links such as /tickets/{uuid} load the console. Paths of the API
 * and of the media keep their JSON 404. Nothing is registered when the build is missing.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import { AppError } from '../errors.js';

/** web/dist of this checkout; ATENDE_WEB_DIST points elsewhere (tests, custom builds). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Vite puts content-hashed files under assets/: a new build gives new names, so they never go stale. */
const HASHED_PREFIX = 'assets/';
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated, so a new build shows at once. */
const NO_CACHE = 'no-cache';

/**
 * What the console's pages may load: its own files; styled-components' style tags; the voice
 * recorder's worklet (a blob URL); media and images it is given (contacts' WhatsApp pictures and
 * help-video thumbnails come over https); help videos in frames over https. Never framed itself.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https:',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Paths the console must never swallow: their misses stay JSON errors of the API. */
const RESERVED = ['/api', '/public'];

export interface WebOptions {
  distDir?: string;
}

function isReserved(requestPath: string): boolean {
  return RESERVED.some((prefix) => requestPath === prefix || requestPath.startsWith(`${prefix}/`));
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** Returns whether the console is served (false when the build is missing). */
export function registerWeb(server: Server, options: WebOptions = {}): boolean {
  const distDir = path.resolve(options.distDir ?? (process.env.ATENDE_WEB_DIST || DEFAULT_WEB_DIST));
  if (!existsSync(path.join(distDir, 'index.html'))) return false;

  server.route({
    method: 'GET',
    path: '/{path*}',
    options: { auth: false, description: 'The web console (files of web/dist, index.html for its routes)' },
    handler: async (request: Request, h: ResponseToolkit) => {
      if (isReserved(request.path)) throw new AppError('ERR_ROUTE_NOT_FOUND');
      const relative = String((request.params as { path?: string }).path ?? '');
      const file = path.resolve(distDir, relative);
      if (relative && file.startsWith(distDir + path.sep) && (await isFile(file))) {
        return h
          .file(file, { confine: distDir })
          .header('cache-control', relative.startsWith(HASHED_PREFIX) ? LONG_CACHE : NO_CACHE)
          .header('content-security-policy', CONTENT_SECURITY_POLICY);
      }
      // A missing file (an old hashed asset) is a 404, not the page: a script must not get HTML.
      if (path.extname(relative)) throw new AppError('ERR_NOT_FOUND');
      return h
        .file(path.join(distDir, 'index.html'), { confine: distDir })
        .type('text/html; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .header('content-security-policy', CONTENT_SECURITY_POLICY);
    },
  });
  return true;
}
