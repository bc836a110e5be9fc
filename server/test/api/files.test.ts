import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import mongoose, { Types } from 'mongoose';
import { FILE_LIST_MAX_OPTIONS, PAGE_SIZE, type FileList } from '@atende/shared';
import { createApiClient, memorySession } from '@atende/shared/client';
import { mediaFilePath } from '../../src/platform/uploads.js';
import { startTestApp, type Answer, type TestApp } from '../support/app.js';
import { expectFileGone, SAMPLES } from '../support/backofficeFixtures.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { customerNumber, eventually, outboxOf, sandboxConnection } from '../support/inboxFixtures.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';

interface Part {
  bytes: Buffer;
  name: string;
  optionName?: string;
  optionId?: string;
}

const MB = 1024 * 1024;

describe('file lists (/files)', () => {
  let t: TestApp;
  let dataDir: string;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-files-'));
    t = await startTestApp('files', { ATENDE_DATA_DIR: dataDir, ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useExternalApi: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
  });
  after(async () => {
    await t?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/files', { token, body });
  const stored = (list: FileList, index: number) => mediaFilePath(list.companyId, list.options[index]!.path);

  /** The dialog's upload: each file with its option's name and id at the same position. */
  async function upload(id: string, parts: Part[], token = admin(), extra: Record<string, string> = { fileId: id, typeArch: 'fileList' }): Promise<Answer> {
    const form = new FormData();
    for (const [key, value] of Object.entries(extra)) form.append(key, value);
    for (const part of parts) {
      form.append('files', new Blob([part.bytes], { type: 'application/octet-stream' }), part.name);
      form.append('mediaType', 'application/octet-stream');
      form.append('name', part.optionName ?? '');
      form.append('id', part.optionId ?? '');
    }
    const response = await fetch(`${t.url}/api/files/uploadList/${id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  /** A list with two named options and their files, as the dialog makes it (two calls). */
  async function listWithTwoFiles(name: string): Promise<FileList> {
    const created = await create({ name, message: 'Our catalogue', options: [{ name: 'Photo' }, { name: 'Prices' }] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const [photo, prices] = created.body.options as { id: string }[];
    const uploaded = await upload(created.body.id, [
      { bytes: SAMPLES.png(), name: 'photo.png', optionName: 'Photo', optionId: photo!.id },
      { bytes: SAMPLES.pdf(), name: 'prices list.pdf', optionName: 'Prices', optionId: prices!.id },
    ]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(200);
    return uploaded.body as FileList;
  }

  describe('saving', () => {
    it('creates a list with named options (no file yet) and records who saved it', async () => {
      const answer = await create({ name: 'Catalogue', message: 'Hello', options: [{ name: 'Photo' }], userId: 'ignored' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name: 'Catalogue', message: 'Hello', companyId: tenant.companyId, userId: tenant.admin.user.id });
      expect(answer.body.options).to.have.length(1);
      expect(answer.body.options[0]).to.include({ name: 'Photo', path: '', mediaUrl: null });
      expect(answer.body.options[0].id).to.match(/^[0-9a-f]{24}$/);
    });

    it('validates: name at least 3 characters, message required, at most the options limit', async () => {
      expectInvalid(await create({ name: 'ab', message: 'x' }), 'name');
      expectInvalid(await create({ message: 'x' }), 'name');
      expectInvalid(await create({ name: 'Valid name' }), 'message');
      expectInvalid(await create({ name: 'Valid name', message: '   ' }), 'message');
      expectInvalid(await create({ name: 'Valid name', message: 'x', options: [{ name: '' }] }), 'options.0.name');
      const many = Array.from({ length: FILE_LIST_MAX_OPTIONS + 1 }, (_, i) => ({ name: `Option ${i}` }));
      expectInvalid(await create({ name: 'Valid name', message: 'x', options: many }), 'options');
      expectInvalid(await t.call('PUT', `/files/${MISSING_ID}`, { token: admin(), body: {} }), 'payload');
    });

    it('uploads several files in one call, checked by content and size, and lists them in order', async () => {
      const list = await listWithTwoFiles('Two files');
      expect(list.options.map((option) => [option.name, option.mediaType, option.originalName])).to.deep.equal([
        ['Photo', 'image', 'photo.png'],
        ['Prices', 'application', 'prices_list.pdf'],
      ]);
      expect(await readFile(stored(list, 0))).to.deep.equal(SAMPLES.png());
      const link = await fetch(`${t.url}${list.options[1]!.mediaUrl}`);
      expect(link.status).to.equal(200);
      expect(Buffer.from(await link.arrayBuffer())).to.deep.equal(SAMPLES.pdf());
    });

    it('adds a new option for a file without an option id, and replaces a file (the old one removed)', async () => {
      const list = await listWithTwoFiles('Replace files');
      const before = stored(list, 0);
      const answer = await upload(list.id, [
        { bytes: SAMPLES.jpeg(), name: 'new.jpg', optionName: 'Photo again', optionId: list.options[0]!.id },
        { bytes: SAMPLES.mp4(), name: 'clip.mp4', optionName: 'Clip' },
      ]);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const after = answer.body as FileList;
      expect(after.options.map((option) => [option.name, option.mediaType])).to.deep.equal([['Photo again', 'image'], ['Prices', 'application'], ['Clip', 'video']]);
      expect(after.options[0]!.id).to.equal(list.options[0]!.id);
      await expectFileGone(before);
      expect(await readFile(stored(after, 0))).to.deep.equal(SAMPLES.jpeg());
    });

    it('refuses bad uploads whole: wrong content, over the limits, unknown option, no files, and leaves nothing behind', async () => {
      const list = await listWithTwoFiles('Refusals');
      const photo = list.options[0]!;
      expectError(await upload(list.id, [{ bytes: SAMPLES.png(), name: 'ok.png', optionName: 'Fine' }, { bytes: Buffer.from('not a png'), name: 'fake.png', optionName: 'Fake' }]), 400, 'ERR_INVALID_MEDIA');
      const big = await upload(list.id, [{ bytes: SAMPLES.png(2 * MB + 1), name: 'big.png', optionId: photo.id }]);
      expectError(big, 413, 'ERR_MEDIA_TOO_LARGE');
      expect(big.body).to.deep.include({ limit: 2 * MB, kind: 'image' });
      expectError(await upload(list.id, [{ bytes: SAMPLES.mp3Id3(5 * MB + 1), name: 'song.mp3', optionName: 'Song' }]), 413, 'ERR_MEDIA_TOO_LARGE');
      expectInvalid(await upload(list.id, [{ bytes: SAMPLES.png(), name: 'x.png', optionId: MISSING_ID }]), 'id');
      expectInvalid(await upload(list.id, [{ bytes: SAMPLES.png(), name: 'x.png' }]), 'name');
      expectInvalid(await upload(list.id, []), 'files');
      expectInvalid(await upload(list.id, [{ bytes: SAMPLES.png(), name: 'x.png', optionName: 'X' }], admin(), { fileId: MISSING_ID }), 'fileId');
      const current = (await t.call('GET', `/files/${list.id}`, { token: admin() })).body as FileList;
      expect(current.options).to.deep.equal(list.options);
      expect(await readFile(stored(current, 0))).to.deep.equal(SAMPLES.png());
    });

    it('refuses more options than the limit through uploads', async () => {
      const created = await create({ name: 'Full list', message: 'x', options: Array.from({ length: FILE_LIST_MAX_OPTIONS }, (_, i) => ({ name: `Option ${i}` })) });
      expect(created.status).to.equal(201);
      expectInvalid(await upload(created.body.id, [{ bytes: SAMPLES.png(), name: 'one more.png', optionName: 'One more' }]), 'options');
    });

    it('an update keeps the options it lists: one left out is removed with its file; renames and additions apply', async () => {
      const list = await listWithTwoFiles('Dropping');
      const dropped = stored(list, 0);
      const kept = stored(list, 1);
      const answer = await t.call('PUT', `/files/${list.id}`, {
        token: admin(),
        body: { ...list, name: 'Dropped one', options: [{ ...list.options[1], name: 'Prices 2025' }, { name: 'Later' }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.name).to.equal('Dropped one');
      expect(answer.body.options.map((option: { name: string; path: string }) => [option.name, Boolean(option.path)])).to.deep.equal([['Prices 2025', true], ['Later', false]]);
      await expectFileGone(dropped);
      expect(await readFile(kept)).to.deep.equal(SAMPLES.pdf());
      expectInvalid(await t.call('PUT', `/files/${list.id}`, { token: admin(), body: { options: [{ id: MISSING_ID, name: 'Ghost' }] } }), 'options.0.id');
      // Without `options` the options stay as they are.
      const renamed = await t.call('PUT', `/files/${list.id}`, { token: admin(), body: { message: 'New text' } });
      expect(renamed.body.options).to.have.length(2);
    });

    it('uploads and updates at the same time keep each other: no option or file lost', async () => {
      const created = (await create({ name: 'Concurrent', message: 'x' })).body as FileList;
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => upload(created.id, [{ bytes: SAMPLES.png(), name: `p${i}.png`, optionName: `Upload ${i}` }])),
        t.call('PUT', `/files/${created.id}`, { token: admin(), body: { message: 'Changed meanwhile' } }),
      ]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const after = (await t.call('GET', `/files/${created.id}`, { token: admin() })).body as FileList;
      expect(after.message).to.equal('Changed meanwhile');
      expect(after.options.map((option) => option.name).sort()).to.deep.equal(['Upload 0', 'Upload 1', 'Upload 2', 'Upload 3']);
      for (const [index] of after.options.entries()) expect(await readFile(stored(after, index))).to.deep.equal(SAMPLES.png());
      const { readdir } = await import('node:fs/promises');
      const onDisk = await readdir(join(dataDir, 'media', tenant.companyId));
      for (const option of after.options) expect(onDisk).to.include(option.path);
    });

    it('a list saved before revisions were recorded is still changed', async () => {
      const legacy = await mongoose.connection.collection('filelists').insertOne({ companyId: new Types.ObjectId(tenant.companyId), name: 'Legacy list', message: 'Old', options: [], createdAt: new Date(), updatedAt: new Date() });
      const id = String(legacy.insertedId);
      const answer = await upload(id, [{ bytes: SAMPLES.png(), name: 'old.png', optionName: 'Old photo' }]);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect((await t.call('PUT', `/files/${id}`, { token: admin(), body: { name: 'Legacy list 2' } })).body).to.include({ name: 'Legacy list 2', userId: tenant.admin.user.id });
    });

    it('deletes a list with its files', async () => {
      const list = await listWithTwoFiles('Deleting');
      const files = [stored(list, 0), stored(list, 1)];
      expect((await t.call('DELETE', `/files/${list.id}`, { token: admin() })).status).to.equal(204);
      for (const file of files) await expectFileGone(file);
      expectError(await t.call('GET', `/files/${list.id}`, { token: admin() }), 404, 'ERR_NO_FILE_LIST_FOUND');
      expectError(await t.call('DELETE', `/files/${list.id}`, { token: admin() }), 404, 'ERR_NO_FILE_LIST_FOUND');
    });
  });

  describe('reading', () => {
    it('pages by name with search: { files, count, hasMore }', async () => {
      for (let i = 0; i < PAGE_SIZE + 2; i += 1) await create({ name: `Paged ${String(i).padStart(2, '0')}`, message: 'x' });
      const first = await t.call('GET', '/files?searchParam=paged&pageNumber=1', { token: admin() });
      expect(first.status).to.equal(200);
      expect(first.body.files).to.have.length(PAGE_SIZE);
      expect(first.body).to.include({ count: PAGE_SIZE + 2, hasMore: true });
      expect(first.body.files[0].name).to.equal('Paged 00');
      const second = await t.call('GET', '/files?searchParam=paged&pageNumber=2', { token: admin() });
      expect(second.body.files.map((file: FileList) => file.name)).to.deep.equal([`Paged ${PAGE_SIZE}`, `Paged ${PAGE_SIZE + 1}`]);
      expect(second.body.hasMore).to.equal(false);
      const none = await t.call('GET', '/files?searchParam=nothing-like-it', { token: admin() });
      expect(none.body).to.deep.equal({ files: [], count: 0, hasMore: false });
    });

    it('every profile reads (the campaign dialog); companyId never widens the scope', async () => {
      const own = await t.call('GET', `/files?companyId=${tenant.companyId}&searchParam=catalogue`, { token: agent.token });
      expect(own.status).to.equal(200);
      expect(own.body.files.map((file: FileList) => file.name)).to.include('Catalogue');
      const crossing = await t.call('GET', `/files?companyId=${tenant.companyId}`, { token: other.admin.token });
      expect(crossing.status).to.equal(200);
      expect(crossing.body.files.every((file: FileList) => file.companyId === other.companyId)).to.equal(true);
      expect(JSON.stringify(crossing.body)).to.not.include(tenant.companyId);
    });
  });

  describe('attacks', () => {
    it("another company's list is not found for any call, and nothing changes", async () => {
      const list = await listWithTwoFiles('Not yours');
      const attacker = other.admin.token;
      expectError(await t.call('GET', `/files/${list.id}`, { token: attacker }), 404, 'ERR_NO_FILE_LIST_FOUND');
      expectError(await t.call('PUT', `/files/${list.id}`, { token: attacker, body: { name: 'Stolen', options: [] } }), 404, 'ERR_NO_FILE_LIST_FOUND');
      expectError(await upload(list.id, [{ bytes: SAMPLES.png(), name: 'x.png', optionId: list.options[0]!.id }], attacker), 404, 'ERR_NO_FILE_LIST_FOUND');
      expectError(await t.call('DELETE', `/files/${list.id}`, { token: attacker }), 404, 'ERR_NO_FILE_LIST_FOUND');
      const still = (await t.call('GET', `/files/${list.id}`, { token: admin() })).body as FileList;
      expect(still).to.deep.equal(list);
      expect(await readFile(stored(still, 0))).to.deep.equal(SAMPLES.png());
    });

    it('only admins write (the page is theirs): users and supervisors get 403', async () => {
      const list = await listWithTwoFiles('Admins only');
      for (const member of [agent, supervisor]) {
        expectError(await create({ name: 'Not mine', message: 'x' }, member.token), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('PUT', `/files/${list.id}`, { token: member.token, body: { name: 'Changed' } }), 403, 'ERR_NO_PERMISSION');
        expectError(await upload(list.id, [{ bytes: SAMPLES.png(), name: 'x.png', optionName: 'X' }], member.token), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('DELETE', `/files/${list.id}`, { token: member.token }), 403, 'ERR_NO_PERMISSION');
        expect((await t.call('GET', `/files/${list.id}`, { token: member.token })).status).to.equal(200);
      }
      expect((await t.call('GET', `/files/${list.id}`, { token: admin() })).body).to.deep.equal(list);
    });
  });

  describe('realtime and the shared client', () => {
    it("create, update and delete reach the company's sockets on `file`, not another company's", async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
      const colleague = await listen(t, agent.email, 'member-pass', 'file');
      const stranger = await listen(t, other.adminEmail, other.password, 'file');
      try {
        const created = await api.files.create({ name: 'Live list', message: 'Hi', options: [{ name: 'Photo' }] });
        expect((await waitFor(colleague.events, (e) => e.action === 'create')).fileList).to.deep.equal(created);
        const uploaded = await api.files.upload(created.id, [{ file: new Blob([SAMPLES.png()]), fileName: 'live.png', name: 'Photo', id: created.options[0]!.id }]);
        expect(uploaded.options[0]).to.include({ mediaType: 'image', originalName: 'live.png' });
        await waitFor(colleague.events, (e) => e.action === 'update' && (e.fileList as FileList).options[0]?.path !== '');
        await api.files.update(created.id, { name: 'Live list 2', options: [] });
        await waitFor(colleague.events, (e) => e.action === 'update' && (e.fileList as FileList).name === 'Live list 2');
        expect((await api.files.page({ searchParam: 'live list' })).files.map((file) => file.id)).to.deep.equal([created.id]);
        expect((await api.files.get(created.id)).options).to.deep.equal([]);
        await api.files.remove(created.id);
        await waitFor(colleague.events, (e) => e.action === 'delete' && e.fileListId === created.id);
        await settle();
        expect(stranger.events).to.deep.equal([]);
      } finally {
        await Promise.all([colleague.client.disconnect(), stranger.client.disconnect()]);
      }
    });
  });

  describe('the send API with fileListId', () => {
    let whatsappId: string;
    let token: string;

    before(async () => {
      whatsappId = (await sandboxConnection(t, tenant.admin)).id;
      token = (await t.call('GET', `/whatsapp/${whatsappId}`, { token: admin() })).body.token as string;
    });

    const send = (body: Record<string, unknown>) => t.call('POST', '/messages/send', { token, body });

    it("sends the body, then the list's message with its first file and each other file, in order", async () => {
      const list = await listWithTwoFiles('Sent by the API');
      const number = customerNumber();
      const answer = await send({ number, body: 'Here is what you asked', fileListId: list.id });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.messages.map((m: { body: string; mediaType: string }) => [m.body, m.mediaType])).to.deep.equal([
        ['Here is what you asked', 'chat'],
        ['Our catalogue', 'image'],
        // A document without a caption carries its file name, as in the inbox.
        ['prices_list.pdf', 'application'],
      ]);
      const outbox = await eventually(async () => {
        const entries = await outboxOf(t, tenant.admin, whatsappId, number);
        return entries.length >= 3 ? entries : null;
      }, 5_000, 'three messages delivered');
      expect(outbox.map((entry) => [entry.body, (entry as unknown as { media?: { kind: string } }).media?.kind ?? null])).to.deep.equal([
        ['Here is what you asked', null],
        ['Our catalogue', 'image'],
        // The phone gets the file alone: its name is never sent as a caption (issue 30).
        ['', 'document'],
      ]);
    });

    it('sends a list alone (no body), and a list without files as its message', async () => {
      const list = await listWithTwoFiles('Alone');
      const alone = await send({ number: customerNumber(), body: '', fileListId: list.id });
      expect(alone.status, JSON.stringify(alone.body)).to.equal(200);
      expect(alone.body.messages).to.have.length(2);
      // The typed client, multipart too.
      const client = createApiClient({ baseUrl: t.url, session: memorySession() });
      const viaJson = await client.externalSend.send({ token, number: customerNumber(), fileListId: list.id });
      expect(viaJson.messages.map((m) => m.mediaType)).to.deep.equal(['image', 'application']);
      const viaForm = await client.externalSend.send({ token, number: customerNumber(), body: 'See', fileListId: list.id, medias: [{ blob: new Blob([SAMPLES.jpeg()]), fileName: 'extra.jpg' }] });
      expect(viaForm.messages.map((m) => [m.body, m.mediaType])).to.deep.equal([['See', 'image'], ['Our catalogue', 'image'], ['prices_list.pdf', 'application']]);
      const textOnly = (await create({ name: 'Text only', message: 'Only words', options: [{ name: 'Not uploaded' }] })).body as FileList;
      const words = await send({ number: customerNumber(), fileListId: textOnly.id });
      expect(words.status, JSON.stringify(words.body)).to.equal(200);
      expect(words.body.messages.map((m: { body: string }) => m.body)).to.deep.equal(['Only words']);
    });

    it("refuses another company's list (404) and a missing one, sending nothing", async () => {
      const foreign = (await create({ name: 'Foreign', message: 'Not yours' }, other.admin.token)).body as FileList;
      const number = customerNumber();
      expectError(await send({ number, body: 'Hi', fileListId: foreign.id }), 404, 'ERR_NO_FILE_LIST_FOUND');
      expectError(await send({ number, body: 'Hi', fileListId: MISSING_ID }), 404, 'ERR_NO_FILE_LIST_FOUND');
      expectInvalid(await send({ number, body: 'Hi', fileListId: 'not-an-id' }), 'fileListId');
      await settle();
      expect(await outboxOf(t, tenant.admin, whatsappId, number)).to.deep.equal([]);
    });
  });
});
