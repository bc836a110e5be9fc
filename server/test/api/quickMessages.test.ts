import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createApiClient, memorySession } from '@atende/shared/client';
import { mediaFilePath } from '../../src/platform/uploads.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { expectFileGone, postMultipart, SAMPLES } from '../support/backofficeFixtures.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';

describe('quick messages', () => {
  let t: TestApp;
  let dataDir: string;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let colleague: Session & { email: string };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-quick-'));
    t = await startTestApp('quickMessages', { ATENDE_DATA_DIR: dataDir });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    colleague = await createMember(t, tenant, 'supervisor');
  });
  after(async () => {
    await t?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/quick-messages', { token, body });
  const codes = (records: { shortcode: string }[]) => records.map((r) => r.shortcode);

  let shared: { id: string };
  let agentOwn: { id: string };
  let colleagueOwn: { id: string };

  describe('creating', () => {
    it('creates personal quick messages for any member and shared (geral) ones for admins', async () => {
      const answer = await create({ shortcode: 'hello', message: 'Hello {{name}}!', geral: true });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ shortcode: 'hello', message: 'Hello {{name}}!', geral: true, userId: tenant.admin.user.id, companyId: tenant.companyId, isMedia: false, mediaPath: null, mediaName: null, mediaUrl: null });
      shared = answer.body;
      agentOwn = (await create({ shortcode: 'bye', message: 'Bye!' }, agent.token)).body;
      expect(agentOwn).to.include({ geral: false, userId: agent.user.id });
      colleagueOwn = (await create({ shortcode: 'bye', message: 'See you' }, colleague.token)).body;
      expect(colleagueOwn).to.include({ shortcode: 'bye', userId: colleague.user.id });
      expectError(await create({ shortcode: 'team', geral: true }, agent.token), 403, 'ERR_NO_PERMISSION');
    });

    it('requires the shortcode and bounds the texts', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ message: 'no code' }, 'shortcode', 'any.required'],
        [{ shortcode: '   ' }, 'shortcode', 'string.empty'],
        [{ shortcode: 'x'.repeat(51) }, 'shortcode', 'string.max'],
        [{ shortcode: 'long', message: 'x'.repeat(4097) }, 'message', 'string.max'],
        [{ shortcode: 'flag', geral: 'maybe' }, 'geral', 'boolean.base'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await create(body, agent.token);
        expectInvalid(answer, field);
        expect(answer.body.rule, field).to.equal(rule);
      }
    });

    it('refuses a shortcode the owner already has, or a shared one has (409 ERR_DUPLICATED_SHORTCODE)', async () => {
      expectError(await create({ shortcode: 'bye' }, agent.token), 409, 'ERR_DUPLICATED_SHORTCODE');
      expectError(await create({ shortcode: 'hello' }, agent.token), 409, 'ERR_DUPLICATED_SHORTCODE');
      // A shared shortcode must be free company-wide.
      expectError(await create({ shortcode: 'bye', geral: true }), 409, 'ERR_DUPLICATED_SHORTCODE');
      expect((await create({ shortcode: 'hello' }, other.admin.token)).status).to.equal(201);
    });
  });

  describe('reading', () => {
    it("GET /quick-messages pages a user's own plus the shared ones; admins see all, or one user's view", async () => {
      const byAgent = await t.call('GET', '/quick-messages', { token: agent.token });
      expect(byAgent.status).to.equal(200);
      expect(codes(byAgent.body.records)).to.deep.equal(['bye', 'hello']);
      expect(byAgent.body.records.map((r: { id: string }) => r.id)).to.deep.equal([agentOwn.id, shared.id]);
      expect(byAgent.body).to.include({ count: 2, hasMore: false });
      const byAdmin = await t.call('GET', '/quick-messages', { token: admin() });
      expect(byAdmin.body.count).to.equal(3);
      const agentView = await t.call('GET', `/quick-messages?userId=${agent.user.id}`, { token: admin() });
      expect(agentView.body.records.map((r: { id: string }) => r.id)).to.deep.equal([agentOwn.id, shared.id]);
      const ignored = await t.call('GET', `/quick-messages?userId=${colleague.user.id}`, { token: agent.token });
      expect(ignored.body.records.map((r: { id: string }) => r.id)).to.deep.equal([agentOwn.id, shared.id]);
      const search = await t.call('GET', '/quick-messages?searchParam=see%20YOU', { token: admin() });
      expect(search.body.records.map((r: { id: string }) => r.id)).to.deep.equal([colleagueOwn.id]);
      expectInvalid(await t.call('GET', '/quick-messages?userId=me', { token: admin() }), 'userId');
    });

    it('GET /quick-messages/list answers the composer suggestions: own plus shared', async () => {
      const list = await t.call('GET', `/quick-messages/list?companyId=${tenant.companyId}&userId=${agent.user.id}`, { token: agent.token });
      expect(list.status).to.equal(200);
      expect(list.body.map((r: { id: string }) => r.id)).to.deep.equal([agentOwn.id, shared.id]);
      const forged = await t.call('GET', `/quick-messages/list?userId=${colleague.user.id}`, { token: agent.token });
      expect(forged.body.map((r: { id: string }) => r.id)).to.deep.equal([agentOwn.id, shared.id]);
      const adminFor = await t.call('GET', `/quick-messages/list?userId=${colleague.user.id}`, { token: admin() });
      expect(adminFor.body.map((r: { id: string }) => r.id)).to.deep.equal([colleagueOwn.id, shared.id]);
      const foreign = await t.call('GET', '/quick-messages/list', { token: other.admin.token });
      expect(codes(foreign.body)).to.deep.equal(['hello']);
    });

    it("GET /quick-messages/{id}: own, shared, or any for admins; another user's personal one or another company's is not found", async () => {
      expect((await t.call('GET', `/quick-messages/${shared.id}`, { token: agent.token })).body.shortcode).to.equal('hello');
      expect((await t.call('GET', `/quick-messages/${agentOwn.id}`, { token: admin() })).status).to.equal(200);
      expectError(await t.call('GET', `/quick-messages/${colleagueOwn.id}`, { token: agent.token }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
      expectError(await t.call('GET', `/quick-messages/${shared.id}`, { token: other.admin.token }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
      expectError(await t.call('GET', `/quick-messages/${MISSING_ID}`, { token: admin() }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
    });
  });

  describe('editing', () => {
    it('a user edits their own; shared ones and other users are off limits; admins edit any', async () => {
      const own = await t.call('PUT', `/quick-messages/${agentOwn.id}`, { token: agent.token, body: { message: 'Goodbye!' } });
      expect(own.status, JSON.stringify(own.body)).to.equal(200);
      expect(own.body.message).to.equal('Goodbye!');
      expectError(await t.call('PUT', `/quick-messages/${shared.id}`, { token: agent.token, body: { message: 'Hacked' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/quick-messages/${shared.id}`, { token: colleague.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/quick-messages/${colleagueOwn.id}`, { token: agent.token, body: { message: 'x' } }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
      expectError(await t.call('PUT', `/quick-messages/${agentOwn.id}`, { token: agent.token, body: { geral: true } }), 403, 'ERR_NO_PERMISSION');
      const byAdmin = await t.call('PUT', `/quick-messages/${colleagueOwn.id}`, { token: admin(), body: { message: 'See you soon' } });
      expect(byAdmin.body).to.include({ message: 'See you soon', userId: colleague.user.id });
      expectError(await t.call('PUT', `/quick-messages/${shared.id}`, { token: other.admin.token, body: { message: 'x' } }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
    });

    it('keeps shortcodes unique on edit, and accepts the whole record back', async () => {
      expectError(await t.call('PUT', `/quick-messages/${agentOwn.id}`, { token: agent.token, body: { shortcode: 'hello' } }), 409, 'ERR_DUPLICATED_SHORTCODE');
      expectError(await t.call('PUT', `/quick-messages/${colleagueOwn.id}`, { token: admin(), body: { geral: true } }), 409, 'ERR_DUPLICATED_SHORTCODE');
      const current = (await t.call('GET', `/quick-messages/${agentOwn.id}`, { token: agent.token })).body;
      const same = await t.call('PUT', `/quick-messages/${agentOwn.id}`, { token: agent.token, body: { ...current, shortcode: 'bye' } });
      expect(same.status, JSON.stringify(same.body)).to.equal(200);
      expect(same.body.userId).to.equal(agent.user.id);
      expectInvalid(await t.call('PUT', `/quick-messages/${agentOwn.id}`, { token: agent.token, body: { shortcode: '' } }), 'shortcode');
    });
  });

  describe('status, allow-view and allow-edit', () => {
    const ids = (records: { id: string }[]) => records.map((r) => r.id);
    const suggestions = async (token: string) => ids((await t.call('GET', '/quick-messages/list', { token })).body);
    const listed = async (token: string) => ids((await t.call('GET', '/quick-messages?searchParam=flag', { token })).body.records);

    it('an inactive one stays on the page but is not offered in the composer', async () => {
      const created = await create({ shortcode: 'flag-off', message: 'Not now', status: false }, agent.token);
      expect(created.body).to.include({ status: false, allowView: false, allowEdit: false });
      expect(await listed(agent.token)).to.include(created.body.id);
      expect(await suggestions(agent.token)).to.not.include(created.body.id);
      await t.call('PUT', `/quick-messages/${created.body.id}`, { token: agent.token, body: { status: true } });
      expect(await suggestions(agent.token)).to.include(created.body.id);
    });

    it('allowView lets colleagues see and use a personal one, read-only; allowEdit lets them edit it, never its flags or delete it', async () => {
      const own = (await create({ shortcode: 'flag-view', message: 'Mine' }, agent.token)).body;
      expect(await suggestions(colleague.token)).to.not.include(own.id);
      expectError(await t.call('GET', `/quick-messages/${own.id}`, { token: colleague.token }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');

      const peer = await listen(t, colleague.email, 'member-pass', 'quickmessage');
      await t.call('PUT', `/quick-messages/${own.id}`, { token: agent.token, body: { allowView: true } });
      await waitFor(peer.events, (e) => e.action === 'update' && (e.quickMessage as { id: string }).id === own.id);
      expect(await suggestions(colleague.token)).to.include(own.id);
      expect(await listed(colleague.token)).to.include(own.id);
      expectError(await t.call('PUT', `/quick-messages/${own.id}`, { token: colleague.token, body: { message: 'Ours' } }), 403, 'ERR_NO_PERMISSION');
      expect(await suggestions(other.admin.token)).to.not.include(own.id);

      await t.call('PUT', `/quick-messages/${own.id}`, { token: agent.token, body: { allowEdit: true } });
      const edited = await t.call('PUT', `/quick-messages/${own.id}`, { token: colleague.token, body: { message: 'Ours' } });
      expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
      expect(edited.body).to.include({ message: 'Ours', userId: agent.user.id });
      expectError(await t.call('PUT', `/quick-messages/${own.id}`, { token: colleague.token, body: { allowView: false } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/quick-messages/${own.id}`, { token: colleague.token, body: { status: false } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/quick-messages/${own.id}`, { token: colleague.token }), 403, 'ERR_NO_PERMISSION');

      await t.call('PUT', `/quick-messages/${own.id}`, { token: agent.token, body: { allowView: false } });
      expect(await suggestions(colleague.token)).to.not.include(own.id);
      expectError(await t.call('PUT', `/quick-messages/${own.id}`, { token: colleague.token, body: { message: 'x' } }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
      await peer.client.disconnect();
    });

    it('a shared one with allowEdit is editable by every colleague; without it only by admins', async () => {
      const open = (await create({ shortcode: 'flag-shared', message: 'All', geral: true, allowEdit: true })).body;
      const edited = await t.call('PUT', `/quick-messages/${open.id}`, { token: agent.token, body: { message: 'All of us' } });
      expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
      expectError(await t.call('PUT', `/quick-messages/${open.id}`, { token: agent.token, body: { allowEdit: false } }), 403, 'ERR_NO_PERMISSION');
      await t.call('PUT', `/quick-messages/${open.id}`, { token: admin(), body: { allowEdit: false } });
      expectError(await t.call('PUT', `/quick-messages/${open.id}`, { token: agent.token, body: { message: 'x' } }), 403, 'ERR_NO_PERMISSION');
    });
  });

  describe('attachments', () => {
    it('POST /quick-messages/{id}/media-upload stores the file and replaces the previous one', async () => {
      const first = await postMultipart(t, agent.token, `/quick-messages/${agentOwn.id}/media-upload`, { typeArch: 'quickMessage' }, { file: { name: 'price list.pdf', bytes: SAMPLES.pdf(500), type: 'application/pdf' } });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body).to.include({ isMedia: true, mediaName: 'price_list.pdf' });
      expect(first.body.mediaPath).to.match(/^[0-9a-f]{32}\.pdf$/);
      expect(first.body.mediaUrl).to.match(new RegExp(`^/public/${tenant.companyId}/${first.body.mediaPath}\\?expires=\\d+&signature=`));
      const served = await fetch(`${t.url}${first.body.mediaUrl}`);
      expect(served.headers.get('content-type')).to.equal('application/pdf');
      expect(Buffer.from(await served.arrayBuffer())).to.deep.equal(SAMPLES.pdf(500));

      const second = await postMultipart(t, agent.token, `/quick-messages/${agentOwn.id}/media-upload`, {}, { file: { name: 'voice.ogg', bytes: SAMPLES.ogg(), type: 'audio/ogg' } });
      expect(second.status).to.equal(200);
      expect(second.body.mediaName).to.equal('voice.ogg');
      expect(await readFile(mediaFilePath(tenant.companyId, second.body.mediaPath))).to.deep.equal(SAMPLES.ogg());
      await expectFileGone(mediaFilePath(tenant.companyId, first.body.mediaPath));
    });

    it('refuses bad media, and files on quick messages the user may not edit', async () => {
      const bad = await postMultipart(t, agent.token, `/quick-messages/${agentOwn.id}/media-upload`, {}, { file: { name: 'x.jpg', bytes: SAMPLES.pdf() } });
      expectError(bad, 400, 'ERR_INVALID_MEDIA');
      const denied = await postMultipart(t, agent.token, `/quick-messages/${shared.id}/media-upload`, {}, { file: { name: 'x.png', bytes: SAMPLES.png() } });
      expectError(denied, 403, 'ERR_NO_PERMISSION');
      const foreign = await postMultipart(t, other.admin.token, `/quick-messages/${agentOwn.id}/media-upload`, {}, { file: { name: 'x.png', bytes: SAMPLES.png() } });
      expectError(foreign, 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
      expectError(await t.call('DELETE', `/quick-messages/${agentOwn.id}/media-upload`, { token: other.admin.token }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
    });

    it('DELETE /quick-messages/{id}/media-upload removes the attachment and its file', async () => {
      const before = (await t.call('GET', `/quick-messages/${agentOwn.id}`, { token: agent.token })).body;
      expect((await t.call('DELETE', `/quick-messages/${agentOwn.id}/media-upload`, { token: agent.token })).status).to.equal(204);
      const after = (await t.call('GET', `/quick-messages/${agentOwn.id}`, { token: agent.token })).body;
      expect(after).to.include({ isMedia: false, mediaPath: null, mediaName: null, mediaUrl: null });
      await expectFileGone(mediaFilePath(tenant.companyId, before.mediaPath));
      expect((await fetch(`${t.url}${before.mediaUrl}`)).status).to.equal(404);
    });

    it('deleting a quick message deletes its file', async () => {
      const temp = (await create({ shortcode: 'temp' }, agent.token)).body;
      const uploaded = await postMultipart(t, agent.token, `/quick-messages/${temp.id}/media-upload`, {}, { file: { name: 'a.png', bytes: SAMPLES.png() } });
      expect((await t.call('DELETE', `/quick-messages/${temp.id}`, { token: agent.token })).status).to.equal(204);
      await expectFileGone(mediaFilePath(tenant.companyId, uploaded.body.mediaPath));
      expectError(await t.call('GET', `/quick-messages/${temp.id}`, { token: agent.token }), 404, 'ERR_NO_QUICK_MESSAGE_FOUND');
    });
  });

  describe('shared client and realtime', () => {
    it('runs every call through the typed client; personal events reach only their owner and admins', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: agent.email, password: 'member-pass' });
      const owner = await listen(t, agent.email, 'member-pass', 'quickmessage');
      const boss = await listen(t, tenant.adminEmail, tenant.password, 'quickmessage');
      const peer = await listen(t, colleague.email, 'member-pass', 'quickmessage');
      try {
        const record = await api.quickMessages.create({ shortcode: 'client', message: 'From the client' });
        expect((await waitFor(owner.events, (e) => e.action === 'create')).quickMessage).to.deep.equal(record);
        await waitFor(boss.events, (e) => e.action === 'create');
        expect((await api.quickMessages.get(record.id)).shortcode).to.equal('client');
        expect((await api.quickMessages.update(record.id, { message: 'Changed' })).message).to.equal('Changed');
        expect((await api.quickMessages.page({ searchParam: 'client' })).records.map((r) => r.id)).to.deep.equal([record.id]);
        expect((await api.quickMessages.list()).map((r) => r.id)).to.include(record.id);
        const attached = await api.quickMessages.uploadMedia(record.id, new Blob([SAMPLES.jpeg()]), 'photo 1.jpg');
        expect(attached).to.include({ isMedia: true, mediaName: 'photo_1.jpg' });
        await api.quickMessages.removeMedia(record.id);
        await api.quickMessages.remove(record.id);
        await waitFor(owner.events, (e) => e.action === 'delete' && e.quickMessageId === record.id);
        await waitFor(boss.events, (e) => e.action === 'delete');
        await settle();
        expect(peer.events).to.deep.equal([]);
        // Shared ones reach everyone.
        await t.call('PUT', `/quick-messages/${shared.id}`, { token: admin(), body: { message: 'Hello again' } });
        expect((await waitFor(peer.events, (e) => e.action === 'update')).quickMessage).to.include({ id: shared.id, message: 'Hello again' });
      } finally {
        await Promise.all([owner.client.disconnect(), boss.client.disconnect(), peer.client.disconnect()]);
      }
    });
  });
});
