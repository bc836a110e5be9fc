import type { Server } from '@hapi/hapi';
import { APP_VERSION, type HealthAnswer } from '@atende/shared';
import { databaseState } from '../database/connect.js';

/** `available`: the database answers (connected, and the embedded engine's programs running). */
export function registerHealth(server: Server, prefix: string, engine: 'embedded' | 'external', available: () => boolean): void {
  const startedAt = Date.now();
  server.route({
    method: 'GET',
    path: `${prefix}/health`,
    options: { auth: false, tags: ['api', 'health'], description: 'Liveness and database state' },
    handler: (_request, h) => {
      const up = available();
      // Connected to a FerretDB whose PostgreSQL is restarting is not connected to the data.
      const state = up ? 'connected' : databaseState() === 'disconnected' ? 'disconnected' : 'connecting';
      const body: HealthAnswer = {
        status: up ? 'ok' : 'degraded',
        version: APP_VERSION,
        database: { state, engine },
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return h.response(body).code(up ? 200 : 503);
    },
  });
}
