/**
 * `npm run cluster [-- --nodes N]`: N Atende nodes (3 by default) on ports PORT+1.. and a small
 * reverse proxy on PORT (8080) in front of them, on one database (MONGODB_URI, else an embedded
 * engine in ATENDE_DATA_DIR) and one Redis (ATENDE_REDIS_URL, default redis://127.0.0.1:6379).
 * Ctrl-C stops the nodes gracefully (each hands its WhatsApp sessions over), then the engine.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './nodes.js';
import { startProxy } from './proxy.js';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({ options: { nodes: { type: 'string', default: '3' } } });
  const count = Number(values.nodes);
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new Error('--nodes: a whole number from 1 to 32');
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || '0.0.0.0';
  const cluster = await startCluster({
    nodes: count,
    firstPort: port + 1,
    dataDir: path.resolve(process.env.ATENDE_DATA_DIR || './data'),
    redisUrl: process.env.ATENDE_REDIS_URL || 'redis://127.0.0.1:6379',
    env: { HOST: '127.0.0.1' },
    echo: true,
  });
  const proxy = await startProxy(port, host, cluster.nodes.map((node) => ({ host: '127.0.0.1', port: node.port })));
  process.stdout.write(`\n  Atende: ${count} nodes (ports ${cluster.nodes.map((node) => node.port).join(', ')}) behind http://${host}:${port}\n\n`);
  const stop = async () => {
    proxy.close();
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`atende cluster: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
