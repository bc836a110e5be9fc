/**
 * Builds the whole application: database -> hapi (routes, auth, errors, docs) -> realtime ->
 * jobs. Used by main.ts and by the tests, which start it on a random port.
 */
import Hapi, { type Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Joi from 'joi';
import { registerBearerScheme } from './platform/auth/scheme.js';
import type { Config } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { connectDatabase, type Database } from './platform/database/connect.js';
import { errorResponder } from './platform/errors.js';
import { registerAccess } from './platform/http/access.js';
import { registerDocs } from './platform/http/docs.js';
import { registerHealth } from './platform/http/health.js';
import { failAction } from './platform/http/validation.js';
import { startJobs, type JobRunner } from './platform/jobs.js';
import type { Logger } from './platform/logger.js';
import { registerRealtime } from './platform/realtime.js';
import { authRoutes } from './domains/auth/routes.js';
import { sessionAlive } from './domains/auth/service.js';
import { companiesRoutes } from './domains/companies/routes.js';
import { firstStart, type FirstStartResult } from './domains/companies/firstStart.js';
import { helpsRoutes } from './domains/helps/routes.js';
import { plansRoutes } from './domains/plans/routes.js';
import { planFlagsOfCompany } from './domains/plans/service.js';
import { settingsRoutes } from './domains/settings/routes.js';
import { usersRoutes } from './domains/users/routes.js';

export const API_PREFIX = '/api';

export interface App {
  server: Server;
  database: Database;
  jobs: JobRunner;
  firstStart: FirstStartResult;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function createApp(config: Config, logger: Logger): Promise<App> {
  const database = await connectDatabase(config, logger);
  const server = Hapi.server({
    port: config.port,
    host: config.host,
    routes: {
      validate: { failAction, options: { abortEarly: true, stripUnknown: false } },
      cors: false,
      response: { emptyStatusCode: 204 },
    },
    router: { stripTrailingSlash: true },
  });
  server.validator(Joi);
  await server.register(Inert);
  const realtime = await registerRealtime(server);
  registerBearerScheme(server, config, sessionAlive);
  registerAccess(server, planFlagsOfCompany);
  server.ext('onPreResponse', errorResponder(logger));
  server.events.on('response', (request) => {
    const status = (request.response as { statusCode?: number } | null)?.statusCode;
    logger.info({ method: request.method, path: request.path, status, ms: Date.now() - request.info.received }, 'request');
  });

  const context: AppContext = { config, logger, realtime };
  const routes = { prefix: API_PREFIX };
  await server.register([plansRoutes, companiesRoutes, usersRoutes, settingsRoutes, helpsRoutes].map((plugin) => ({ plugin, options: context, routes })));
  await server.register({ plugin: authRoutes, options: { ...context, prefix: API_PREFIX }, routes });
  registerHealth(server, API_PREFIX, database.engine);
  registerDocs(server, API_PREFIX);

  const seeded = await firstStart(config, logger);
  const jobs = await startJobs(logger, config.jobsProcessEvery);

  let stopped = false;
  return {
    server,
    database,
    jobs,
    firstStart: seeded,
    async start() {
      await server.start();
      logger.info({ url: server.info.uri }, 'atende listening');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop({ timeout: 5_000 });
      await jobs.stop();
      await database.close();
    },
  };
}
