/**
 * The request log, without secrets. A line names the method, the path, the status and the time;
 * path parameters that carry a secret or a person (a reset code, a password, an e-mail) are
 * written as their name. Query strings (media links' signatures) and bodies are never logged,
 * nor headers (the bearer token, the refresh cookie); websockets (their token comes in the
 * connection's first message) are not hapi requests and leave no line.
 */
import type { Request, Server } from '@hapi/hapi';
import type { Logger } from '../logger.js';

const SECRET_PARAMS = new Set(['token', 'newPassword', 'password', 'email']);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request's path with its secret parameters replaced by `{name}`. */
export function loggedPath(request: Pick<Request, 'path' | 'params'>): string {
  const secrets = Object.entries(request.params ?? {}).filter(([name, value]) => SECRET_PARAMS.has(name) && typeof value === 'string' && value !== '');
  if (secrets.length === 0) return request.path;
  return request.path
    .split('/')
    .map((segment) => {
      const secret = secrets.find(([, value]) => value === decoded(segment));
      return secret ? `{${secret[0]}}` : segment;
    })
    .join('/');
}

export function registerRequestLog(server: Server, logger: Logger): void {
  server.events.on('response', (request) => {
    const status = (request.response as { statusCode?: number } | null)?.statusCode;
    logger.info({ method: request.method, path: loggedPath(request), status, ms: Date.now() - request.info.received }, 'request');
  });
}
