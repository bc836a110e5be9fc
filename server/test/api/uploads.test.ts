import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { AppError } from '../../src/platform/errors.js';
import { signedMediaUrl } from '../../src/platform/mediaLinks.js';
import { mediaFilePath, mediaUrl, removeUpload, sanitizeFileName, storeUpload, UPLOAD_LIMITS, type UploadKind } from '../../src/platform/uploads.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { postMultipart, SAMPLES } from '../support/backofficeFixtures.js';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).to.be.instanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

describe('uploads (media check, storage, public serving)', () => {
  let t: TestApp;
  let dataDir: string;
  let tenant: Tenant;
  let other: Tenant;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-uploads-'));
    t = await startTestApp('uploads', { ATENDE_DATA_DIR: dataDir });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
  });
  after(async () => {
    await t?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe('storeUpload', () => {
    it('stores a png under <dataDir>/media/<companyId>/ with a random name and the sanitised original name', async () => {
      const bytes = SAMPLES.png();
      const stored = await storeUpload(tenant.companyId, { filename: 'my holiday photo.png', bytes });
      expect(stored).to.deep.include({ kind: 'image', mediaType: 'image', mimeType: 'image/png', size: bytes.length, originalName: 'my_holiday_photo.png' });
      expect(stored.fileName).to.match(/^[0-9a-f]{32}\.png$/);
      const path = mediaFilePath(tenant.companyId, stored.fileName);
      expect(path).to.equal(join(dataDir, 'media', tenant.companyId, stored.fileName));
      expect(await readFile(path)).to.deep.equal(bytes);
      expect(mediaUrl(tenant.companyId, stored.fileName)).to.match(new RegExp(`^/public/${tenant.companyId}/${stored.fileName}\\?expires=\\d+&signature=[\\w-]{43}$`));
      const again = await storeUpload(tenant.companyId, { filename: 'my holiday photo.png', bytes });
      expect(again.fileName).not.to.equal(stored.fileName);
    });

    it('accepts every format of the limits table when the content matches the extension', async () => {
      const cases: [string, Buffer, UploadKind, string, string][] = [
        ['a.png', SAMPLES.png(), 'image', 'image', 'image/png'],
        ['a.jpg', SAMPLES.jpeg(), 'image', 'image', 'image/jpeg'],
        ['a.JPEG', SAMPLES.jpeg(), 'image', 'image', 'image/jpeg'],
        ['sticker.webp', SAMPLES.webp(), 'image', 'image', 'image/webp'],
        ['a.ogg', SAMPLES.ogg(), 'audio', 'audio', 'audio/ogg'],
        ['a.opus', SAMPLES.ogg(), 'audio', 'audio', 'audio/ogg'],
        ['a.mp3', SAMPLES.mp3Id3(), 'audio', 'audio', 'audio/mpeg'],
        ['b.mp3', SAMPLES.mp3Frame(), 'audio', 'audio', 'audio/mpeg'],
        ['a.m4a', SAMPLES.m4a(), 'audio', 'audio', 'audio/mp4'],
        ['a.aac', SAMPLES.aac(), 'audio', 'audio', 'audio/aac'],
        ['a.mp4', SAMPLES.mp4(), 'video', 'video', 'video/mp4'],
        ['a.pdf', SAMPLES.pdf(), 'document', 'application', 'application/pdf'],
        ['a.doc', SAMPLES.ole(), 'document', 'application', 'application/msword'],
        ['a.xls', SAMPLES.ole(), 'document', 'application', 'application/vnd.ms-excel'],
        ['a.docx', SAMPLES.zip(), 'document', 'application', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['a.xlsx', SAMPLES.zip(), 'document', 'application', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['a.zip', SAMPLES.zip(), 'document', 'application', 'application/zip'],
        ['a.txt', SAMPLES.text(), 'document', 'application', 'text/plain; charset=utf-8'],
        ['a.csv', SAMPLES.text(), 'document', 'application', 'text/csv; charset=utf-8'],
      ];
      for (const [filename, bytes, kind, mediaType, mimeType] of cases) {
        const stored = await storeUpload(tenant.companyId, { filename, bytes });
        expect(stored, filename).to.deep.include({ kind, mediaType, mimeType });
        expect(stored.fileName.endsWith(`.${filename.split('.').pop()!.toLowerCase()}`), filename).to.equal(true);
      }
    });

    it('refuses content that does not match the extension, and unknown extensions (ERR_INVALID_MEDIA)', async () => {
      const cases: [string, Buffer][] = [
        ['photo.jpg', SAMPLES.png()],
        ['photo.png', SAMPLES.jpeg()],
        ['page.png', Buffer.from('<html><script>alert(1)</script></html>')],
        ['voice.ogg', SAMPLES.mp3Id3()],
        ['song.mp3', SAMPLES.pdf()],
        ['clip.mp4', SAMPLES.ogg()],
        ['sticker.webp', SAMPLES.png()],
        ['voice.aac', SAMPLES.mp3Frame()],
        ['report.pdf', Buffer.from('MZ\x90\0\x03', 'latin1')],
        ['sheet.xlsx', SAMPLES.ole()],
        ['old.doc', SAMPLES.zip()],
        ['notes.txt', Buffer.from([0x48, 0x69, 0x00, 0x01, 0x02])],
        ['setup.exe', Buffer.from('MZ\x90\0', 'latin1')],
        ['page.html', Buffer.from('<html></html>')],
        ['image.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ];
      for (const [filename, bytes] of cases) {
        const err = await refusal(storeUpload(tenant.companyId, { filename, bytes }));
        expect(err.code, filename).to.equal('ERR_INVALID_MEDIA');
        expect(err.status).to.equal(400);
      }
      expect((await refusal(storeUpload(tenant.companyId, { filename: 'empty.png', bytes: Buffer.alloc(0) }))).code).to.equal('ERR_INVALID_MEDIA');
    });

    it('names a file sent without an extension by its content, and refuses unrecognisable ones', async () => {
      const audio = await storeUpload(tenant.companyId, { filename: 'blob', bytes: SAMPLES.ogg() });
      expect(audio.fileName).to.match(/\.ogg$/);
      expect(audio.originalName).to.equal('blob.ogg');
      expect(audio.kind).to.equal('audio');
      const image = await storeUpload(tenant.companyId, { filename: '', bytes: SAMPLES.png() });
      expect(image.originalName).to.equal('file.png');
      expect((await refusal(storeUpload(tenant.companyId, { filename: 'blob', bytes: SAMPLES.text() }))).code).to.equal('ERR_INVALID_MEDIA');
    });

    it('limits each kind: image 2 MB, audio 5 MB, video 20 MB, documents 20 MB (ERR_MEDIA_TOO_LARGE)', async () => {
      const MB = 1024 * 1024;
      expect(UPLOAD_LIMITS).to.deep.equal({ image: 2 * MB, audio: 5 * MB, video: 20 * MB, document: 20 * MB });
      expect((await storeUpload(tenant.companyId, { filename: 'max.png', bytes: SAMPLES.png(2 * MB) })).size).to.equal(2 * MB);
      const cases: [string, Buffer, UploadKind, number][] = [
        ['big.png', SAMPLES.png(2 * MB + 1), 'image', 2 * MB],
        ['big.mp3', SAMPLES.mp3Id3(5 * MB + 1), 'audio', 5 * MB],
        ['big.mp4', SAMPLES.mp4(20 * MB + 1), 'video', 20 * MB],
        ['big.pdf', SAMPLES.pdf(20 * MB + 1), 'document', 20 * MB],
      ];
      for (const [filename, bytes, kind, limit] of cases) {
        const err = await refusal(storeUpload(tenant.companyId, { filename, bytes }));
        expect(err.code, filename).to.equal('ERR_MEDIA_TOO_LARGE');
        expect(err.status).to.equal(413);
        expect(err.extra).to.deep.equal({ kind, limit });
      }
    });

    it('narrows the kinds when asked (an image-only upload refuses a pdf)', async () => {
      const err = await refusal(storeUpload(tenant.companyId, { filename: 'a.pdf', bytes: SAMPLES.pdf() }, ['image']));
      expect(err.code).to.equal('ERR_INVALID_MEDIA');
      expect(err.extra).to.include({ kind: 'document' });
      expect((await storeUpload(tenant.companyId, { filename: 'a.png', bytes: SAMPLES.png() }, ['image'])).kind).to.equal('image');
    });

    it('sanitises original names: base name only, no control characters, spaces to underscores', () => {
      expect(sanitizeFileName('../../etc/passwd.txt')).to.equal('passwd.txt');
      expect(sanitizeFileName('C:\\Users\\ana\\Meu arquivo final.pdf')).to.equal('Meu_arquivo_final.pdf');
      expect(sanitizeFileName('a\u0000b\u001f c\u007f.pdf')).to.equal('ab_c.pdf');
      expect(sanitizeFileName('..hidden.txt')).to.equal('hidden.txt');
      expect(sanitizeFileName('x'.repeat(300) + '.pdf')).to.have.length(200).and.match(/\.pdf$/);
    });

    it('never resolves a path outside the company folder', async () => {
      for (const name of ['../secret.png', '..', 'a/b.png', `${'a'.repeat(32)}.png/../../x`]) {
        expect(() => mediaFilePath(tenant.companyId, name), name).to.throw(AppError);
      }
      expect(() => mediaFilePath('../..', `${'a'.repeat(32)}.png`)).to.throw(AppError);
    });

    it('removeUpload deletes the file and ignores names that are not ours', async () => {
      const stored = await storeUpload(tenant.companyId, { filename: 'a.png', bytes: SAMPLES.png() });
      await removeUpload(tenant.companyId, stored.fileName);
      expect(await stat(mediaFilePath(tenant.companyId, stored.fileName)).catch(() => null)).to.equal(null);
      await removeUpload(tenant.companyId, stored.fileName);
      await removeUpload(tenant.companyId, '../../x');
      await removeUpload(tenant.companyId, null);
    });
  });

  describe('GET /public/{companyId}/{file}', () => {
    it('serves a stored file by its signed link, with its content type, nosniff, ranges and a cache life within the link\'s', async () => {
      const bytes = SAMPLES.mp4(4096);
      const stored = await storeUpload(tenant.companyId, { filename: 'clip.mp4', bytes });
      const response = await fetch(`${t.url}${mediaUrl(tenant.companyId, stored.fileName)}`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('video/mp4');
      expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).to.be.within(12 * 3600 - 60, 24 * 3600);
      expect(Buffer.from(await response.arrayBuffer())).to.deep.equal(bytes);
      const range = await fetch(`${t.url}${mediaUrl(tenant.companyId, stored.fileName)}`, { headers: { range: 'bytes=0-7' } });
      expect(range.status).to.equal(206);
      expect(Buffer.from(await range.arrayBuffer())).to.deep.equal(bytes.subarray(0, 8));
    });

    it('answers 404 for unknown files, another company folder, malformed names and traversal attempts', async () => {
      const stored = await storeUpload(tenant.companyId, { filename: 'a.pdf', bytes: SAMPLES.pdf() });
      const paths = [
        `/public/${tenant.companyId}/${'0'.repeat(32)}.pdf`,
        `/public/${other.companyId}/${stored.fileName}`,
        `/public/${tenant.companyId}/${stored.fileName.toUpperCase()}`,
        `/public/${tenant.companyId}/..%2F..%2F..%2Fetc%2Fpasswd`,
        `/public/${tenant.companyId}/%2e%2e%2f${stored.fileName}`,
        `/public/..%2F${tenant.companyId}/${stored.fileName}`,
        `/public/${tenant.companyId}`,
      ];
      for (const path of paths) {
        const response = await fetch(`${t.url}${path}`);
        expect(response.status, path).to.equal(404);
        await response.arrayBuffer();
      }
    });

    it('refuses a file without its link\'s signature: bare address, another file\'s or company\'s signature, an altered expiry, an expired link', async () => {
      const stored = await storeUpload(tenant.companyId, { filename: 'private.pdf', bytes: SAMPLES.pdf() });
      const neighbour = await storeUpload(tenant.companyId, { filename: 'other.pdf', bytes: SAMPLES.pdf() });
      const link = new URL(mediaUrl(tenant.companyId, stored.fileName), t.url);
      const signature = link.searchParams.get('signature')!;
      const expires = Number(link.searchParams.get('expires'));
      const foreign = new URL(mediaUrl(other.companyId, stored.fileName), t.url);
      const attempts = [
        `/public/${tenant.companyId}/${stored.fileName}`,
        `/public/${tenant.companyId}/${stored.fileName}?expires=${expires}`,
        `${new URL(mediaUrl(tenant.companyId, neighbour.fileName), t.url).pathname.replace(neighbour.fileName, stored.fileName)}?expires=${expires}&signature=${new URL(mediaUrl(tenant.companyId, neighbour.fileName), t.url).searchParams.get('signature')}`,
        `/public/${tenant.companyId}/${stored.fileName}${foreign.search}`,
        `/public/${tenant.companyId}/${stored.fileName}?expires=${expires + 86_400_000}&signature=${signature}`,
        `/public/${tenant.companyId}/${stored.fileName}?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
        signedMediaUrl(tenant.companyId, stored.fileName, Date.now() - 2 * 86_400_000),
      ];
      for (const path of attempts) {
        const response = await fetch(`${t.url}${path}`);
        expect(response.status, path).to.equal(404);
        expect(await response.text(), path).not.to.include('%PDF');
      }
      expect((await fetch(link)).status, 'the link itself').to.equal(200);
    });
  });

  describe('multipart upload routes (through POST /quick-messages/{id}/media-upload)', () => {
    let quickMessageId: string;
    before(async () => {
      const created = await t.call('POST', '/quick-messages', { token: tenant.admin.token, body: { shortcode: 'upload', message: 'with a file' } });
      quickMessageId = created.body.id;
    });
    const path = () => `/quick-messages/${quickMessageId}/media-upload`;

    it('keeps the bytes exact whatever content type the part claims', async () => {
      const bytes = SAMPLES.png(1000);
      const answer = await postMultipart(t, tenant.admin.token, path(), { typeArch: 'quickMessage' }, { file: { name: 'pic.png', bytes, type: 'text/plain' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(await readFile(mediaFilePath(tenant.companyId, answer.body.mediaPath))).to.deep.equal(bytes);
    });

    it('answers 413 ERR_MEDIA_TOO_LARGE over the kind limit and 400 ERR_INVALID_MEDIA on a mismatch', async () => {
      const large = await postMultipart(t, tenant.admin.token, path(), {}, { file: { name: 'pic.png', bytes: SAMPLES.png(2 * 1024 * 1024 + 10) } });
      expect(large.status).to.equal(413);
      expect(large.body).to.include({ error: 'ERR_MEDIA_TOO_LARGE', kind: 'image', limit: 2 * 1024 * 1024 });
      const fake = await postMultipart(t, tenant.admin.token, path(), {}, { file: { name: 'pic.png', bytes: Buffer.from('GIF89a...') } });
      expect(fake.status).to.equal(400);
      expect(fake.body.error).to.equal('ERR_INVALID_MEDIA');
    });

    it('refuses a payload over the route limit (413 ERR_PAYLOAD_TOO_LARGE), a missing file and a non-multipart body', async () => {
      const huge = await postMultipart(t, tenant.admin.token, path(), {}, { file: { name: 'big.mp4', bytes: SAMPLES.mp4(22 * 1024 * 1024) } });
      expect(huge.status).to.equal(413);
      expect(huge.body.error).to.equal('ERR_PAYLOAD_TOO_LARGE');
      const missing = await postMultipart(t, tenant.admin.token, path(), { typeArch: 'x' }, {});
      expect(missing.status).to.equal(400);
      expect(missing.body).to.include({ error: 'ERR_VALIDATION', field: 'file' });
      const text = await postMultipart(t, tenant.admin.token, path(), { file: 'not a file' }, {});
      expect(text.status).to.equal(400);
      expect(text.body).to.include({ error: 'ERR_VALIDATION', field: 'file' });
      const json = await t.call('POST', path(), { token: tenant.admin.token, body: { file: 'x' } });
      expect(json.status).to.equal(400);
      expect(json.body).to.include({ error: 'ERR_VALIDATION', field: 'payload', rule: 'content-type' });
    });
  });
});
