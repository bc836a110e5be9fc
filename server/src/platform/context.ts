import type { EmailProbes } from './auth/emailProbes.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail.js';
import type { Sealer } from './sealing.js';
import type { RealtimePublisher } from './realtime.js';
import type { AttemptLimits } from './auth/rateLimit.js';
import type { Outbound } from './net/outbound.js';

/** What every domain plugin receives: configuration, logging, the realtime publisher, the e-mail probe limit, mail, sealing and outbound calls. */
export interface AppContext {
  config: Config;
  logger: Logger;
  realtime: RealtimePublisher;
  emailProbes: EmailProbes;
  mailer: Mailer;
  sealer: Sealer;
  /** The login and password-reset limits: in memory, or in Redis shared by several nodes. */
  attemptLimits: AttemptLimits;
  /** Every call to an address a company gave goes through it (platform/net). */
  outbound: Outbound;
}
