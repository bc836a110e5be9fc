/** Entry point: config -> database -> hapi -> realtime -> jobs -> listen; graceful stop. */
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { localSecret } from './platform/secrets.js';
import { describeStartFailure } from './platform/startProblems.js';
import { existsSync } from 'node:fs';
import path from 'node:path';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const dataDir = path.resolve(process.env.ATENDE_DATA_DIR || './data');
  const config = loadConfig(process.env, () => localSecret(dataDir));
  const logger = createLogger(config.logLevel);
  const app = await createApp(config, logger);
  if (app.firstStart.generatedPassword) {
    // Shown once, on the console, so the operator can log in; it is never logged again.
    process.stdout.write(
      `\n  Atende first start: super admin ${config.adminEmail} / password ${app.firstStart.generatedPassword}\n` +
        '  (set ATENDE_ADMIN_PASSWORD to choose it; change it after logging in)\n\n',
    );
  }
  await app.start();

  const stop = async (signal: string) => {
    logger.info({ signal }, 'stopping');
    try {
      await app.stop();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'stop failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  const settings = {
    port: Number(process.env.PORT || 8080),
    host: process.env.HOST || '0.0.0.0',
    dataDir: path.resolve(process.env.ATENDE_DATA_DIR || './data'),
    mongodb: Boolean(process.env.MONGODB_URI),
  };
  const known = err instanceof ConfigError ? err.message : describeStartFailure(err, settings);
  const message = known ?? (err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.stderr.write(`atende: ${message}\n`);
  process.exit(1);
});
