/** Environment configuration, validated once at start; every variable is listed in .env.example. */
import Joi from 'joi';
import path from 'node:path';
import { isTimeZone, USER_STATUS_HEARTBEAT_MS } from '@atende/shared';
import { describeInvalidSettings, describeMissingSecret } from './configProblems.js';
import { parseAllowList, type AllowList } from './net/allowList.js';

export interface Config {
  port: number;
  host: string;
  publicUrl: string | null;
  mongodbUri: string | null;
  /** PostgreSQL under a FerretDB given in MONGODB_URI: its GIN indexes are created at start. */
  ferretdbPostgresUrl: string | null;
  databaseName: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string | null;
  operatorCompanyName: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  cookieSecure: boolean;
  logLevel: string;
  loginMaxAttemptsPerAccount: number;
  loginMaxAttemptsPerIp: number;
  loginWindowSeconds: number;
  /** How often (ms) background jobs look for due work. */
  jobsProcessEvery: number;
  /** How long a running job holds its lock before another node may take it over (ms). */
  jobLockMs: number;
  /** The clients' userStatus heartbeat: a user without an open socket is offline two of these after the last one. */
  userStatusMs: number;
  /** How often the contact lists' WhatsApp check looks at the queued and waiting lists (ms). */
  listCheckRetryMs: number;
  /** Time zone and language of the texts sent to customers (greeting, date, hour, automatic messages). */
  timeZone: string;
  /** Sandbox phone: delay between acks (ms), and how long a QR stays before the next one. */
  sandboxAckMs: number;
  sandboxQrMs: number;
  /** First retry delay of a failed send (doubles per attempt, capped at 5 minutes). */
  sendRetryMs: number;
  scheduleRetryMs: number;
  /** First pause before the embedded engine restarts a program that died (doubles while restarts fail). */
  engineRestartMs: number;
  /** GOGC of the embedded engine's FerretDB (engine/ferretdb.ts's default when unset). */
  engineGogc?: number;
  language: 'pt' | 'en' | 'es';
  baileys: BaileysConfig;
  alerts: AlertConfig;
  /** Outgoing e-mail from the environment; null: none (the super user's SMTP settings may still set one). */
  mail: MailConfig | null;
  /** Seals secrets stored in the database (SMTP password, API keys): ATENDE_SECRET_KEY, else a key kept in the data dir. */
  secretKey: string;
  integrations: IntegrationsConfig;
  openAi: OpenAiConfig;
  /** Several nodes (issue 17): the Redis they share (realtime, session commands, login limiter); null: one node alone. */
  redisUrl: string | null;
  /** How long a node's claim on a WhatsApp session lasts without renewal (ms): a dead node's sessions move after it. */
  sessionLeaseMs: number;
  /** The private addresses the server may call for companies (ATENDE_OUTBOUND_ALLOW, platform/net). */
  outboundAllow: AllowList;
}

/** Queue integrations (issue 16): the webhook types' deliveries and the dialogflow endpoint. */
export interface IntegrationsConfig {
  /** First retry delay of a failed webhook delivery (doubles per attempt). */
  retryMs: number;
  /** Attempts of a webhook delivery before it is given up. */
  attempts: number;
  /** How long a call to an integration (webhook, Typebot, Dialogflow) may take. */
  timeoutMs: number;
  /** Dialogflow's API address (regional endpoints, a proxy); null: Google's default. */
  dialogflowUrl: string | null;
}

/** The AI prompts' endpoint (automation/ai). */
export interface OpenAiConfig {
  /** The OpenAI-compatible endpoint of prompts and companies that name none. */
  baseUrl: string;
  /** How long one call to the endpoint may take before the ticket shows a timeout. */
  timeoutMs: number;
  /** The model asked to transcribe customers' audio. */
  transcriptionModel: string;
}

/** Alerts of connections that stay down (issue 21). */
export interface AlertConfig {
  /** A connection down this long (ms) raises an alert to the company's admins. */
  downMs: number;
  /** The operator's webhook, POSTed every alert (JSON); null: none. */
  webhookUrl: string | null;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL with the credentials (nodemailer's connection URL). */
  smtpUrl: string;
  from: string;
}

/** Real WhatsApp sessions (the Baileys provider). Times in ms. */
export interface BaileysConfig {
  /** First reconnect delay; doubles per failed attempt (with jitter) up to backoffCapMs. */
  backoffMs: number;
  backoffCapMs: number;
  /** A connection open this long resets the backoff to its first step. */
  stableMs: number;
  /** QR codes shown without a scan before the session gives up (DISCONNECTED). */
  maxQr: number;
  /** A socket that received nothing (not even keep-alive answers) this long is restarted. */
  watchdogMs: number;
  /** First retry delay of a failed media download or inbound message; doubles per attempt. */
  retryMs: number;
  /** Attempts before a failed download is given up (the message keeps its error). */
  retries: number;
  /** Days the content of sent messages is kept to answer WhatsApp's retry requests. */
  keepDays: number;
  /** Log level of the Baileys library itself (very verbose below warn). */
  logLevel: string;
  /** A session back after an outage longer than this asks WhatsApp for the recent history of its active chats. */
  backfillAfterMs: number;
}

const schema = Joi.object({
  PORT: Joi.number().port().default(8080),
  HOST: Joi.string().default('0.0.0.0'),
  ATENDE_PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow(''),
  MONGODB_URI: Joi.string().pattern(/^mongodb(\+srv)?:\/\//).allow(''),
  ATENDE_FERRETDB_POSTGRES_URL: Joi.string().pattern(/^postgres(ql)?:\/\//).allow(''),
  ATENDE_DB_NAME: Joi.string().pattern(/^[A-Za-z0-9_-]{1,60}$/).default('atende'),
  ATENDE_DATA_DIR: Joi.string().default('./data'),
  ATENDE_ADMIN_EMAIL: Joi.string().email({ tlds: { allow: false } }).lowercase().default('admin@atende.local'),
  ATENDE_ADMIN_PASSWORD: Joi.string().min(5).max(50).allow(''),
  ATENDE_COMPANY_NAME: Joi.string().min(2).max(50).default('Atende'),
  JWT_SECRET: Joi.string().min(16),
  JWT_REFRESH_SECRET: Joi.string().min(16),
  ATENDE_ACCESS_TOKEN_TTL: Joi.number().integer().min(10).max(86_400).default(900),
  ATENDE_REFRESH_TOKEN_TTL: Joi.number().integer().min(60).max(31_536_000).default(604_800),
  ATENDE_COOKIE_SECURE: Joi.boolean().truthy('1').falsy('0').default(false),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  ATENDE_LOGIN_MAX_PER_ACCOUNT: Joi.number().integer().min(1).default(10),
  ATENDE_LOGIN_MAX_PER_IP: Joi.number().integer().min(1).default(50),
  ATENDE_LOGIN_WINDOW: Joi.number().integer().min(1).default(900),
  ATENDE_JOBS_PROCESS_EVERY: Joi.number().integer().min(50).max(600_000).default(5_000),
  ATENDE_JOB_LOCK_MS: Joi.number().integer().min(500).max(3_600_000).default(60_000),
  ATENDE_USER_STATUS_MS: Joi.number().integer().min(100).max(3_600_000).default(USER_STATUS_HEARTBEAT_MS),
  ATENDE_LIST_CHECK_RETRY_MS: Joi.number().integer().min(100).max(3_600_000).default(5_000),
  ATENDE_SEND_RETRY_MS: Joi.number().integer().min(10).max(60_000).default(1_000),
  // A scheduled message waits this long (doubling) before retrying a connection that was down.
  ATENDE_SCHEDULE_RETRY_MS: Joi.number().integer().min(10).max(3_600_000).default(60_000),
  ATENDE_ENGINE_RESTART_MS: Joi.number().integer().min(10).max(60_000).default(250),
  ATENDE_ENGINE_GOGC: Joi.number().integer().min(25).max(10_000).empty(''),
  ATENDE_SANDBOX_ACK_MS: Joi.number().integer().min(1).max(600_000).default(500),
  ATENDE_SANDBOX_QR_MS: Joi.number().integer().min(100).max(3_600_000).default(60_000),
  ATENDE_BAILEYS_BACKOFF_MS: Joi.number().integer().min(10).max(600_000).default(2_000),
  ATENDE_BAILEYS_BACKOFF_CAP_MS: Joi.number().integer().min(10).max(3_600_000).default(300_000),
  ATENDE_BAILEYS_STABLE_MS: Joi.number().integer().min(10).max(3_600_000).default(60_000),
  ATENDE_BAILEYS_MAX_QR: Joi.number().integer().min(1).max(100).default(5),
  ATENDE_BAILEYS_WATCHDOG_MS: Joi.number().integer().min(100).max(3_600_000).default(90_000),
  ATENDE_BAILEYS_RETRY_MS: Joi.number().integer().min(10).max(3_600_000).default(30_000),
  ATENDE_BAILEYS_RETRIES: Joi.number().integer().min(0).max(100).default(5),
  ATENDE_BAILEYS_KEEP_DAYS: Joi.number().integer().min(1).max(365).default(7),
  ATENDE_BAILEYS_LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('warn'),
  ATENDE_BAILEYS_BACKFILL_AFTER_MS: Joi.number().integer().min(0).max(86_400_000).default(60_000),
  ATENDE_CONNECTION_ALERT_MS: Joi.number().integer().min(50).max(86_400_000).default(300_000),
  ATENDE_CONNECTION_ALERT_WEBHOOK: Joi.string().uri({ scheme: ['http', 'https'] }).allow(''),
  ATENDE_SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }).allow(''),
  ATENDE_MAIL_FROM: Joi.string().max(200).default('Atende <no-reply@atende.local>'),
  ATENDE_SECRET_KEY: Joi.string().min(16).allow(''),
  ATENDE_INTEGRATION_RETRY_MS: Joi.number().integer().min(10).max(3_600_000).default(5_000),
  ATENDE_INTEGRATION_ATTEMPTS: Joi.number().integer().min(1).max(30).default(6),
  ATENDE_INTEGRATION_TIMEOUT_MS: Joi.number().integer().min(100).max(120_000).default(10_000),
  ATENDE_DIALOGFLOW_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow(''),
  ATENDE_TIMEZONE: Joi.string()
    .custom((value: string, helpers) => (isTimeZone(value) ? value : helpers.error('any.invalid')))
    .default('America/Sao_Paulo'),
  ATENDE_LANGUAGE: Joi.string().valid('pt', 'en', 'es').default('pt'),
  ATENDE_OPENAI_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow('').default(''),
  ATENDE_OPENAI_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).default(60_000),
  ATENDE_OPENAI_TRANSCRIPTION_MODEL: Joi.string().trim().min(1).max(100).default('whisper-1'),
  ATENDE_REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).allow(''),
  ATENDE_SESSION_LEASE_MS: Joi.number().integer().min(1_000).max(600_000).default(25_000),
  ATENDE_OUTBOUND_ALLOW: Joi.string()
    .allow('')
    .default('')
    .custom((text: string, helpers) => {
      try {
        parseAllowList(text);
        return text;
      } catch (err) {
        return helpers.message({ custom: `must list IPs, CIDRs or host names, each with an optional :port: ${(err as Error).message}` });
      }
    }),
}).unknown(true);

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export class ConfigError extends Error {}

/**
 * Reads the environment. JWT secrets are required in production; outside it a missing secret is
 * derived per data dir so that a fresh `npm start` works, and the log says so.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, fallbackSecret?: () => string): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new ConfigError(describeInvalidSettings(error.details, env));
  const isProduction = env.NODE_ENV === 'production';
  const secret = (given: string | undefined, name: string): string => {
    if (given) return given;
    if (isProduction || !fallbackSecret) throw new ConfigError(describeMissingSecret(name, isProduction));
    return `${fallbackSecret()}:${name}`;
  };
  return {
    port: value.PORT,
    host: value.HOST,
    publicUrl: value.ATENDE_PUBLIC_URL || null,
    mongodbUri: value.MONGODB_URI || null,
    ferretdbPostgresUrl: value.ATENDE_FERRETDB_POSTGRES_URL || null,
    databaseName: value.ATENDE_DB_NAME,
    dataDir: path.resolve(value.ATENDE_DATA_DIR),
    adminEmail: value.ATENDE_ADMIN_EMAIL,
    adminPassword: value.ATENDE_ADMIN_PASSWORD || null,
    operatorCompanyName: value.ATENDE_COMPANY_NAME,
    jwtSecret: secret(value.JWT_SECRET, 'JWT_SECRET'),
    jwtRefreshSecret: secret(value.JWT_REFRESH_SECRET, 'JWT_REFRESH_SECRET'),
    accessTokenTtlSeconds: value.ATENDE_ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: value.ATENDE_REFRESH_TOKEN_TTL,
    cookieSecure: value.ATENDE_COOKIE_SECURE,
    logLevel: value.LOG_LEVEL,
    loginMaxAttemptsPerAccount: value.ATENDE_LOGIN_MAX_PER_ACCOUNT,
    loginMaxAttemptsPerIp: value.ATENDE_LOGIN_MAX_PER_IP,
    loginWindowSeconds: value.ATENDE_LOGIN_WINDOW,
    jobsProcessEvery: value.ATENDE_JOBS_PROCESS_EVERY,
    jobLockMs: value.ATENDE_JOB_LOCK_MS,
    userStatusMs: value.ATENDE_USER_STATUS_MS,
    listCheckRetryMs: value.ATENDE_LIST_CHECK_RETRY_MS,
    timeZone: value.ATENDE_TIMEZONE,
    sandboxAckMs: value.ATENDE_SANDBOX_ACK_MS,
    sandboxQrMs: value.ATENDE_SANDBOX_QR_MS,
    sendRetryMs: value.ATENDE_SEND_RETRY_MS,
    scheduleRetryMs: value.ATENDE_SCHEDULE_RETRY_MS,
    engineRestartMs: value.ATENDE_ENGINE_RESTART_MS,
    ...(value.ATENDE_ENGINE_GOGC ? { engineGogc: value.ATENDE_ENGINE_GOGC } : {}),
    language: value.ATENDE_LANGUAGE,
    baileys: {
      backoffMs: value.ATENDE_BAILEYS_BACKOFF_MS,
      backoffCapMs: value.ATENDE_BAILEYS_BACKOFF_CAP_MS,
      stableMs: value.ATENDE_BAILEYS_STABLE_MS,
      maxQr: value.ATENDE_BAILEYS_MAX_QR,
      watchdogMs: value.ATENDE_BAILEYS_WATCHDOG_MS,
      retryMs: value.ATENDE_BAILEYS_RETRY_MS,
      retries: value.ATENDE_BAILEYS_RETRIES,
      keepDays: value.ATENDE_BAILEYS_KEEP_DAYS,
      logLevel: value.ATENDE_BAILEYS_LOG_LEVEL,
      backfillAfterMs: value.ATENDE_BAILEYS_BACKFILL_AFTER_MS,
    },
    alerts: { downMs: value.ATENDE_CONNECTION_ALERT_MS, webhookUrl: value.ATENDE_CONNECTION_ALERT_WEBHOOK || null },
    mail: value.ATENDE_SMTP_URL ? { smtpUrl: value.ATENDE_SMTP_URL, from: value.ATENDE_MAIL_FROM } : null,
    integrations: {
      retryMs: value.ATENDE_INTEGRATION_RETRY_MS,
      attempts: value.ATENDE_INTEGRATION_ATTEMPTS,
      timeoutMs: value.ATENDE_INTEGRATION_TIMEOUT_MS,
      dialogflowUrl: value.ATENDE_DIALOGFLOW_URL || null,
    },
    // Without a data dir secret (tests), the JWT secret stands in: sealed values then follow it.
    secretKey: value.ATENDE_SECRET_KEY || `${fallbackSecret ? fallbackSecret() : (value.JWT_SECRET ?? 'atende')}:ATENDE_SECRET_KEY`,
    openAi: { baseUrl: value.ATENDE_OPENAI_BASE_URL || OPENAI_DEFAULT_BASE_URL, timeoutMs: value.ATENDE_OPENAI_TIMEOUT_MS, transcriptionModel: value.ATENDE_OPENAI_TRANSCRIPTION_MODEL },
    redisUrl: value.ATENDE_REDIS_URL || null,
    sessionLeaseMs: value.ATENDE_SESSION_LEASE_MS,
    outboundAllow: parseAllowList(value.ATENDE_OUTBOUND_ALLOW),
  };
}
