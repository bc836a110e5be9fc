// Ensures the web console is built (web/dist), so that `npm start` serves it at `/`.
// Builds only when web/dist/index.html is missing; `npm run build` rebuilds on purpose.
//
// Usage: `node scripts/web/ensure.mjs` (prints the dist path on stdout).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = join(repoRoot, 'web');
const distDir = join(webDir, 'dist');

const log = (msg) => process.stderr.write(`[web] ${msg}\n`);

/** Returns the absolute path of web/dist, building it first when it is missing. */
export async function ensureWeb() {
  if (existsSync(join(distDir, 'index.html'))) return distDir;
  // Vite's own launcher, found from the web workspace (hoisted or not); its exports hide bin/.
  const vite = join(dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  log('building the web console (first start only)...');
  const started = Date.now();
  await new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`vite build exited with ${code}`))));
  });
  log(`web console ready in ${((Date.now() - started) / 1000).toFixed(1)}s: ${distDir}`);
  return distDir;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureWeb().then(
    (dir) => process.stdout.write(`${dir}\n`),
    (error) => {
      process.stderr.write(`[web] ${error.message}\n`);
      process.exit(1);
    },
  );
}
