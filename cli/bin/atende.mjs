#!/usr/bin/env node
// Runs the bundle (npm run build -w cli): it starts much faster than the TypeScript sources through tsx.
try {
  await import('../dist/atende.mjs');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('atende.mjs')) throw error;
  process.stderr.write('atende is not built yet: run npm run build -w cli\n');
  process.exit(1);
}
