/**
 * Bundles the inbox into one ES module (dist/atende-inbox.mjs): compiling TypeScript at every
 * start (tsx) costs more than the 700 ms the first frame may take.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Ink loads React's devtools only with DEV=true; the bundle leaves them out (an empty module). */
const withoutDevtools = {
  name: 'without-devtools',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) => (/[\\/]ink[\\/]/.test(args.importer) ? { path: 'devtools', namespace: 'empty' } : undefined));
    builder.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '' }));
  },
};

/**
 * @atende/shared without its joi schemas: the inbox validates nothing itself (the server does),
 * and building every schema at start costs the first frame tens of milliseconds. A schema
 * imported by the inbox one day fails the build (missing export) instead of going unnoticed.
 */
const sharedWithoutSchemas = {
  name: 'shared-without-schemas',
  setup(builder) {
    builder.onResolve({ filter: /^@atende\/shared$/ }, () => ({ path: 'shared', namespace: 'shared-entry' }));
    builder.onLoad({ filter: /.*/, namespace: 'shared-entry' }, () => ({
      resolveDir: path.join(root, '../shared/src'),
      contents: ['domain', 'errors', 'i18n'].map((dir) => `export * from './${dir}/index.ts';`).join('\n'),
      loader: 'ts',
    }));
  },
};

/**
 * Yoga (Ink's layout engine) embeds its WebAssembly as a data: URL, which it reads with fetch()
 * whenever fetch exists: Node's fetch decodes that URL slowly (a quarter of the start-up time).
 * Its other path decodes the same base64 directly; the bundle takes that one.
 */
const FETCH_CHECK = '"function"!=typeof fetch';
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(builder) {
    builder.onLoad({ filter: /yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(FETCH_CHECK)) throw new Error(`yoga-layout changed: "${FETCH_CHECK}" not found in ${args.path}`);
      return { contents: source.replaceAll(FETCH_CHECK, 'true'), loader: 'js' };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.tsx'],
  outfile: 'dist/atende-inbox.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [withoutDevtools, sharedWithoutSchemas, yogaWithoutFetch],
  // Optional native speed-ups of ws, loaded when installed.
  external: ['bufferutil', 'utf-8-validate'],
  // The CommonJS packages in the bundle (react, ws...) call require() for Node's modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
