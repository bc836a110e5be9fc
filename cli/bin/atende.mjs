#!/usr/bin/env node
// The bundle (built at install by the root's `prepare`, or by `npm run build -w cli`) starts much
// faster than the TypeScript sources; without one, the sources run through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/atende.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  await import('../src/atende.ts');
}
