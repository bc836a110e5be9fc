/** Entry point of the `atende` binary (bundled into dist/atende.mjs). */
import { main } from './main.js';

const code = await main(process.argv);
// Keep-alive and realtime sockets must not hold the process open; pending output is flushed first.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
