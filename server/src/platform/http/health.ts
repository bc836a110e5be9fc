import type { Server } from '@hapi/hapi';
import { APP_VERSION, type HealthAnswer } from '@atende/shared';
import { databaseState } from '../database/connect.js';

/**
 * `available`: the database answers (connected, and the embedded engine's programs running);
 * `redis`: the nodes' Redis is connected (several nodes only). Either one away: degraded, 503.
 */
export function registerHealth(server: Server, prefix: string, engine: 'embedded' | 'external', available: () => boolean, redis?: () => boolean): void {
  const startedAt = Date.now();
  server.route({
    method: 'GET',
    path: `${prefix}/health`,
    options: { auth: false, tags: ['api', 'health'], description: 'Liveness and database state' },
    handler: (_request, h) => {
      const up = available();
      const redisUp = redis?.() ?? true;
      // Connected to a FerretDB whose PostgreSQL is restarting is not connected to the data.
      const state = up ? 'connected' : databaseState() === 'disconnected' ? 'disconnected' : 'connecting';
      const body: HealthAnswer = {
        status: up && redisUp ? 'ok' : 'degraded',
        version: APP_VERSION,
        database: { state, engine },
        ...(redis ? { redis: { state: redisUp ? 'connected' : 'disconnected' } } : {}),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return h.response(body).code(up && redisUp ? 200 : 503);
    },
  });
}
