/**
 * While the database is away (the embedded engine restarting, MongoDB unreachable), API requests
 * are answered at once with 503 ERR_DATABASE_UNAVAILABLE instead of waiting out the driver's
 * timeouts. The health check and the API description answer anyway.
 */
import type { Server } from '@hapi/hapi';
import { AppError } from '../errors.js';

export function registerDatabaseGate(server: Server, prefix: string, available: () => boolean): void {
  const open = [`${prefix}/health`, `${prefix}/docs`];
  server.ext('onRequest', (request, h) => {
    const path = request.path;
    if (!path.startsWith(`${prefix}/`) || open.some((route) => path === route || path.startsWith(`${route}/`)) || available()) return h.continue;
    throw new AppError('ERR_DATABASE_UNAVAILABLE');
  });
}
