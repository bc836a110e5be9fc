import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Announcement, AnnouncementEvent } from '@atende/shared';
import { createApiClient, memorySession } from '@atende/shared/client';
import { mediaFilePath, UPLOAD_LIMITS } from '../../src/platform/uploads.js';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';
import { expectFileGone, postMultipart, SAMPLES } from '../support/backofficeFixtures.js';
import { listen, waitFor } from '../support/realtimeFixtures.js';

describe('announcements', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };

  before(async () => {
    t = await startTestApp('announcements');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
  });
  after(() => t?.stop());

  async function createAnnouncement(fields: Record<string, unknown> = {}): Promise<Announcement> {
    const answer = await t.call('POST', '/announcements', { token: superUser.token, body: { title: unique('News '), text: 'Read me', ...fields } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body;
  }

  const search = (prefix: string, token: string, pageNumber = 1) =>
    t.call('GET', `/announcements?searchParam=${encodeURIComponent(prefix)}&pageNumber=${pageNumber}`, { token });
  const titles = (records: Announcement[]) => records.map((r) => r.title);
  const upload = (token: string, id: string, name: string, bytes: Buffer) => postMultipart(t, token, `/announcements/${id}/media-upload`, {}, { file: { name, bytes } });

  describe('managing (super users)', () => {
    it('creates with the defaults (priority 3, active), trimmed title, no attachment', async () => {
      const title = unique('Maintenance ');
      const answer = await t.call('POST', '/announcements', { token: superUser.token, body: { title: `  ${title}  `, text: 'Tonight at 22h' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ title, text: 'Tonight at 22h', priority: 3, status: true, mediaPath: null, mediaName: null, mediaUrl: null });
      expect(answer.body.id).to.match(/^[0-9a-f]{24}$/);
      expect(Date.parse(answer.body.createdAt)).to.be.a('number').and.not.NaN;
    });

    it('reads, updates (the whole record sent back too) and deletes', async () => {
      const created = await createAnnouncement({ priority: 2 });
      expect((await t.call('GET', `/announcements/${created.id}`, { token: superUser.token })).body).to.deep.equal(created);
      const updated = await t.call('PUT', `/announcements/${created.id}`, { token: superUser.token, body: { ...created, text: 'Changed', priority: 1, status: false } });
      expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
      expect(updated.body).to.include({ id: created.id, title: created.title, text: 'Changed', priority: 1, status: false });
      expect((await t.call('DELETE', `/announcements/${created.id}`, { token: superUser.token })).status).to.equal(204);
      expectError(await t.call('GET', `/announcements/${created.id}`, { token: superUser.token }), 404, 'ERR_NO_ANNOUNCEMENT_FOUND');
      expectError(await t.call('DELETE', `/announcements/${created.id}`, { token: superUser.token }), 404, 'ERR_NO_ANNOUNCEMENT_FOUND');
      expectError(await t.call('PUT', `/announcements/${MISSING_ID}`, { token: superUser.token, body: { text: 'x' } }), 404, 'ERR_NO_ANNOUNCEMENT_FOUND');
      expectInvalid(await t.call('GET', '/announcements/abc', { token: superUser.token }), 'id');
    });

    it('validates the fields and names them (400 ERR_VALIDATION)', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: undefined }, 'title', 'any.required'],
        [{ title: '   ' }, 'title', 'string.empty'],
        [{ title: 't'.repeat(101) }, 'title', 'string.max'],
        [{ text: undefined }, 'text', 'any.required'],
        [{ text: 'x'.repeat(5001) }, 'text', 'string.max'],
        [{ priority: 4 }, 'priority', 'any.only'],
        [{ priority: 0 }, 'priority', 'any.only'],
        [{ status: 'maybe' }, 'status', 'boolean.base'],
        [{ views: 3 }, 'views', 'object.unknown'],
      ];
      for (const [change, field, rule] of cases) {
        const answer = await t.call('POST', '/announcements', { token: superUser.token, body: { title: unique('Invalid '), text: 'x', ...change } });
        expectInvalid(answer, field);
        expect(answer.body.rule, field).to.equal(rule);
      }
      const created = await createAnnouncement();
      expectInvalid(await t.call('PUT', `/announcements/${created.id}`, { token: superUser.token, body: { priority: 4 } }), 'priority');
      expectInvalid(await t.call('PUT', `/announcements/${created.id}`, { token: superUser.token, body: {} }), 'payload');
    });

    it('refuses every change to an admin of another company (403 ERR_NO_PERMISSION), and anonymous calls', async () => {
      const created = await createAnnouncement();
      const admin = other.admin.token;
      expectError(await t.call('POST', '/announcements', { token: admin, body: { title: 'Mine', text: 'x' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/announcements/${created.id}`, { token: admin, body: { title: 'Hijacked' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/announcements/${created.id}`, { token: admin }), 403, 'ERR_NO_PERMISSION');
      expectError(await upload(admin, created.id, 'a.png', SAMPLES.png()), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/announcements/${created.id}/media-upload`, { token: admin }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', '/announcements', { token: agent.token, body: { title: 'Mine', text: 'x' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('GET', '/announcements'), 401, 'ERR_UNAUTHENTICATED');
      expect((await t.call('GET', `/announcements/${created.id}`, { token: admin })).body).to.deep.equal(created);
    });
  });

  describe('reading', () => {
    it('a plain user sees only the active ones, highest priority then newest first; super users see all', async () => {
      const prefix = unique('Order ');
      const low = await createAnnouncement({ title: `${prefix} low`, priority: 3 });
      const high = await createAnnouncement({ title: `${prefix} high`, priority: 1 });
      const medium = await createAnnouncement({ title: `${prefix} medium`, priority: 2 });
      const newerHigh = await createAnnouncement({ title: `${prefix} newer high`, priority: 1 });
      const hidden = await createAnnouncement({ title: `${prefix} hidden`, priority: 1, status: false });

      const byAgent = await search(prefix, agent.token);
      expect(byAgent.status).to.equal(200);
      expect(titles(byAgent.body.records)).to.deep.equal([newerHigh.title, high.title, medium.title, low.title]);
      expect(byAgent.body).to.include({ count: 4, hasMore: false });
      expectError(await t.call('GET', `/announcements/${hidden.id}`, { token: agent.token }), 404, 'ERR_NO_ANNOUNCEMENT_FOUND');
      expect((await t.call('GET', `/announcements/${low.id}`, { token: agent.token })).body).to.deep.equal(low);

      const bySuper = await search(prefix, superUser.token);
      expect(titles(bySuper.body.records)).to.deep.equal([hidden.title, newerHigh.title, high.title, medium.title, low.title]);
      expect((await t.call('GET', `/announcements/${hidden.id}`, { token: superUser.token })).body.status).to.equal(false);
    });

    it('searches the title, case-insensitively', async () => {
      const word = unique('Holiday');
      const match = await createAnnouncement({ title: `Office closed: ${word}` });
      await createAnnouncement({ title: unique('Unrelated '), text: `mentions ${word} only in the text` });
      const found = await search(word.toUpperCase(), agent.token);
      expect(found.body.records.map((r: Announcement) => r.id)).to.deep.equal([match.id]);
      expect((await search('no-such-announcement', agent.token)).body).to.deep.equal({ records: [], count: 0, hasMore: false });
    });

    it('pages 20 at a time and validates the page number', async () => {
      const prefix = unique('Paged ');
      for (let i = 0; i < 21; i += 1) await createAnnouncement({ title: `${prefix} ${String(i).padStart(2, '0')}` });
      const newestFirst = Array.from({ length: 21 }, (_, i) => `${prefix} ${String(20 - i).padStart(2, '0')}`);
      const first = await search(prefix, agent.token);
      expect(first.body).to.include({ count: 21, hasMore: true });
      expect(titles(first.body.records)).to.deep.equal(newestFirst.slice(0, 20));
      const second = await search(prefix, agent.token, 2);
      expect(second.body).to.include({ count: 21, hasMore: false });
      expect(titles(second.body.records)).to.deep.equal(newestFirst.slice(20));
      expectInvalid(await t.call('GET', '/announcements?pageNumber=0', { token: agent.token }), 'pageNumber');
    });
  });

  describe('attachments', () => {
    const folder = () => superUser.user.companyId;

    it("stores a png in the super user's company folder and serves it; a new image replaces it", async () => {
      const created = await createAnnouncement();
      const first = await upload(superUser.token, created.id, 'new menu.png', SAMPLES.png(300));
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body).to.include({ id: created.id, mediaName: 'new_menu.png' });
      expect(first.body.mediaPath).to.match(/^[0-9a-f]{32}\.png$/);
      expect(first.body.mediaUrl).to.match(new RegExp(`^/public/${folder()}/${first.body.mediaPath}\\?expires=\\d+&signature=`));
      const served = await fetch(`${t.url}${first.body.mediaUrl}`);
      expect(served.headers.get('content-type')).to.equal('image/png');
      expect(Buffer.from(await served.arrayBuffer())).to.deep.equal(SAMPLES.png(300));
      expect((await t.call('GET', `/announcements/${created.id}`, { token: agent.token })).body.mediaUrl).to.equal(first.body.mediaUrl);

      const second = await upload(superUser.token, created.id, 'photo.jpeg', SAMPLES.jpeg());
      expect(second.status, JSON.stringify(second.body)).to.equal(200);
      expect(await readFile(mediaFilePath(folder(), second.body.mediaPath))).to.deep.equal(SAMPLES.jpeg());
      await expectFileGone(mediaFilePath(folder(), first.body.mediaPath));
    });

    it('refuses anything but png/jpg/jpeg images by content (400), and images over the image limit (413)', async () => {
      const created = await createAnnouncement();
      expectError(await upload(superUser.token, created.id, 'terms.pdf', SAMPLES.pdf()), 400, 'ERR_INVALID_MEDIA');
      expectError(await upload(superUser.token, created.id, 'fake.png', SAMPLES.pdf()), 400, 'ERR_INVALID_MEDIA');
      expectError(await upload(superUser.token, created.id, 'sticker.webp', SAMPLES.webp()), 400, 'ERR_INVALID_MEDIA');
      expectError(await upload(superUser.token, created.id, 'huge.png', SAMPLES.png(UPLOAD_LIMITS.image + 1)), 413, 'ERR_MEDIA_TOO_LARGE');
      expectError(await upload(superUser.token, MISSING_ID, 'a.png', SAMPLES.png()), 404, 'ERR_NO_ANNOUNCEMENT_FOUND');
      expect((await t.call('GET', `/announcements/${created.id}`, { token: superUser.token })).body.mediaPath).to.equal(null);
    });

    it('DELETE /announcements/{id}/media-upload removes the attachment and its file', async () => {
      const created = await createAnnouncement();
      const uploaded = (await upload(superUser.token, created.id, 'a.png', SAMPLES.png())).body;
      expect((await t.call('DELETE', `/announcements/${created.id}/media-upload`, { token: superUser.token })).status).to.equal(204);
      const after = (await t.call('GET', `/announcements/${created.id}`, { token: superUser.token })).body;
      expect(after).to.include({ mediaPath: null, mediaName: null, mediaUrl: null });
      await expectFileGone(mediaFilePath(folder(), uploaded.mediaPath));
      expect((await fetch(`${t.url}${uploaded.mediaUrl}`)).status).to.equal(404);
    });

    it('deleting an announcement removes its file', async () => {
      const created = await createAnnouncement();
      const uploaded = (await upload(superUser.token, created.id, 'a.jpg', SAMPLES.jpeg())).body;
      expect(uploaded.mediaPath).to.match(/\.jpg$/);
      expect((await t.call('DELETE', `/announcements/${created.id}`, { token: superUser.token })).status).to.equal(204);
      await expectFileGone(mediaFilePath(folder(), uploaded.mediaPath));
    });
  });

  describe('shared client and realtime', () => {
    it('runs every call through the typed client; every company hears create, update and delete', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
      const elsewhere = await listen(t, other.adminEmail, other.password, 'announcement');
      const member = await listen(t, agent.email, 'member-pass', 'announcement');
      try {
        const events = (list: typeof elsewhere) => list.events as unknown as AnnouncementEvent[];
        const record = await api.announcements.create({ title: unique('Client '), text: 'From the client', priority: 2 });
        const created = await waitFor(events(elsewhere), (e) => e.action === 'create' && e.record.id === record.id);
        expect(created).to.deep.equal({ action: 'create', record });
        await waitFor(events(member), (e) => e.action === 'create' && e.record.id === record.id);

        expect(await api.announcements.get(record.id)).to.deep.equal(record);
        const updated = await api.announcements.update(record.id, { status: false });
        expect(updated.status).to.equal(false);
        expect(await waitFor(events(elsewhere), (e) => e.action === 'update' && e.record.id === record.id)).to.deep.equal({ action: 'update', record: updated });
        expect((await api.announcements.page({ searchParam: record.title })).records.map((r) => r.id)).to.deep.equal([record.id]);

        const attached = await api.announcements.uploadMedia(record.id, new Blob([SAMPLES.png()]), 'banner 1.png');
        expect(attached).to.include({ mediaName: 'banner_1.png' });
        await waitFor(events(elsewhere), (e) => e.action === 'update' && e.record.mediaName === 'banner_1.png');
        await api.announcements.removeMedia(record.id);
        await api.announcements.remove(record.id);
        expect(await waitFor(events(elsewhere), (e) => e.action === 'delete')).to.deep.equal({ action: 'delete', id: record.id });
        await waitFor(events(member), (e) => e.action === 'delete' && e.id === record.id);
      } finally {
        await Promise.all([elsewhere.client.disconnect(), member.client.disconnect()]);
      }
    });
  });
});
