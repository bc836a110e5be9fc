import { expect } from 'chai';
import { listen } from '../support/realtimeFixtures.js';
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import type { InboundMessage, OutboundMessage, Provider } from '../../src/channels/provider.js';
import { SandboxDeviceModel, SandboxMessageModel } from '../../src/channels/sandbox/model.js';
import { AppError } from '../../src/platform/errors.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { connectedSandbox, createConnection, startChannelTestApp, waitFor, waitForStatus, type ChannelTestApp } from '../support/whatsappFixtures.js';

/** The inbound pipeline's place, taken by a double that records (the database stays real). */
interface Delivered {
  companyId: string;
  whatsappId: string;
  message: InboundMessage;
}
interface Acked {
  whatsappId: string;
  providerMessageId: string;
  ack: number;
}

const ACK_MS = 150;

function outbound(to: string, body: string, extra: Partial<OutboundMessage> = {}): OutboundMessage {
  return { localId: `local:${Math.random()}`, to: { id: to, isGroup: false }, body, ...extra };
}

describe('sandbox channel (simulated phone, /api/sandbox)', () => {
  let t: ChannelTestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let delivered: Delivered[];
  let acked: Acked[];
  let refuseInbound: Error | null = null;
  const opened: RealtimeClient[] = [];

  const channels = {
    handlers: {
      async inbound(companyId: string, whatsappId: string, message: InboundMessage) {
        if (refuseInbound) throw refuseInbound;
        delivered.push({ companyId, whatsappId, message });
      },
      async ack(_companyId: string, whatsappId: string, providerMessageId: string, ack: number) {
        acked.push({ whatsappId, providerMessageId, ack });
      },
    },
    sandbox: { ackMs: ACK_MS },
  };

  before(async () => {
    delivered = [];
    acked = [];
    t = await startChannelTestApp('sandbox', { channels });
    superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser);
    expect((await t.call('PUT', `/plans/${plan.id}`, { token: superUser.token, body: { connections: 20 } })).status).to.equal(200);
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    agent = await createMember(t, tenant, 'user');
  });
  after(async () => {
    for (const client of opened) await client.disconnect();
    await t?.stop();
  });

  function provider(whatsappId: string): Provider {
    const live = t.app.channels.sessions.provider(whatsappId);
    if (!live) throw new Error(`no live provider for ${whatsappId}`);
    return live;
  }

  async function outboxOf(whatsappId: string, query = ''): Promise<{ messages: Record<string, any>[]; hasMore: boolean }> {
    const answer = await t.call('GET', `/sandbox/${whatsappId}/outbox${query}`, { token: tenant.admin.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body;
  }

  async function watch(email: string, password: string, channel: string): Promise<RealtimeEvent[]> {
    const { events, client } = await listen(t, email, password, channel);
    opened.push(client);
    return events;
  }

  describe('POST /sandbox/{whatsappId}/pair', () => {
    it('checks the QR token when given, takes the number given or draws one', async () => {
      const created = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      const shown = await waitForStatus(t, tenant.admin, created.id, 'qrcode');
      const wrong = await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token, body: { token: 'atende-sandbox:forged' } });
      expectInvalid(wrong, 'token');
      const paired = await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token, body: { token: shown.qrcode } });
      expect(paired.body.status).to.equal('CONNECTED');
      expect(paired.body.number).to.match(/^55\d{2}9\d{8}$/);
      // Pairing again is harmless.
      expect((await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token })).body.number).to.equal(paired.body.number);
    });

    it('needs a started session (ERR_WAPP_NOT_INITIALIZED), a sandbox connection (ERR_SANDBOX_ONLY), an admin of the company', async () => {
      const created = await connectedSandbox(t, tenant.admin);
      await t.call('DELETE', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expectError(await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token }), 400, 'ERR_WAPP_NOT_INITIALIZED');
      const beta = await createConnection(t, tenant.admin, { provider: 'beta' });
      expectError(await t.call('POST', `/sandbox/${beta.id}/pair`, { token: tenant.admin.token }), 400, 'ERR_SANDBOX_ONLY');
      expectError(await t.call('POST', `/sandbox/${created.id}/pair`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', `/sandbox/${created.id}/pair`, { token: other.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      expectError(await t.call('POST', `/sandbox/${MISSING_ID}/pair`, { token: tenant.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      expectInvalid(await t.call('POST', '/sandbox/nope/pair', { token: tenant.admin.token }), 'whatsappId');
      expectInvalid(await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token, body: { number: '12' } }), 'number');
    });
  });

  describe('POST /sandbox/{whatsappId}/messages (a customer writes)', () => {
    let line: Record<string, any>;
    before(async () => {
      line = await connectedSandbox(t, tenant.admin, {}, '5511900000001');
    });

    it('hands the message to the inbound handler and answers its provider id', async () => {
      delivered = [];
      const answer = await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body: { from: '+55 (11) 97777-0001', name: 'Maria', body: 'Oi, tudo bem?' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body.providerMessageId).to.match(/^sandbox:[0-9a-f]{20}$/);
      expect(delivered).to.have.length(1);
      const { companyId, whatsappId, message } = delivered[0]!;
      expect([companyId, whatsappId]).to.deep.equal([tenant.companyId, line.id]);
      expect(message).to.deep.include({
        providerMessageId: answer.body.providerMessageId,
        chat: { id: '5511977770001', name: 'Maria', isGroup: false },
        sender: { number: '5511977770001', name: 'Maria' },
        fromMe: false,
        body: 'Oi, tudo bem?',
        mediaType: 'chat',
      });
      expect(message.timestamp).to.be.instanceOf(Date);
      expect(message.media).to.equal(undefined);
    });

    it('keeps a given provider id (a replayed delivery), quotes, group messages with a stable group id', async () => {
      delivered = [];
      const replay = { from: '5511977770002', body: 'same', providerMessageId: 'WAMID-REPLAY-1', quotedProviderMessageId: 'sandbox:abc' };
      for (let i = 0; i < 2; i += 1) {
        const answer = await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body: replay });
        expect(answer.body.providerMessageId).to.equal('WAMID-REPLAY-1');
      }
      expect(delivered.map((d) => d.message.providerMessageId)).to.deep.equal(['WAMID-REPLAY-1', 'WAMID-REPLAY-1']);
      expect(delivered[0]!.message.quotedProviderMessageId).to.equal('sandbox:abc');

      delivered = [];
      for (const from of ['5511977770003', '5511977770004']) {
        await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body: { from, name: 'Ana', body: 'in the group', isGroup: true, groupName: 'Família' } });
      }
      const [first, second] = delivered.map((d) => d.message);
      expect(first!.chat).to.include({ name: 'Família', isGroup: true });
      expect(first!.chat.id).to.match(/^120363\d{12}$/).and.equal(second!.chat.id);
      expect([first!.sender.number, second!.sender.number]).to.deep.equal(['5511977770003', '5511977770004']);
    });

    it('carries media as bytes, its kind from the MIME type unless given', async () => {
      delivered = [];
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const answer = await t.call('POST', `/sandbox/${line.id}/messages`, {
        token: tenant.admin.token,
        body: { from: '5511977770005', media: { data: png.toString('base64'), mimeType: 'image/png', fileName: 'photo.png' } },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      const message = delivered[0]!.message;
      expect(message.mediaType).to.equal('image');
      expect(message.body).to.equal('');
      expect(message.media?.mimeType).to.equal('image/png');
      expect(message.media?.fileName).to.equal('photo.png');
      expect(Buffer.compare(message.media!.bytes, png)).to.equal(0);
      await t.call('POST', `/sandbox/${line.id}/messages`, {
        token: tenant.admin.token,
        body: { from: '5511977770005', body: 'voice', mediaType: 'audio', media: { data: png.toString('base64'), mimeType: 'application/octet-stream', fileName: 'a.ogg' } },
      });
      expect(delivered[1]!.message.mediaType).to.equal('audio');
    });

    it('validates the message (sender, text or media, media kinds, groups, base64)', async () => {
      const media = { data: Buffer.from('x').toString('base64'), mimeType: 'image/png', fileName: 'x.png' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ body: 'no sender' }, 'from', 'any.required'],
        [{ from: '12', body: 'short number' }, 'from', 'string.min'],
        [{ from: 'abc', body: 'letters' }, 'from', 'string.pattern.base'],
        [{ from: '5511977770006' }, 'body', 'any.required'],
        [{ from: '5511977770006', body: '' }, 'body', 'string.empty'],
        [{ from: '5511977770006', mediaType: 'image' }, 'media', 'any.required'],
        [{ from: '5511977770006', body: 'x', mediaType: 'chat', media }, 'media', 'any.unknown'],
        [{ from: '5511977770006', body: 'x', mediaType: 'gif' }, 'mediaType', 'any.only'],
        [{ from: '5511977770006', body: 'x', isGroup: true }, 'groupName', 'any.required'],
        [{ from: '5511977770006', body: 'x', groupName: 'no group' }, 'groupName', 'any.unknown'],
        [{ from: '5511977770006', media: { ...media, data: '***' } }, 'media.data', 'string.base64'],
        [{ from: '5511977770006', media: { ...media, mimeType: 'png' } }, 'media.mimeType', 'string.pattern.base'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body });
        expectInvalid(answer, field);
        expect(answer.body.rule, field).to.equal(rule);
      }
    });

    it('answers the handler failure (nothing acknowledged before it is stored)', async () => {
      refuseInbound = new AppError('ERR_CREATING_MESSAGE');
      try {
        expectError(await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body: { from: '5511977770007', body: 'lost?' } }), 400, 'ERR_CREATING_MESSAGE');
      } finally {
        refuseInbound = null;
      }
    });

    it('refuses when the phone is not paired (ERR_WAPP_NOT_CONNECTED), other providers, other roles and companies', async () => {
      const waiting = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      await waitForStatus(t, tenant.admin, waiting.id, 'qrcode');
      const body = { from: '5511977770008', body: 'hello?' };
      expectError(await t.call('POST', `/sandbox/${waiting.id}/messages`, { token: tenant.admin.token, body }), 409, 'ERR_WAPP_NOT_CONNECTED');
      const beta = await createConnection(t, tenant.admin, { provider: 'beta' });
      expectError(await t.call('POST', `/sandbox/${beta.id}/messages`, { token: tenant.admin.token, body }), 400, 'ERR_SANDBOX_ONLY');
      expectError(await t.call('POST', `/sandbox/${line.id}/messages`, { token: agent.token, body }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', `/sandbox/${line.id}/messages`, { token: other.admin.token, body }), 404, 'ERR_NO_WAPP_FOUND');
      // A super user may drive any company's sandbox.
      expect((await t.call('POST', `/sandbox/${line.id}/messages`, { token: superUser.token, body })).status).to.equal(201);
    });
  });

  describe('outbound: what the customers receive', () => {
    let line: Record<string, any>;
    before(async () => {
      line = await connectedSandbox(t, tenant.admin);
    });

    it('records a send in the outbox and moves its ack 1 -> 2 -> 3, reported to the ack handler and on the sandbox channel', async () => {
      const adminEvents = await watch(tenant.adminEmail, tenant.password, 'sandbox');
      const agentEvents = await watch(agent.email, 'member-pass', 'sandbox');
      acked = [];
      const sent = await provider(line.id).send(
        outbound('5511966660001', 'Your order shipped', {
          quotedProviderMessageId: 'sandbox:quoted',
          media: { filePath: '/nonexistent/file.pdf', mimeType: 'application/pdf', fileName: 'invoice.pdf', kind: 'document' },
        }),
      );
      expect(sent.providerMessageId).to.match(/^sandbox:[0-9a-f]{20}$/);
      const [entry] = (await outboxOf(line.id, '?to=5511966660001')).messages;
      expect(entry).to.deep.include({
        providerMessageId: sent.providerMessageId,
        to: '5511966660001',
        isGroup: false,
        body: 'Your order shipped',
        quotedProviderMessageId: 'sandbox:quoted',
        ack: 1,
        media: { fileName: 'invoice.pdf', mimeType: 'application/pdf', kind: 'document', asVoiceNote: false, size: null },
      });
      await waitFor(acked, (a) => a.providerMessageId === sent.providerMessageId && a.ack === 3);
      expect(acked.filter((a) => a.providerMessageId === sent.providerMessageId).map((a) => a.ack)).to.deep.equal([2, 3]);
      expect((await outboxOf(line.id, '?to=5511966660001')).messages[0]!.ack).to.equal(3);
      await waitFor(adminEvents, (e) => e.action === 'outbound' && (e.message as { providerMessageId: string }).providerMessageId === sent.providerMessageId);
      await waitFor(adminEvents, (e) => e.action === 'ack' && e.providerMessageId === sent.providerMessageId && e.ack === 3);
      expect(agentEvents).to.deep.equal([]);
    });

    it('POST read: the customer read at once (ack 3), acks never go back', async () => {
      acked = [];
      const sent = await provider(line.id).send(outbound('5511966660002', 'Read me'));
      const read = await t.call('POST', `/sandbox/${line.id}/read`, { token: tenant.admin.token, body: { providerMessageIds: [sent.providerMessageId, 'sandbox:unknown'] } });
      expect(read.status).to.equal(200);
      expect(read.body.messages.map((m: { providerMessageId: string; ack: number }) => [m.providerMessageId, m.ack])).to.deep.equal([[sent.providerMessageId, 3]]);
      await new Promise((resolve) => setTimeout(resolve, ACK_MS * 3));
      expect(acked.filter((a) => a.providerMessageId === sent.providerMessageId).map((a) => a.ack)).to.deep.equal([3]);
      expectInvalid(await t.call('POST', `/sandbox/${line.id}/read`, { token: tenant.admin.token, body: { providerMessageIds: [] } }), 'providerMessageIds');
    });

    it('outbox: filtered by customer, paged with an id cursor or a date', async () => {
      const to = '5511966660003';
      for (const body of ['one', 'two', 'three']) await provider(line.id).send(outbound(to, body));
      const firstPage = await outboxOf(line.id, `?to=${to}&limit=2`);
      expect(firstPage.messages.map((m) => m.body)).to.deep.equal(['one', 'two']);
      expect(firstPage.hasMore).to.equal(true);
      const next = await outboxOf(line.id, `?to=${to}&after=${firstPage.messages[1]!.id}`);
      expect(next.messages.map((m) => m.body)).to.deep.equal(['three']);
      expect(next.hasMore).to.equal(false);
      const byDate = await outboxOf(line.id, `?to=${to}&after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
      expect(byDate.messages).to.deep.equal([]);
      expectInvalid(await t.call('GET', `/sandbox/${line.id}/outbox?after=yesterday`, { token: tenant.admin.token }), 'after');
      expectError(await t.call('GET', `/sandbox/${line.id}/outbox`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('GET', `/sandbox/${line.id}/outbox`, { token: other.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
    });

    it('failures: the next N sends fail, then sending works again', async () => {
      const answer = await t.call('POST', `/sandbox/${line.id}/failures`, { token: tenant.admin.token, body: { count: 2 } });
      expect(answer.body).to.include({ whatsappId: line.id, failNext: 2, paired: true });
      for (let i = 0; i < 2; i += 1) {
        let failure: unknown;
        try {
          await provider(line.id).send(outbound('5511966660004', `attempt ${i}`));
        } catch (err) {
          failure = err;
        }
        expect((failure as AppError | undefined)?.code).to.equal('ERR_SENDING_WAPP_MSG');
      }
      await provider(line.id).send(outbound('5511966660004', 'third time'));
      expect((await outboxOf(line.id, '?to=5511966660004')).messages.map((m) => m.body)).to.deep.equal(['third time']);
      expectInvalid(await t.call('POST', `/sandbox/${line.id}/failures`, { token: tenant.admin.token, body: { count: -1 } }), 'count');
    });

    it('connectivity: an offline phone is TIMEOUT and sends nothing; what customers write is held and replayed when it is back CONNECTED', async () => {
      const offline = await t.call('POST', `/sandbox/${line.id}/connectivity`, { token: tenant.admin.token, body: { online: false } });
      expect(offline.body.online).to.equal(false);
      expect((await t.call('GET', `/whatsapp/${line.id}`, { token: tenant.admin.token })).body.status).to.equal('TIMEOUT');
      let failure: unknown;
      try {
        await provider(line.id).send(outbound('5511966660005', 'lost'));
      } catch (err) {
        failure = err;
      }
      expect((failure as AppError | undefined)?.code).to.equal('ERR_WAPP_NOT_CONNECTED');
      delivered = [];
      const held = await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body: { from: '5511966660005', body: 'written while offline' } });
      expect(held.status).to.equal(202);
      expect(held.body.queued).to.equal(true);
      expect(delivered).to.have.length(0);
      const back = await t.call('POST', `/sandbox/${line.id}/connectivity`, { token: tenant.admin.token, body: { online: true } });
      expect(back.body).to.deep.include({ online: true, queued: 0 });
      expect((await t.call('GET', `/whatsapp/${line.id}`, { token: tenant.admin.token })).body.status).to.equal('CONNECTED');
      expect(delivered.map((d) => [d.message.providerMessageId, d.message.body, d.message.replayed])).to.deep.equal([[held.body.providerMessageId, 'written while offline', true]]);
    });

    it('shared client: pair, send, outbox, read, failures, connectivity', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
      const created = await api.whatsapp.create({ name: 'Client sandbox', provider: 'sandbox' });
      await waitForStatus(t, tenant.admin, created.id, 'qrcode');
      expect((await api.sandbox.pair(created.id, { number: '5511955550000' })).number).to.equal('5511955550000');
      const { providerMessageId } = await api.sandbox.send(created.id, { from: '5511955550001', body: 'via client' });
      expect(delivered.some((d) => d.message.providerMessageId === providerMessageId)).to.equal(true);
      const sent = await provider(created.id).send(outbound('5511955550001', 'reply'));
      const outbox = await api.sandbox.outbox(created.id, { to: '5511955550001' });
      expect(outbox.messages.map((m) => m.providerMessageId)).to.deep.equal([sent.providerMessageId]);
      expect((await api.sandbox.read(created.id, [sent.providerMessageId])).messages[0]!.ack).to.equal(3);
      expect((await api.sandbox.failNext(created.id, 1)).failNext).to.equal(1);
      expect((await api.sandbox.connectivity(created.id, true)).online).to.equal(true);
    });
  });

  describe('deleting a sandbox connection', () => {
    it('ends its session and removes its device and outbox', async () => {
      const line = await connectedSandbox(t, tenant.admin);
      await provider(line.id).send(outbound('5511944440001', 'bye'));
      const scope = { companyId: tenant.companyId, whatsappId: line.id };
      expect(await SandboxDeviceModel.countDocuments(scope)).to.equal(1);
      expect((await t.call('DELETE', `/whatsapp/${line.id}`, { token: tenant.admin.token })).status).to.equal(204);
      expect(t.app.channels.sessions.provider(line.id)).to.equal(undefined);
      expect(await SandboxDeviceModel.countDocuments(scope)).to.equal(0);
      expect(await SandboxMessageModel.countDocuments(scope)).to.equal(0);
    });
  });

  describe('restart: sessions come back', () => {
    it('a paired sandbox is CONNECTED again after a restart, a logged-out one stays DISCONNECTED, pending acks finish', async () => {
      const paired = await connectedSandbox(t, tenant.admin, {}, '5511933330000');
      const loggedOut = await connectedSandbox(t, tenant.admin);
      await t.call('DELETE', `/whatsappsession/${loggedOut.id}`, { token: tenant.admin.token });
      const waiting = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      await waitForStatus(t, tenant.admin, waiting.id, 'qrcode');
      // A message whose acks were on their way when the server went down (no timer of this app runs for it).
      const pending = { providerMessageId: 'sandbox:inflight' };
      await SandboxMessageModel.create({ companyId: tenant.companyId, whatsappId: paired.id, providerMessageId: pending.providerMessageId, to: '5511933330001', body: 'in flight', ack: 1 });

      // Created just before the stop: its session start races the stop and must not outlive it.
      const racing = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      for (const client of opened.splice(0)) await client.disconnect();
      const previous = t;
      await t.stop({ drop: false });
      expect(previous.app.channels.sessions.provider(racing.id)).to.equal(undefined);
      expect(previous.app.channels.sessions.provider(paired.id)).to.equal(undefined);
      delivered = [];
      acked = [];
      t = await startChannelTestApp('sandbox', { databaseName: t.databaseName, channels });
      tenant = { ...tenant, admin: (await createApiLogin(t, tenant)) };

      const back = await t.call('GET', `/whatsapp/${paired.id}`, { token: tenant.admin.token });
      expect(back.body).to.include({ status: 'CONNECTED', number: '5511933330000', qrcode: '' });
      expect((await t.call('GET', `/whatsapp/${loggedOut.id}`, { token: tenant.admin.token })).body.status).to.equal('DISCONNECTED');
      expect(t.app.channels.sessions.provider(loggedOut.id)).to.equal(undefined);
      // Not paired before: a new QR is shown.
      expect((await t.call('GET', `/whatsapp/${waiting.id}`, { token: tenant.admin.token })).body.status).to.equal('qrcode');

      // Acks still on their way when the server stopped go on after the restart.
      await waitFor(acked, (a) => a.providerMessageId === pending.providerMessageId && a.ack === 3);
      expect(acked.filter((a) => a.providerMessageId === pending.providerMessageId).map((a) => a.ack)).to.deep.equal([2, 3]);
      const answer = await t.call('POST', `/sandbox/${paired.id}/messages`, { token: tenant.admin.token, body: { from: '5511933330001', body: 'after the restart' } });
      expect(answer.status).to.equal(201);
      expect(delivered.map((d) => [d.whatsappId, d.message.body])).to.deep.equal([[paired.id, 'after the restart']]);
    });
  });
});

async function createApiLogin(t: ChannelTestApp, tenant: Tenant): Promise<Session> {
  const answer = await t.call('POST', '/auth/login', { body: { email: tenant.adminEmail, password: tenant.password } });
  expect(answer.status).to.equal(200);
  return { token: answer.body.token, cookie: '', user: answer.body.user };
}

describe('sandbox channel: a QR nobody scans', () => {
  let t: ChannelTestApp;
  before(async () => {
    t = await startChannelTestApp('sandboxqr', { channels: { sandbox: { qrMs: 120 } } });
  });
  after(() => t?.stop());

  it('is renewed (retries 1, 2, 3) and then the session gives up: DISCONNECTED', async () => {
    const superUser = await loginSuper(t);
    const tenant = await createTenant(t, superUser);
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
    const realtime = createRealtimeClient({ baseUrl: t.url, api });
    await realtime.connect();
    const events: RealtimeEvent[] = [];
    await realtime.subscribe('whatsappSession', (event) => events.push(event));
    try {
      const created = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      await waitFor(events, (e) => (e.session as { status: string }).status === 'DISCONNECTED', 5_000);
      const seen = events.map((e) => e.session as { status: string; retries: number; qrcode: string });
      expect(seen.map((s) => s.status)).to.deep.equal(['OPENING', 'qrcode', 'qrcode', 'qrcode', 'qrcode', 'DISCONNECTED']);
      expect(seen.filter((s) => s.status === 'qrcode').map((s) => s.retries)).to.deep.equal([0, 1, 2, 3]);
      expect(new Set(seen.filter((s) => s.status === 'qrcode').map((s) => s.qrcode)).size).to.equal(4);
      expect(seen.at(-1)!.qrcode).to.equal('');
      expect(t.app.channels.sessions.provider(created.id)).to.equal(undefined);
      // Try again shows a new QR.
      expect((await api.whatsapp.startSession(created.id)).status).to.equal('qrcode');
    } finally {
      await realtime.disconnect();
    }
  });
});
