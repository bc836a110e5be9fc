#!/usr/bin/env node
// The bundled inbox (npm run build -w tui); see scripts/build.mjs.
// Ink draws only the final frame when CI is set (is-in-ci, read when the bundle loads); at a
// terminal the inbox is interactive whatever the environment says.
if (process.stdout.isTTY) {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
}
try {
  await import('../dist/atende-inbox.mjs');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('atende-inbox.mjs')) throw error;
  process.stderr.write('atende-inbox is not built yet: run `npm run build -w tui`.\n');
  process.exit(1);
}
