import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { RealtimePublisher } from './realtime.js';

/** What every domain plugin receives: configuration, logging and the realtime publisher. */
export interface AppContext {
  config: Config;
  logger: Logger;
  realtime: RealtimePublisher;
}
