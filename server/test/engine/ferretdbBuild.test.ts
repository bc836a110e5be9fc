import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/platform/config.js';
import { startEmbeddedEngine } from '../../src/platform/database/embeddedEngine.js';
import { DEFAULT_GOGC } from '../../src/platform/database/engine/ferretdb.js';
import { buildPlaces, ensureFerretdb, PATCHES_DIR, patchSetIn } from '../../src/platform/database/engine/ferretdbBuild.js';

/** Answers whether `git apply` with these arguments succeeds in dir (used as a plain patch tool). */
function gitApplies(dir: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('git', ['apply', ...args], { cwd: dir, stdio: 'ignore', env: { ...process.env, GIT_CEILING_DIRECTORIES: join(dir, '..') } });
    child.on('close', (code) => resolve(code === 0));
  });
}

/** A patch on FerretDB's README: changes the patch set without changing what Go compiles. */
const README_PATCH = `--- a/README.md
+++ b/README.md
@@ -1,2 +1,4 @@
+Patched by the build test.
+
 # FerretDB
 
`;

describe("the embedded engine's FerretDB, built with Atende's patches", function () {
  this.timeout(300_000);
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atende-ferretdb-build-'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("builds the server's binary from a source copy with every patch of the repository applied", async () => {
    const binary = await ensureFerretdb({ log: () => undefined });
    const places = buildPlaces();
    const { files, hash } = await patchSetIn(PATCHES_DIR);

    expect(files.length).to.be.greaterThan(0);
    expect(binary).to.equal(places.binary);
    expect((await readFile(places.binaryStamp, 'utf8')).trim()).to.equal(hash);
    // A patch that can be reversed is in the copy the binary was built from.
    for (const file of files) expect(await gitApplies(places.srcDir, ['--check', '--reverse', file]), file).to.equal(true);
  });

  it('rebuilds, from a freshly patched source copy, when the patch set changes, and only then', async () => {
    await ensureFerretdb({ log: () => undefined });
    // A cache holding the server's binary, and patches to change.
    const cacheDir = join(root, 'cache');
    const patchesDir = join(root, 'patches');
    const places = buildPlaces(cacheDir);
    await mkdir(join(cacheDir, 'ferretdb-bin'), { recursive: true });
    await cp(buildPlaces().binary, places.binary);
    await cp(buildPlaces().binaryStamp, places.binaryStamp);
    await cp(PATCHES_DIR, patchesDir, { recursive: true });

    const unchanged: string[] = [];
    expect(await ensureFerretdb({ cacheDir, patchesDir, log: (line) => unchanged.push(line) })).to.equal(places.binary);
    expect(unchanged, 'same patch set: nothing built').to.deep.equal([]);

    const before = await stat(places.binary);
    await writeFile(join(patchesDir, '99-readme.patch'), README_PATCH);
    const rebuilt: string[] = [];
    await ensureFerretdb({ cacheDir, patchesDir, log: (line) => rebuilt.push(line) });

    const { hash } = await patchSetIn(patchesDir);
    expect(rebuilt.join('\n')).to.include(`rebuilding with set ${hash}`).and.include('applying 99-readme.patch').and.include('applying 01-');
    expect((await readFile(places.binaryStamp, 'utf8')).trim()).to.equal(hash);
    expect((await stat(places.binary)).mtimeMs).to.be.greaterThan(before.mtimeMs);
    expect(await readFile(join(places.srcDir, 'README.md'), 'utf8')).to.match(/^Patched by the build test\./);
  });

  it('runs FerretDB with the GOGC the server is configured with (ATENDE_ENGINE_GOGC), else with DEFAULT_GOGC', async () => {
    await chmod(root, 0o755); // PostgreSQL may run as another user
    const quiet = { info() {}, warn() {}, error() {} };
    const goGcOf = async (gogc: number | undefined) => {
      const dataDir = join(root, `data-${gogc ?? 'default'}`);
      await mkdir(dataDir);
      const engine = await startEmbeddedEngine({ dataDir, gogc, logger: quiet });
      try {
        return (await readFile(`/proc/${engine.pid}/environ`, 'utf8')).split('\0').filter((entry) => entry.startsWith('GOGC='));
      } finally {
        await engine.stop();
      }
    };
    const config = (env: Record<string, string>) => loadConfig(env, () => 'a-test-secret-of-some-length');

    expect(await goGcOf(config({ ATENDE_ENGINE_GOGC: '250' }).engineGogc)).to.deep.equal(['GOGC=250']);
    expect(await goGcOf(config({ ATENDE_ENGINE_GOGC: '' }).engineGogc)).to.deep.equal([`GOGC=${DEFAULT_GOGC}`]);
    expect(() => config({ ATENDE_ENGINE_GOGC: '5' })).to.throw(ConfigError, 'ATENDE_ENGINE_GOGC');
  });
});
