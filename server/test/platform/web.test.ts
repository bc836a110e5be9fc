import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Hapi from '@hapi/hapi';
import Inert from '@hapi/inert';
import { registerWeb } from '../../src/platform/http/web.js';
import { startTestApp, type TestApp } from '../support/app.js';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';
const SCRIPT = 'console.log("console")';

describe('web console served at / (SPA fallback)', () => {
  let t: TestApp;
  let distDir: string;
  const previous = process.env.ATENDE_WEB_DIST;

  before(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'atende-web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX);
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    process.env.ATENDE_WEB_DIST = distDir;
    t = await startTestApp('web');
  });

  after(async () => {
    if (previous === undefined) delete process.env.ATENDE_WEB_DIST;
    else process.env.ATENDE_WEB_DIST = previous;
    await t?.stop();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / and for the console routes, never cached', async () => {
    for (const route of ['/', '/login', '/tickets/5f1c2d3e-aaaa-bbbb-cccc-123456789abc', '/tickets/u/42', '/connections']) {
      const answer = await fetch(`${t.url}${route}`);
      expect(answer.status, route).to.equal(200);
      expect(answer.headers.get('content-type'), route).to.match(/^text\/html/);
      expect(answer.headers.get('cache-control'), route).to.equal('no-cache');
      expect(await answer.text(), route).to.equal(INDEX);
    }
  });

  it('serves the console with a content security policy, no framing and no content sniffing', async () => {
    const page = await fetch(`${t.url}/tickets`);
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self' blob:", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]) {
      expect(policy, directive).to.contain(directive);
    }
    expect(page.headers.get('x-frame-options')).to.equal('DENY');
    expect(page.headers.get('x-content-type-options')).to.equal('nosniff');
    const script = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(script.headers.get('x-content-type-options')).to.equal('nosniff');
    // The API's answers are never framed nor sniffed either.
    const api = await fetch(`${t.url}/api/health`);
    expect(api.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(api.headers.get('x-frame-options')).to.equal('DENY');
  });

  it('serves hashed assets with a long immutable cache and other files revalidated', async () => {
    const script = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/javascript/);
    expect(script.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(await script.text()).to.equal(SCRIPT);

    const icon = await fetch(`${t.url}/favicon.svg`);
    expect(icon.status).to.equal(200);
    expect(icon.headers.get('cache-control')).to.equal('no-cache');
  });

  it('answers a missing file with 404 instead of the page', async () => {
    const answer = await fetch(`${t.url}/assets/index-old999.js`);
    expect(answer.status).to.equal(404);
    expect(((await answer.json()) as { error: string }).error).to.equal('ERR_NOT_FOUND');
  });

  it('leaves /api and /public misses to the API: JSON 404, not the page', async () => {
    for (const route of ['/api', '/api/nothing-here', '/public/nothing']) {
      const answer = await fetch(`${t.url}${route}`);
      expect(answer.status, route).to.equal(404);
      expect(((await answer.json()) as { error: string }).error, route).to.equal('ERR_ROUTE_NOT_FOUND');
    }
    const health = await t.call('GET', '/health');
    expect(health.status).to.equal(200);
  });

  it('never serves a file outside the build', async () => {
    const outside = path.join(path.dirname(distDir), `${path.basename(distDir)}-secret.txt`);
    await writeFile(outside, 'secret');
    try {
      // Raw requests: fetch would resolve the dot segments before sending them.
      for (const route of [`/../${path.basename(outside)}`, `/assets/..%2f..%2f${path.basename(outside)}`]) {
        const answer = await rawGet(t.url, route);
        expect(answer.body, route).to.not.contain('secret');
        if (answer.status === 200) expect(answer.body, route).to.equal(INDEX);
      }
    } finally {
      await rm(outside, { force: true });
    }
  });

  it('registers nothing when the build is missing', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'atende-web-empty-'));
    const server = Hapi.server();
    await server.register(Inert);
    try {
      expect(registerWeb(server, { distDir: empty })).to.equal(false);
      expect(server.table()).to.have.length(0);
      expect(registerWeb(server, { distDir })).to.equal(true);
      expect(server.table().map((route) => route.path)).to.deep.equal(['/{path*}']);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const call = request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}
