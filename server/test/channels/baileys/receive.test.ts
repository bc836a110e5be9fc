import { expect } from 'chai';
import type { WACallEvent } from '@whiskeysockets/baileys';
import type { Baileys } from '../../../src/channels/baileys/library.js';
import { BaileysRetryModel, BaileysSentModel } from '../../../src/channels/baileys/model.js';
import { setCompanySetting } from '../../../src/domains/settings/service.js';
import { harness, pause, providerSuite, until, type Harness } from './harness.js';

const OURS = '5511999990000';
const CUSTOMER = '5511988887777';
const LID = '123456789012345';
const GROUP = '120363040000000001@g.us';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);

describe('Baileys provider: receiving, sending, acks, calls (socket double)', () => {
  const suite = providerSuite('baileys_receive');
  const { message } = suite;
  const connected = (h: Harness) => suite.connected(h, OURS);
  let proto: Baileys['proto'];
  before(() => {
    proto = suite.proto();
  });

  it('hands new messages over in order, with the customer and the time; status updates are not messages', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    socket.upsert([message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id: 'A1' }, { conversation: 'first' }), message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id: 'A2' }, { conversation: 'second' })]);
    socket.upsert([message({ remoteJid: 'status@broadcast', participant: `${CUSTOMER}@s.whatsapp.net`, id: 'S1' }, { conversation: 'my status' })]);
    await until(() => h.inbound.length === 2, 'two messages');
    await pause(50);
    expect(h.inbound.map((m) => [m.providerMessageId, m.body])).to.deep.equal([
      ['A1', 'first'],
      ['A2', 'second'],
    ]);
    expect(h.inbound[0]).to.deep.include({ chat: { id: CUSTOMER, name: 'Maria', isGroup: false }, sender: { number: CUSTOMER, name: 'Maria' }, fromMe: false, mediaType: 'chat' });
    expect(h.inbound[0]!.timestamp.toISOString()).to.equal(new Date(1_700_000_000_000).toISOString());
    // Typed on the paired phone: ours, and the push name is not the customer's.
    socket.upsert([message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true, id: 'A3' }, { conversation: 'from the phone' }, { pushName: 'Shop' })]);
    await until(() => h.inbound.length === 3, 'fromMe');
    expect(h.inbound[2]).to.deep.include({ fromMe: true, chat: { id: CUSTOMER, name: '', isGroup: false } });
  });

  it('numbers a customer by phone number when WhatsApp gives a LID; by LID when the number is unknown, and replies go to @lid', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    // The alternate JID of the message carries the number.
    socket.upsert([message({ remoteJid: `${LID}@lid`, remoteJidAlt: `${CUSTOMER}@s.whatsapp.net`, id: 'L1' }, { conversation: 'via alt' })]);
    // Baileys' LID mapping store knows the number.
    socket.lids.set('222222222222222@lid', '5511977776666:0@s.whatsapp.net');
    socket.upsert([message({ remoteJid: '222222222222222@lid', id: 'L2' }, { conversation: 'via mapping' })]);
    // Nobody knows it.
    socket.upsert([message({ remoteJid: '333333333333333@lid', id: 'L3' }, { conversation: 'lid only' })]);
    await until(() => h.inbound.length === 3, 'three');
    expect(h.inbound.map((m) => m.chat)).to.deep.equal([
      { id: CUSTOMER, name: 'Maria', isGroup: false, lid: LID },
      { id: '5511977776666', name: 'Maria', isGroup: false, lid: '222222222222222' },
      { id: '333333333333333', name: 'Maria', isGroup: false, lid: '333333333333333' },
    ]);
    await h.provider.send({ localId: 'local:1', to: { id: '333333333333333', isGroup: false }, body: 'hello lid' });
    await h.provider.send({ localId: 'local:2', to: { id: CUSTOMER, isGroup: false }, body: 'hello number' });
    expect(socket.sent.map((s) => s.jid)).to.deep.equal(['333333333333333@lid', `${CUSTOMER}@s.whatsapp.net`]);
  });

  it('downloads media; a failed download is handed over with its error and tried again until it works', async () => {
    let failures = 1;
    const h = await connected(
      harness({ retryMs: 60, retries: 3 }, {
        download: async () => {
          if (failures > 0) {
            failures -= 1;
            throw new Error('media host unreachable');
          }
          return JPEG;
        },
      }),
    );
    const socket = h.bench.latest();
    socket.upsert([message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: 'IMG1' }, { imageMessage: { mimetype: 'image/jpeg', caption: 'receipt', fileLength: JPEG.length, mediaKey: Buffer.alloc(32, 7), directPath: '/v/t62/x' } })]);
    await until(() => h.inbound.length === 1, 'first delivery');
    expect(h.inbound[0]).to.deep.include({ providerMessageId: 'IMG1', mediaType: 'image', body: 'receipt', mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' });
    expect(h.inbound[0]!.media).to.equal(undefined);
    await until(() => h.inbound.length === 2, 'retried', 4_000);
    expect(h.inbound[1]).to.deep.include({ providerMessageId: 'IMG1', body: 'receipt' });
    expect(h.inbound[1]!.media).to.deep.equal({ bytes: JPEG, mimeType: 'image/jpeg', fileName: 'image.jpg' });
    await until(async () => (await BaileysRetryModel.countDocuments({ companyId: h.companyId })) === 0, 'retry done');

    // Announced larger than the inbox takes: not downloaded, not retried.
    socket.upsert([message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: 'VID1' }, { videoMessage: { mimetype: 'video/mp4', fileLength: 50 * 1024 * 1024 } })]);
    await until(() => h.inbound.length === 3, 'large');
    expect(h.inbound[2]).to.deep.include({ mediaType: 'video', mediaError: 'ERR_MEDIA_TOO_LARGE' });
    expect(await BaileysRetryModel.countDocuments({ companyId: h.companyId })).to.equal(0);
  });

  it('a download that keeps failing is given up after the retries (the message keeps its error)', async () => {
    let attempts = 0;
    const h = await connected(
      harness({ retryMs: 30, retries: 2 }, {
        download: async () => {
          attempts += 1;
          throw new Error('gone');
        },
      }),
    );
    h.bench.latest().upsert([message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: 'DOC1' }, { documentMessage: { mimetype: 'application/pdf', fileName: 'a.pdf', fileLength: 100 } })]);
    await until(async () => attempts === 3 && (await BaileysRetryModel.countDocuments({ companyId: h.companyId })) === 0, 'given up', 5_000);
    await pause(200);
    expect(attempts).to.equal(3);
  });

  it('a message the inbox could not take is tried again', async () => {
    let refuse = true;
    const h = await connected(
      harness({ retryMs: 50 }, {
        inbound: async () => {
          if (!refuse) return;
          refuse = false;
          throw new Error('database hiccup');
        },
      }),
    );
    h.bench.latest().upsert([message({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: 'HICCUP1' }, { conversation: 'are you there?' })]);
    await until(() => h.inbound.some((m) => m.providerMessageId === 'HICCUP1'), 'taken on retry', 4_000);
    expect(refuse).to.equal(false);
  });

  it('groups: ignored while CheckMsgIsGroup is enabled; otherwise the group is the chat and the participant the sender', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    socket.groups[GROUP] = 'Family';
    const groupMessage = (id: string) => message({ remoteJid: GROUP, participant: `${LID}@lid`, participantAlt: `${CUSTOMER}@s.whatsapp.net`, id }, { conversation: 'hi all' });
    socket.upsert([groupMessage('G1')]);
    await pause(100);
    expect(h.inbound).to.have.length(0);
    await setCompanySetting(String(h.companyId), 'CheckMsgIsGroup', 'disabled');
    socket.upsert([groupMessage('G2')]);
    await until(() => h.inbound.length === 1, 'group message');
    expect(h.inbound[0]).to.deep.include({
      chat: { id: '120363040000000001', name: 'Family', isGroup: true },
      sender: { number: CUSTOMER, name: 'Maria', lid: LID },
    });
  });

  it('edits, revokes and reactions name the message they change (a reaction is never a message of its own)', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const jid = `${CUSTOMER}@s.whatsapp.net`;
    socket.upsert([
      message({ remoteJid: jid, id: 'E1' }, { protocolMessage: { key: { remoteJid: jid, id: 'ORIG' }, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: { conversation: 'new text' } } }),
      message({ remoteJid: jid, id: 'R1' }, { protocolMessage: { key: { remoteJid: jid, id: 'ORIG2' }, type: proto.Message.ProtocolMessage.Type.REVOKE } }),
      message({ remoteJid: jid, id: 'X1' }, { reactionMessage: { key: { remoteJid: jid, fromMe: true, id: 'OURS' }, text: '❤️', senderTimestampMs: 1_700_000_000_000 } }),
      message({ remoteJid: jid, id: 'X2' }, { reactionMessage: { key: { remoteJid: jid, fromMe: true, id: 'OURS' }, text: '' } }),
    ]);
    await until(() => h.inbound.length === 4, 'four changes');
    expect(h.inbound[0]).to.deep.include({ providerMessageId: 'ORIG', isEdited: true, body: 'new text' });
    expect(h.inbound[1]).to.deep.include({ providerMessageId: 'ORIG2', isDeleted: true });
    expect(h.inbound[2]).to.deep.include({ providerMessageId: 'OURS', isReaction: true, body: '❤️', timestamp: new Date(1_700_000_000_000) });
    expect(h.inbound[3]).to.deep.include({ providerMessageId: 'OURS', isReaction: true, body: '' });
  });

  it('sends, keeps the content for WhatsApp retry requests (getMessage), revokes; acks from statuses and receipts', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const { providerMessageId } = await h.provider.send({ localId: 'local:9', to: { id: CUSTOMER, isGroup: false }, body: 'your order shipped' });
    expect(socket.sent[0]).to.deep.include({ jid: `${CUSTOMER}@s.whatsapp.net`, content: { text: 'your order shipped' } });
    expect(providerMessageId).to.equal(socket.sent[0]!.options?.messageId);
    await until(async () => (await BaileysSentModel.countDocuments({ companyId: h.companyId })) === 1, 'content kept');
    const again = await socket.config.getMessage!({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: providerMessageId, fromMe: true });
    expect(again?.extendedTextMessage?.text).to.equal('your order shipped');
    expect(await socket.config.getMessage!({ id: 'UNKNOWN' })).to.equal(undefined);

    // A reply quotes the message with the content we kept.
    await h.provider.send({ localId: 'local:10', to: { id: CUSTOMER, isGroup: false }, body: 'tracking: 42', quotedProviderMessageId: providerMessageId, quotedMessage: { fromMe: true, body: 'your order shipped', participant: null } });
    expect(socket.sent[1]!.options?.quoted?.key).to.deep.equal({ remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: providerMessageId, fromMe: true });
    expect(socket.sent[1]!.options?.quoted?.message?.extendedTextMessage?.text).to.equal('your order shipped');

    const key = { remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: providerMessageId, fromMe: true };
    socket.emit('messages.update', [{ key, update: { status: proto.WebMessageInfo.Status.SERVER_ACK } }, { key: { ...key, fromMe: false, id: 'THEIRS' }, update: { status: proto.WebMessageInfo.Status.READ } }]);
    socket.emit('messages.update', [{ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
    socket.emit('message-receipt.update', [{ key, receipt: { userJid: key.remoteJid, readTimestamp: 1_700_000_100 } }]);
    await until(() => h.acks.length === 3, 'acks');
    expect(h.acks).to.deep.equal([
      [providerMessageId, 1],
      [providerMessageId, 2],
      [providerMessageId, 3],
    ]);

    await h.provider.revoke!({ localId: 'action:1', to: { id: CUSTOMER, isGroup: false }, target: { providerMessageId, fromMe: true, participant: null } });
    expect(socket.sent[2]).to.deep.include({ jid: `${CUSTOMER}@s.whatsapp.net`, content: { delete: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true, id: providerMessageId } } });

    socket.failSends = 1;
    let failed: unknown;
    await h.provider.send({ localId: 'local:11', to: { id: CUSTOMER, isGroup: false }, body: 'x' }).catch((err: unknown) => (failed = err));
    expect(failed).to.have.property('code', 'ERR_SENDING_WAPP_MSG');
  });

  it('refuses to send while not connected', async () => {
    const h = suite.track(harness());
    await h.provider.start();
    let failed: unknown;
    await h.provider.send({ localId: 'local:1', to: { id: CUSTOMER, isGroup: false }, body: 'x' }).catch((err: unknown) => (failed = err));
    expect(failed).to.have.property('code', 'ERR_WAPP_NOT_CONNECTED');
  });

  it('calls: logged; rejected with a message when the company disabled calls', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const call = (id: string, isVideo: boolean): WACallEvent => ({ chatId: `${CUSTOMER}@s.whatsapp.net`, from: `${CUSTOMER}@s.whatsapp.net`, id, date: new Date(1_700_000_000_000), isVideo, status: 'offer', offline: false });
    socket.emit('call', [call('CALL1', false)]);
    await until(() => h.inbound.length === 1, 'logged');
    expect(h.inbound[0]).to.deep.include({ providerMessageId: 'CALL1', mediaType: 'call_log', body: 'Voice call', chat: { id: CUSTOMER, name: '', isGroup: false } });
    expect(socket.rejectedCalls).to.deep.equal([]);

    await setCompanySetting(String(h.companyId), 'call', 'disabled');
    socket.emit('call', [call('CALL2', true), { ...call('CALL2', true), status: 'timeout' }]);
    await until(() => h.inbound.length === 2, 'rejected');
    expect(socket.rejectedCalls).to.deep.equal(['CALL2']);
    expect(socket.sent.map((s) => s.content)).to.deep.equal([{ text: '*Automatic message*:\nVoice and video calls are disabled on this WhatsApp number. Please send a text message.' }]);
    expect(h.inbound[1]).to.deep.include({ providerMessageId: 'CALL2', body: 'Missed video call' });
  });
});
