/**
 * Builds the whole application: database -> hapi (routes, auth, errors, docs) -> realtime ->
 * jobs. Used by main.ts and by the tests, which start it on a random port.
 */
import Hapi, { type Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Joi from 'joi';
import { createEmailProbes } from './platform/auth/emailProbes.js';
import { registerBearerScheme } from './platform/auth/scheme.js';
import type { Config } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { connectDatabase, type Database } from './platform/database/connect.js';
import { loadCleanPoint } from './platform/database/cleanPoint.js';
import { reconcileTickets } from './domains/messages/reconcile.js';
import { retryUnsettled } from './domains/messages/unsettled.js';
import { errorResponder } from './platform/errors.js';
import { registerAccess } from './platform/http/access.js';
import { registerRequestLog } from './platform/http/requestLog.js';
import { registerDocs } from './platform/http/docs.js';
import { registerWeb } from './platform/http/web.js';
import { registerHealth } from './platform/http/health.js';
import { registerDatabaseGate } from './platform/http/databaseGate.js';
import { failAction } from './platform/http/validation.js';
import { createJobs, type JobRunner } from './platform/jobs.js';
import type { Logger } from './platform/logger.js';
import { CHANNELS, registerRealtime } from './platform/realtime.js';
import { channelAccess } from './platform/realtimeAccess.js';
import { connectBus } from './platform/cluster/bus.js';
import { realtimeFanout } from './platform/cluster/realtimeFanout.js';
import { shareInvalidations } from './platform/database/companyCache.js';
import { createLeases } from './channels/cluster/leases.js';
import { redisAttemptLimits } from './platform/cluster/redisLimits.js';
import { memoryAttemptLimits } from './platform/auth/rateLimit.js';
import { startChannels, type ChannelOptions, type Channels } from './channels/index.js';
import { configureMediaLinks } from './platform/mediaLinks.js';
import { configureUploads, registerPublicMedia } from './platform/uploads.js';
import { createMailer } from './platform/mail.js';
import { createSealer } from './platform/sealing.js';
import { createOutbound } from './platform/net/outbound.js';
import type { Resolve } from './platform/net/guard.js';
import { registerSavedUrlCheck } from './platform/net/savedUrls.js';
import { createMailSettings } from './domains/settings/mailSettings.js';
import { announcementsRoutes } from './domains/announcements/routes.js';
import { authRoutes } from './domains/auth/routes.js';
import { passwordResetRoutes } from './domains/passwordReset/routes.js';
import { startPresence } from './domains/users/presence.js';
import { chatsRoutes } from './domains/chats/routes.js';
import { currentCredentials } from './domains/auth/sessions.js';
import { companiesRoutes } from './domains/companies/routes.js';
import { createListChecker } from './domains/contactLists/check.js';
import { contactListsRoutes } from './domains/contactLists/routes.js';
import { contactsRoutes } from './domains/contacts/routes.js';
import { contactMergeRoutes } from './domains/contacts/mergeRoutes.js';
import { contactIdentityUpgrade } from './domains/contacts/upgrade.js';
import { dashboardRoutes } from './domains/dashboard/routes.js';
import { firstStart, type FirstStartResult } from './domains/companies/firstStart.js';
import { helpsRoutes } from './domains/helps/routes.js';
import { defineInvoiceJob } from './domains/invoices/generation.js';
import { invoicesRoutes } from './domains/invoices/routes.js';
import { plansRoutes } from './domains/plans/routes.js';
import { queuesRoutes } from './domains/queues/routes.js';
import { quickMessagesRoutes } from './domains/quickMessages/routes.js';
import { schedulesRoutes } from './domains/schedules/routes.js';
import { createScheduleSender, type ScheduleSender } from './domains/schedules/sender.js';
import { companyPlanFlags, planFlagsOfCompany } from './domains/plans/service.js';
import { settingsRoutes } from './domains/settings/routes.js';
import { tagsRoutes } from './domains/tags/routes.js';
import { ticketNotesRoutes } from './domains/ticketNotes/routes.js';
import { usersRoutes } from './domains/users/routes.js';
import { sandboxRoutes } from './channels/sandbox/routes.js';
import { whatsappRoutes } from './domains/whatsapp/routes.js';
import { messagesRoutes } from './domains/messages/routes.js';
import { externalSendRoutes } from './domains/messages/externalSendRoutes.js';
import { ticketsRoutes } from './domains/tickets/routes.js';
import { inboxKeysUpgrade } from './domains/tickets/upgrade.js';
import { listSecondsUpgrade } from './domains/tickets/listSecondsUpgrade.js';
import { startRezoner } from './domains/dashboard/rezone.js';
import { dashboardZonesUpgrade } from './domains/dashboard/upgrade.js';
import { phraseKeysUpgrade } from './domains/flows/phraseKeysUpgrade.js';
import { setOperatorTimeZone } from './domains/settings/timeZone.js';
import { outboxKeysUpgrade } from './channels/outboxUpgrade.js';
import { reactionsUpgrade } from './domains/messages/reactionsUpgrade.js';
import { createInbox, type Inbox } from './inbox.js';
import { campaignsRoutes } from './domains/campaigns/routes.js';
import { createCampaignRunner } from './domains/campaigns/runner.js';
import { filesRoutes } from './domains/files/routes.js';
import { flowEngineRoutes } from './automation/flows/routes.js';
import { flowCampaignsRoutes } from './domains/flows/campaignRoutes.js';
import { flowsRoutes } from './domains/flows/routes.js';
import { queueIntegrationsRoutes } from './domains/queueIntegrations/routes.js';
import { promptsRoutes } from './domains/prompts/routes.js';

export const API_PREFIX = '/api';

export interface App {
  server: Server;
  database: Database;
  jobs: JobRunner;
  firstStart: FirstStartResult;
  channels: Channels;
  inbox: Inbox;
  /** Sends the scheduled messages (one job per schedule). */
  scheduleSender: ScheduleSender;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What a test may replace: the channel handlers (a double of the inbound pipeline), sandbox timings, the outbound calls' DNS. */
export interface AppOptions {
  channels?: ChannelOptions;
  resolveHost?: Resolve;
}

export async function createApp(config: Config, logger: Logger, options: AppOptions = {}): Promise<App> {
  // Several nodes share Redis (ATENDE_REDIS_URL); without it this node is alone, as always.
  const bus = config.redisUrl ? await connectBus(config.redisUrl, config.databaseName, logger) : null;
  setOperatorTimeZone(config.timeZone);
  const database = await connectDatabase(config, logger, [inboxKeysUpgrade, outboxKeysUpgrade, contactIdentityUpgrade, reactionsUpgrade, dashboardZonesUpgrade(config.timeZone), phraseKeysUpgrade, listSecondsUpgrade]);
  // Before anything writes: what a crash left half done is repaired first (cleanPoint.ts).
  const cleanPoint = await loadCleanPoint();
  const repaired = await reconcileTickets(cleanPoint.unsettledMinutes, config.language);
  if (repaired > 0) logger.warn({ tickets: repaired }, 'tickets left uncounted by a crash were repaired');
  await cleanPoint.start();
  const server = Hapi.server({
    port: config.port,
    host: config.host,
    routes: {
      validate: { failAction, options: { abortEarly: true, stripUnknown: false } },
      cors: false,
      response: { emptyStatusCode: 204 },
      // Nothing of ours is framed or content-sniffed (the console adds its own CSP, see web.ts).
      security: { hsts: false, xframe: 'deny', xss: 'disabled', noOpen: true, noSniff: true, referrer: 'same-origin' },
    },
    router: { stripTrailingSlash: true },
  });
  server.validator(Joi);
  await server.register(Inert);
  const ownSockets = await registerRealtime(server, channelAccess(server, CHANNELS, companyPlanFlags.get));
  const realtime = bus ? realtimeFanout(ownSockets, bus) : ownSockets;
  const unshareCaches = bus ? shareInvalidations(bus) : () => undefined;
  registerBearerScheme(server, config, currentCredentials);
  registerAccess(server, planFlagsOfCompany);
  server.ext('onPreResponse', errorResponder(logger));
  registerRequestLog(server, logger);

  const sealer = createSealer(config.secretKey);
  const outbound = createOutbound(config.outboundAllow, options.resolveHost, logger);
  registerSavedUrlCheck(server, outbound);
  const mailSettings = createMailSettings(config.mail, sealer);
  const presence = startPresence({ realtime, logger, intervalMs: config.userStatusMs });
  const unsettled = retryUnsettled({ realtime, logger, language: config.language });
  const attemptLimits = bus ? redisAttemptLimits(bus.redis, config.databaseName) : memoryAttemptLimits;
  const context: AppContext = { config, logger, realtime, emailProbes: createEmailProbes(attemptLimits('emailProbes', config.loginWindowSeconds)), mailer: createMailer(mailSettings.route), sealer, attemptLimits, outbound };
  const routes = { prefix: API_PREFIX };
  await server.register([plansRoutes, usersRoutes, settingsRoutes, helpsRoutes, announcementsRoutes, contactsRoutes, ticketNotesRoutes, queuesRoutes, tagsRoutes, quickMessagesRoutes, chatsRoutes, dashboardRoutes, filesRoutes, invoicesRoutes, passwordResetRoutes, flowsRoutes, flowCampaignsRoutes, promptsRoutes].map((plugin) => ({ plugin, options: context, routes })));
  await server.register({ plugin: authRoutes, options: { ...context, prefix: API_PREFIX }, routes });
  const jobs = createJobs(logger, config.jobsProcessEvery, config.jobLockMs);
  const leases = bus ? createLeases(bus.nodeId, config.sessionLeaseMs, logger) : null;
  const inbox = createInbox(context, jobs, bus && leases ? { bus, leases } : undefined);
  const invoiceJob = defineInvoiceJob(jobs, logger);
  const cluster = bus && leases ? { bus, leases, leaseMs: config.sessionLeaseMs, taken: (whatsappIds: string[]) => void inbox.outbound.resumeConnections(whatsappIds).catch((err: unknown) => logger.warn({ err }, 'outbound: resuming taken sessions failed')) } : undefined;
  const channels = startChannels(context, {
    ...options.channels,
    unsettledMinutes: cleanPoint.unsettledMinutes,
    handlers: options.channels?.handlers ?? ((sessions) => inbox.handlers(sessions)),
    ...(cluster ? { cluster } : {}),
  });
  await server.register([ticketsRoutes, messagesRoutes].map((plugin) => ({ plugin, options: { ...context, tickets: inbox.tickets, messages: inbox.messages }, routes })));
  const campaignRunner = createCampaignRunner({ realtime, logger, jobs, messages: inbox.messages, leaseMs: config.jobLockMs });
  await server.register({ plugin: campaignsRoutes, options: { ...context, runner: campaignRunner }, routes });
  await server.register({ plugin: flowEngineRoutes, options: { ...context, flows: inbox.flows }, routes });
  await server.register({ plugin: contactMergeRoutes, options: { ...context, leaveFlow: inbox.flows.leave }, routes });
  await server.register({ plugin: queueIntegrationsRoutes, options: { ...context, dialogflow: inbox.integrations.dialogflow }, routes });
  await server.register({ plugin: externalSendRoutes, options: { ...context, tickets: inbox.tickets, messages: inbox.messages }, routes });
  const scheduleSender = createScheduleSender({ realtime, logger, config, messages: inbox.messages, jobs });
  await server.register({ plugin: schedulesRoutes, options: { ...context, scheduleSender }, routes });
  await server.register([companiesRoutes, whatsappRoutes, sandboxRoutes].map((plugin) => ({ plugin, options: { ...context, sessions: channels.sessions }, routes })));
  const listChecks = createListChecker({ jobs, sessions: channels.sessions, realtime, logger, retryMs: config.listCheckRetryMs });
  await server.register({ plugin: contactListsRoutes, options: { ...context, checks: listChecks }, routes });
  registerHealth(server, API_PREFIX, database.engine, database.available, bus?.available);
  registerDatabaseGate(server, API_PREFIX, database.available);
  configureUploads(config.dataDir);
  configureMediaLinks(config.jwtSecret);
  registerPublicMedia(server);
  registerDocs(server, API_PREFIX);
  registerWeb(server);

  const seeded = await firstStart(config, logger);
  const rezoner = startRezoner(logger);
  await jobs.start();
  await inbox.schedule();
  await campaignRunner.schedule();
  await invoiceJob.schedule();
  await listChecks.schedule();

  let stopped = false;
  return {
    server,
    database,
    jobs,
    firstStart: seeded,
    channels,
    inbox,
    scheduleSender,
    async start() {
      // Before any new send: what a previous run left unsent goes out first, in its order.
      await inbox.outbound.resume();
      await server.start();
      logger.info({ url: server.info.uri }, 'atende listening');
      await channels.start();
      inbox.outbound.open();
      // Scheduled messages a stopped run left due or half sent (after the outbound sender resumed its own).
      await scheduleSender.resume();
      await rezoner.catchUp();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      presence.stop();
      await server.stop({ timeout: 5_000 });
      unsettled.stop();
      await rezoner.stop();
      await inbox.ai.stop();
      await inbox.outbound.stop();
      await channels.stop();
      await inbox.integrations.stop();
      await jobs.stop();
      await cleanPoint.stop();
      unshareCaches();
      await bus?.close();
      await database.close();
    },
  };
}
