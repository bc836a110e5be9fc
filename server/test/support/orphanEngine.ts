// Child process for the crash test: starts an engine on argv[2], prints {pid, port}
// and idles until the test SIGKILLs it, which orphans the engine.

import { startEmbeddedEngine } from '../../src/platform/database/embeddedEngine.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: orphanEngine.ts <dataDir>');
const engine = await startEmbeddedEngine({ dataDir, logger: { info() {}, warn() {}, error: console.error } });
process.stdout.write(`${JSON.stringify({ pid: engine.pid, port: engine.port })}\n`);
setInterval(() => {}, 60_000);
