/**
 * Bundles the CLI with esbuild into dist/atende.mjs: one file to load at start (tsx costs too
 * much for `atende --help`), split so that what a command imports lazily (prompts, QR drawing,
 * the realtime client) is only read when that command runs.
 */
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { atende: 'src/atende.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // exceljs is large and read only by `contacts import`; ws's native add-ons are optional.
  external: ['exceljs', 'bufferutil', 'utf-8-validate'],
  // Bundled CommonJS packages call require() for Node's modules.
  banner: { js: "import { createRequire as atendeCreateRequire } from 'node:module'; const require = atendeCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});
