import type { Server } from '@hapi/hapi';
import { APP_VERSION, type HealthAnswer } from '@atende/shared';
import { databaseState } from '../database/connect.js';

export function registerHealth(server: Server, prefix: string, engine: 'embedded' | 'external'): void {
  const startedAt = Date.now();
  server.route({
    method: 'GET',
    path: `${prefix}/health`,
    options: { auth: false, tags: ['api', 'health'], description: 'Liveness and database state' },
    handler: (_request, h) => {
      const state = databaseState();
      const body: HealthAnswer = {
        status: state === 'connected' ? 'ok' : 'degraded',
        version: APP_VERSION,
        database: { state, engine },
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return h.response(body).code(state === 'connected' ? 200 : 503);
    },
  });
}
