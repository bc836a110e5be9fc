// Child process for the lifecycle tests: starts an engine on argv[2] and prints its pids and port.
// Mode argv[3]: 'hold' idles until the test SIGKILLs it (orphaning the engine);
// 'exit' lets Node exit normally without calling stop().

import { startEmbeddedEngine } from '../../src/platform/database/embeddedEngine.js';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || (mode !== 'hold' && mode !== 'exit')) throw new Error('usage: childEngine.ts <dataDir> hold|exit');
const engine = await startEmbeddedEngine({ dataDir, logger: { info() {}, warn() {}, error: console.error } });
process.stdout.write(`${JSON.stringify({ pid: engine.pid, port: engine.port, postgresPid: engine.postgres.pid })}\n`);
if (mode === 'hold') setInterval(() => {}, 60_000);
