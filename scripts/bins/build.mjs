// Bundles the terminal programs, atende (cli/dist) and atende-inbox (tui/dist), so that both start
// fast right after `npm install` / `npm ci` (the root's `prepare` runs this). It never fails the
// install: without a bundle the bins run their TypeScript sources through tsx, only slower.
//
// Usage: `node scripts/bins/build.mjs`

const started = Date.now();
const builds = await Promise.allSettled([import('../../cli/scripts/build.mjs'), import('../../tui/scripts/build.mjs')]);
const failed = builds.filter((result) => result.status === 'rejected');
for (const { reason } of failed) {
  process.stderr.write(`[bins] not bundled (the programs will run from their sources): ${reason instanceof Error ? reason.message : String(reason)}\n`);
}
if (failed.length === 0) process.stderr.write(`[bins] atende and atende-inbox bundled in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
