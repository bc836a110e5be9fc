/**
 * The Baileys provider inside the real application (provider 'beta'), with the socket double
 * standing for WhatsApp: pairing through the session API, customer messages becoming tickets,
 * agents' replies leaving through sendMessage, receipts, media, edits, revokes, LIDs, logout and
 * restart.
 */
import { expect } from 'chai';
import type { WAMessage } from '@whiskeysockets/baileys';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';
import { BaileysKeyModel, BaileysSentModel } from '../../../src/channels/baileys/model.js';
import { MessageModel } from '../../../src/domains/messages/model.js';
import { createTenant, loginSuper, type Tenant } from '../../support/fixtures.js';
import { eventually, ticketOf } from '../../support/inboxFixtures.js';
import { createConnection, startChannelTestApp, waitForStatus, type ChannelTestApp } from '../../support/whatsappFixtures.js';
import { socketBench, type SocketBench, type SocketDouble } from './socketDouble.js';

const OURS = '5511999990000';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe('Baileys provider in the application (socket double)', () => {
  let proto: Baileys['proto'];
  let t: ChannelTestApp;
  let bench: SocketBench;
  let tenant: Tenant;
  let whatsappId: string;
  const failDownloads = new Set<string>();
  let numbers = 0;

  function customer(): string {
    numbers += 1;
    return `55119${String(Date.now()).slice(-5)}${String(numbers).padStart(3, '0')}`;
  }

  function start(databaseName?: string): Promise<ChannelTestApp> {
    bench = socketBench();
    return startChannelTestApp('baileys_app', {
      ...(databaseName ? { databaseName } : {}),
      channels: {
        baileys: {
          socket: bench.factory,
          settings: { retryMs: 80, watchdogMs: 600_000 },
          download: async (message) => {
            if (failDownloads.delete(message.key.id!)) throw new Error('media host unreachable');
            return JPEG;
          },
        },
      },
    });
  }

  function socket(): SocketDouble {
    return bench.latest();
  }

  function received(from: string, id: string, content: Record<string, unknown>, key: Record<string, unknown> = {}): WAMessage {
    return Object.assign(proto.WebMessageInfo.fromObject({ messageTimestamp: Math.floor(Date.now() / 1000), pushName: 'Maria Customer', message: content }), {
      key: { remoteJid: from, fromMe: false, id, ...key },
    }) as WAMessage;
  }

  async function messagesOf(ticketId: string): Promise<Record<string, any>[]> {
    return (await t.call('GET', `/messages/${ticketId}`, { token: tenant.admin.token })).body.messages as Record<string, any>[];
  }

  /** The customer's pending ticket, accepted by the admin. */
  async function accepted(number: string): Promise<Record<string, any>> {
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const answer = await t.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body;
  }

  before(async () => {
    ({ proto } = await loadBaileys());
    t = await start();
    tenant = await createTenant(t, await loginSuper(t));
    whatsappId = (await createConnection(t, tenant.admin, { provider: 'beta' })).id;
  });
  after(() => t?.stop());

  it('pairs: the QR on GET /whatsapp/{id}, an empty qrcode once scanned, CONNECTED with the number', async () => {
    const first = await bench.waitFor(1);
    first.qr('2@ref-one,noise,identity,adv');
    const shown = await waitForStatus(t, tenant.admin, whatsappId, 'qrcode');
    expect(shown.qrcode).to.equal('2@ref-one,noise,identity,adv');
    first.emit('creds.update', { me: { id: `${OURS}:7@s.whatsapp.net`, name: 'Shop' } });
    first.emit('connection.update', { isNewLogin: true, qr: undefined });
    const pairing = await waitForStatus(t, tenant.admin, whatsappId, 'PAIRING');
    expect(pairing.qrcode).to.equal('');
    first.close(515);
    (await bench.waitFor(2)).open(OURS);
    const connected = await waitForStatus(t, tenant.admin, whatsappId, 'CONNECTED');
    expect(connected).to.include({ number: OURS, qrcode: '', retries: 0 });
    expect(bench.overlaps).to.equal(0);
  });

  it("a customer's message becomes a ticket and a message; the reply leaves through sendMessage; receipts move the ack", async () => {
    const number = customer();
    const jid = `${number}@s.whatsapp.net`;
    socket().upsert([received(jid, 'IN-1', { conversation: 'hello from whatsapp' })]);
    // Delivered twice (WhatsApp resends after a reconnect): stored once.
    socket().upsert([received(jid, 'IN-1', { conversation: 'hello from whatsapp' })]);
    const ticket = await accepted(number);
    expect(ticket.contact).to.include({ number, name: 'Maria Customer' });
    const history = await messagesOf(ticket.id);
    expect(history.filter((m) => m.body === 'hello from whatsapp')).to.have.length(1);

    const sent = await t.call('POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body: 'Hi Maria, how can I help?' } });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
    const out = await eventually(async () => socket().sent.find((s) => 'text' in s.content && s.content.text === 'Hi Maria, how can I help?'), 5_000, 'sent');
    expect(out.jid).to.equal(jid);
    const providerMessageId = out.options!.messageId!;
    await eventually(async () => (await messagesOf(ticket.id)).find((m) => m.id === sent.body[0].id && m.ack === 1), 5_000, 'ack 1');
    const stored = await MessageModel.findOne({ companyId: tenant.companyId, _id: sent.body[0].id }).lean();
    expect(stored?.providerMessageId).to.equal(providerMessageId);

    socket().emit('messages.update', [{ key: { remoteJid: jid, id: providerMessageId, fromMe: true }, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
    socket().emit('message-receipt.update', [{ key: { remoteJid: jid, id: providerMessageId, fromMe: true }, receipt: { userJid: jid, readTimestamp: Math.floor(Date.now() / 1000) } }]);
    await eventually(async () => (await messagesOf(ticket.id)).find((m) => m.id === sent.body[0].id && m.ack === 3), 5_000, 'ack 3');

    // The customer quotes our reply.
    socket().upsert([received(jid, 'IN-2', { extendedTextMessage: { text: 'the red one', contextInfo: { stanzaId: providerMessageId, participant: `${OURS}@s.whatsapp.net` } } })]);
    const quoting = await eventually(async () => (await messagesOf(ticket.id)).find((m) => m.body === 'the red one'), 5_000, 'quote');
    expect(quoting.quotedMsg).to.include({ id: sent.body[0].id, fromMe: true });

    // Deleting our message deletes it for the customer too (through the ticket's outbound lane).
    const deleted = await t.call('DELETE', `/messages/${sent.body[0].id}`, { token: tenant.admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).to.equal(200);
    const revoke = await eventually(async () => socket().sent.find((s) => 'delete' in s.content), 5_000, 'revoked');
    expect(revoke.content).to.deep.equal({ delete: { remoteJid: jid, fromMe: true, id: providerMessageId } });
  });

  it('media are stored and served; a failed download is recorded, retried and attached', async () => {
    const number = customer();
    const jid = `${number}@s.whatsapp.net`;
    const image = { imageMessage: { mimetype: 'image/jpeg', caption: 'my receipt', fileLength: JPEG.length, mediaKey: Buffer.alloc(32, 3), directPath: '/v/t62/x' } };
    socket().upsert([received(jid, 'IMG-1', image)]);
    const ticket = await accepted(number);
    const photo = await eventually(async () => (await messagesOf(ticket.id)).find((m) => m.body === 'my receipt'), 5_000, 'photo');
    expect(photo.mediaType).to.equal('image');
    const served = await fetch(`${t.url}${photo.mediaUrl}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).to.equal(true);

    failDownloads.add('IMG-2');
    socket().upsert([received(jid, 'IMG-2', { imageMessage: { ...image.imageMessage, caption: 'second try' } })]);
    const missing = await eventually(async () => MessageModel.findOne({ companyId: tenant.companyId, providerMessageId: 'IMG-2' }).lean(), 5_000, 'stored without media');
    expect(missing.mediaPath).to.equal(null);
    expect(missing.mediaError).to.equal('ERR_WAPP_DOWNLOAD_MEDIA');
    const attached = await eventually(async () => (await messagesOf(ticket.id)).find((m) => m.body === 'second try' && m.mediaUrl), 5_000, 'attached on retry');
    expect(attached.mediaType).to.equal('image');
    expect(attached.mediaError).to.equal(null);
    expect((await MessageModel.findOne({ companyId: tenant.companyId, providerMessageId: 'IMG-2' }).lean())?.mediaError).to.equal(null);
    expect(await MessageModel.countDocuments({ companyId: tenant.companyId, providerMessageId: 'IMG-2' })).to.equal(1);
  });

  it('edits and revokes change the stored message (the earlier text kept); a reaction lands on the message it targets', async () => {
    const number = customer();
    const jid = `${number}@s.whatsapp.net`;
    socket().upsert([received(jid, 'ED-1', { conversation: 'helo' }), received(jid, 'ED-2', { conversation: 'wrong chat, sorry' })]);
    const ticket = await accepted(number);
    await eventually(async () => (await messagesOf(ticket.id)).length >= 2, 5_000, 'two');
    const { Type } = proto.Message.ProtocolMessage;
    socket().upsert([
      received(jid, 'ED-3', { editedMessage: { message: { protocolMessage: { key: { remoteJid: jid, id: 'ED-1' }, type: Type.MESSAGE_EDIT, editedMessage: { conversation: 'hello' } } } } }),
      received(jid, 'ED-4', { protocolMessage: { key: { remoteJid: jid, id: 'ED-2' }, type: Type.REVOKE } }),
      received(jid, 'ED-5', { reactionMessage: { key: { remoteJid: jid, fromMe: false, id: 'ED-1' }, text: '👍', senderTimestampMs: Date.now() } }),
    ]);
    const messages = await eventually(async () => {
      const list = await messagesOf(ticket.id);
      return list.some((m) => m.reactions.length > 0) && list.some((m) => m.isDeleted) ? list : null;
    }, 5_000, 'changes');
    const edited = messages.find((m) => m.body === 'hello');
    expect(edited).to.include({ isEdited: true, isDeleted: false });
    expect(edited!.editHistory.map((e: { body: string }) => e.body)).to.deep.equal(['helo']);
    expect(messages.find((m) => m.isDeleted)).to.include({ body: '' });
    expect(edited!.reactions.map((r: { sender: string; emoji: string }) => [r.sender, r.emoji])).to.deep.equal([[number, '👍']]);
    expect(messages.some((m) => m.mediaType === 'reaction')).to.equal(false);
  });

  it('a customer known by LID first, by phone number later, stays one contact (the number wins); replies go to @lid meanwhile', async () => {
    const number = customer();
    const lid = `9${number.slice(1)}0`;
    socket().upsert([received(`${lid}@lid`, 'LID-1', { conversation: 'hi, from my LID' })]);
    const ticket = await accepted(lid);
    await t.call('POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body: 'hello LID' } });
    const out = await eventually(async () => socket().sent.find((s) => 'text' in s.content && s.content.text === 'hello LID'), 5_000, 'sent to lid');
    expect(out.jid).to.equal(`${lid}@lid`);

    socket().upsert([received(`${number}@s.whatsapp.net`, 'LID-2', { conversation: 'now with my number' }, { remoteJidAlt: `${lid}@lid` })]);
    await eventually(async () => (await messagesOf(ticket.id)).some((m) => m.body === 'now with my number'), 5_000, 'same ticket');
    const contacts = await t.call('GET', `/contacts?searchParam=${number}`, { token: tenant.admin.token });
    expect(contacts.body.contacts.map((c: { number: string }) => c.number)).to.deep.equal([number]);
    expect((await t.call('GET', `/contacts?searchParam=${lid}`, { token: tenant.admin.token })).body.contacts).to.have.length(0);
  });

  it('comes back after a server restart without a scan', async () => {
    await eventually(async () => (await BaileysKeyModel.countDocuments({ companyId: tenant.companyId, whatsappId, type: 'creds' })) === 1, 5_000, 'creds saved');
    const databaseName = t.databaseName;
    await t.stop({ drop: false });
    t = await start(databaseName);
    const restored = await bench.waitFor(1);
    expect(restored.config.auth.creds.me?.id).to.equal(`${OURS}:7@s.whatsapp.net`);
    restored.open(OURS);
    expect((await waitForStatus(t, tenant.admin, whatsappId, 'CONNECTED')).number).to.equal(OURS);
  });

  it('DELETE /whatsappsession logs out: WhatsApp is told, the credentials go, DISCONNECTED', async () => {
    const live = socket();
    const answer = await t.call('DELETE', `/whatsappsession/${whatsappId}`, { token: tenant.admin.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.status).to.equal('DISCONNECTED');
    expect(live.loggedOut).to.equal(true);
    expect(live.ended).to.equal(true);
    expect(await BaileysKeyModel.countDocuments({ companyId: tenant.companyId, whatsappId })).to.equal(0);
    // Starting again asks for a new scan.
    expect((await t.call('POST', `/whatsappsession/${whatsappId}`, { token: tenant.admin.token })).status).to.equal(200);
    const fresh = socket();
    expect(fresh).to.not.equal(live);
    expect(fresh.config.auth.creds.me).to.equal(undefined);
    expect(bench.overlaps).to.equal(0);
  });

  it('deleting a connection removes its credentials and the contents kept for retries', async () => {
    const second = (await createConnection(t, tenant.admin, { provider: 'beta', isDefault: false })).id as string;
    const made = bench.sockets.length;
    const line = await bench.waitFor(made + 1);
    line.emit('creds.update', { me: { id: '5511944443333:3@s.whatsapp.net' } });
    line.open('5511944443333');
    await waitForStatus(t, tenant.admin, second, 'CONNECTED');
    const number = customer();
    line.upsert([received(`${number}@s.whatsapp.net`, 'DEL-1', { conversation: 'hi' })]);
    const ticket = await accepted(number);
    await t.call('POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body: 'kept for retries' } });
    await eventually(async () => (await BaileysSentModel.countDocuments({ companyId: tenant.companyId, whatsappId: second })) === 1, 5_000, 'content kept');
    expect(await BaileysKeyModel.countDocuments({ companyId: tenant.companyId, whatsappId: second })).to.be.above(0);

    expect((await t.call('DELETE', `/whatsapp/${second}`, { token: tenant.admin.token })).status).to.equal(204);
    expect(line.ended).to.equal(true);
    expect(await BaileysKeyModel.countDocuments({ companyId: tenant.companyId, whatsappId: second })).to.equal(0);
    expect(await BaileysSentModel.countDocuments({ companyId: tenant.companyId, whatsappId: second })).to.equal(0);
  });
});
