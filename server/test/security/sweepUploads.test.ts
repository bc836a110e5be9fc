/**
 * Sweep generated from the route table (issue 29): every upload route (one that parses multipart
 * bodies) gets decompression bombs: a request body that gzip inflates to 64 MB (refused 413
 * ERR_PAYLOAD_TOO_LARGE: the route's limit counts inflated bytes), and a zip bomb as its file (an
 * .xlsx whose sheet unpacks to 64 MB): refused (4xx with an ERR_ code) or bounded (stored as sent,
 * never unpacked), never 5xx, while the server keeps answering and its memory stays bounded. A
 * new upload route without its fields below fails.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { sheetBombs } from '../support/sheetBombs.js';
import { entityOf, fillPath, PLAIN_PARAMS, routeKey, sweepRoutes, type SweepRoute } from '../support/sweep/routes.js';
import { SAMPLES } from '../support/sweep/samples.js';
import { buildWorld, type World } from '../support/sweep/world.js';

const MB = 1024 * 1024;
/** In the thread pool: this process is the server's too, and must not hold its event loop. */
const gzipped = promisify(gzip);
/** Routes whose sample is JSON: the multipart fields beside the file, and the file's field. */
const MULTIPART_FORMS: Record<string, { fields: Record<string, string>; fileField: string }> = {
  'POST /api/messages/{ticketId}': { fields: { body: 'Sweep' }, fileField: 'medias' },
  'POST /api/messages/send': { fields: { number: '5511900000005', body: 'Sweep' }, fileField: 'medias' },
  'POST /api/flowbuilder/img': { fields: {}, fileField: 'medias' },
  'POST /api/flowbuilder/audio': { fields: {}, fileField: 'medias' },
  'POST /api/flowbuilder/content': { fields: {}, fileField: 'medias' },
};
/** Routes that read what they receive: a zip bomb there is refused, never stored. */
const READING_ROUTES = new Set(['POST /api/contacts/import', 'POST /api/contact-lists/{id}/upload']);

function multipartBody(fields: Record<string, string>, fileField: string, file: { name: string; bytes: Buffer }): { boundary: string; body: Buffer } {
  const boundary = `sweep${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(parts) };
}

describe('sweep: every upload route refuses or bounds decompression bombs (issue 29)', function () {
  this.timeout(600_000);
  let t: TestApp;
  let world: World;
  let uploads: SweepRoute[];

  before(async () => {
    t = await startTestApp('sweepUploads', { ATENDE_SANDBOX_ACK_MS: '20' });
    world = await buildWorld(t);
    uploads = sweepRoutes(t.app.server).filter((route) => route.acceptsMultipart);
  });
  after(() => t?.stop());

  function target(route: SweepRoute): { url: string; token: string | undefined; fields: Record<string, string>; fileField: string } {
    const { a, superUser } = world;
    const values = Object.fromEntries(route.params.map((param) => [param, a.ids[entityOf(route, param)!] ?? PLAIN_PARAMS[param]!]));
    const sample = SAMPLES[routeKey(route)]?.(a.ids);
    const form = sample?.multipart ? { fields: sample.multipart, fileField: sample.fileField ?? 'file' } : MULTIPART_FORMS[routeKey(route)]!;
    const token = route.auth === 'connection' ? a.ids.whatsappToken : route.auth === 'none' ? undefined : route.access.super ? superUser.token : a.admin.token;
    return { url: `${t.url}${fillPath(route, values)}`, token, ...form };
  }

  it('finds the upload routes, and knows the form of each', () => {
    expect(uploads.length).to.be.greaterThan(8);
    const unknown = uploads.filter((route) => !SAMPLES[routeKey(route)]?.(world.a.ids).multipart && !MULTIPART_FORMS[routeKey(route)]).map(routeKey);
    expect(unknown, 'upload routes without their multipart form (add it to MULTIPART_FORMS)').to.deep.equal([]);
  });

  it('a body that inflates to 64 MB and a zip bomb file: refused or bounded, never 5xx; the server keeps answering, its memory bounded', async () => {
    const zipBomb = sheetBombs().find((bomb) => bomb.name === 'bomba.xlsx')!;
    const zeros = Buffer.alloc(64 * MB);
    const failures: string[] = [];
    const rssBefore = process.memoryUsage().rss;
    for (const route of uploads) {
      const key = routeKey(route);
      const { url, token, fields, fileField } = target(route);
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

      const inflating = multipartBody(fields, fileField, { name: 'zeros.png', bytes: zeros });
      const inflated = await fetch(url, {
        method: route.method,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${inflating.boundary}`, 'content-encoding': 'gzip' },
        body: await gzipped(inflating.body),
      });
      const gzipText = await inflated.text();
      if (inflated.status !== 413 || !gzipText.includes('"error":"ERR_PAYLOAD_TOO_LARGE"')) failures.push(`${key} gzip bomb: ${inflated.status} ${gzipText.slice(0, 160)}`);

      const form = multipartBody(fields, fileField, { name: zipBomb.name, bytes: zipBomb.bytes });
      const bombed = await fetch(url, { method: route.method, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${form.boundary}` }, body: form.body });
      const bombText = await bombed.text();
      const refused = bombed.status >= 400 && bombed.status < 500 && /"error":"ERR_/.test(bombText);
      if (bombed.status >= 500 || (bombed.status >= 400 && !refused)) failures.push(`${key} zip bomb: ${bombed.status} ${bombText.slice(0, 160)}`);
      if (READING_ROUTES.has(key) && !(bombed.status === 413 && bombText.includes('ERR_IMPORT_TOO_LARGE'))) failures.push(`${key} zip bomb read: ${bombed.status} ${bombText.slice(0, 160)}`);

      const health = await fetch(`${t.url}/api/health`);
      if (health.status !== 200) failures.push(`${key}: health ${health.status}`);
    }
    const grown = process.memoryUsage().rss - rssBefore;
    process.stdout.write(`      upload sweep: ${uploads.length} routes, ${uploads.length * 2} bombs, memory grew ${Math.round(grown / MB)} MB\n`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    // Bounded: the bombs' unpacked sizes together are over 1.5 GB.
    expect(grown, 'memory taken by the bombs').to.be.lessThan(400 * MB);
  });
});
