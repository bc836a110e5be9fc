#!/usr/bin/env node
// The bundled inbox (built at install by the root's `prepare`, or by `npm run build -w tui`; see
// scripts/build.mjs); without a bundle, the TypeScript sources run through tsx.
// Ink draws only the final frame when CI is set (is-in-ci, read when the bundle loads); at a
// terminal the inbox is interactive whatever the environment says.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

if (process.stdout.isTTY) {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
}
const bundle = new URL('../dist/atende-inbox.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  await import('../src/main.tsx');
}
