import { expect } from 'chai';
import type { MessageUserReceipt } from '@whiskeysockets/baileys';
import { ackOfReceipt, ackOfStatus } from '../../../src/channels/baileys/acks.js';
import { reconnectDelay } from '../../../src/channels/baileys/connection.js';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';
import { contentOf, quotedOf, vcardOf } from '../../../src/channels/baileys/outgoing.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';

const to = { id: '5511988887777', isGroup: false };
const JID = '5511988887777@s.whatsapp.net';

function outbound(fields: Partial<OutboundMessage>): OutboundMessage {
  return { localId: 'local:1', to, body: '', ...fields };
}

describe('Baileys outbound content, acks and backoff', () => {
  let proto: Baileys['proto'];
  before(async () => {
    ({ proto } = await loadBaileys());
  });

  it('text, and media with caption (the file name alone is no caption)', () => {
    expect(contentOf(outbound({ body: 'Hello!' }))).to.deep.equal({ text: 'Hello!' });
    const file = (kind: 'image' | 'video' | 'document', mimeType: string, fileName: string) => ({ filePath: `/data/media/x/${fileName}`, mimeType, fileName, kind });
    expect(contentOf(outbound({ body: 'the menu', media: file('image', 'image/png', 'menu.png') }))).to.deep.equal({
      image: { url: '/data/media/x/menu.png' },
      mimetype: 'image/png',
      caption: 'the menu',
    });
    expect(contentOf(outbound({ body: 'menu.png', media: file('image', 'image/png', 'menu.png') }))).to.deep.equal({ image: { url: '/data/media/x/menu.png' }, mimetype: 'image/png' });
    expect(contentOf(outbound({ body: 'watch', media: file('video', 'video/mp4', 'clip.mp4') }))).to.deep.equal({ video: { url: '/data/media/x/clip.mp4' }, mimetype: 'video/mp4', caption: 'watch' });
    expect(contentOf(outbound({ body: 'invoice.pdf', media: file('document', 'application/pdf', 'invoice.pdf') }))).to.deep.equal({
      document: { url: '/data/media/x/invoice.pdf' },
      mimetype: 'application/pdf',
      fileName: 'invoice.pdf',
    });
    expect(contentOf(outbound({ body: 'please sign', media: file('document', 'application/pdf', 'contract.pdf') }))).to.include({ fileName: 'contract.pdf', caption: 'please sign' });
  });

  it('audio goes as a voice note when it is Ogg/Opus, as an audio file otherwise', () => {
    const ogg = contentOf(outbound({ media: { filePath: '/m/a.ogg', mimeType: 'audio/ogg', fileName: 'a.ogg', kind: 'audio', asVoiceNote: true } }));
    expect(ogg).to.deep.equal({ audio: { url: '/m/a.ogg' }, mimetype: 'audio/ogg; codecs=opus', ptt: true });
    const mp3 = contentOf(outbound({ media: { filePath: '/m/a.mp3', mimeType: 'audio/mpeg', fileName: 'a.mp3', kind: 'audio', asVoiceNote: true } }));
    expect(mp3).to.deep.equal({ audio: { url: '/m/a.mp3' }, mimetype: 'audio/mpeg' });
  });

  it('location and vcard', () => {
    expect(contentOf(outbound({ location: { latitude: -23.55, longitude: -46.63, description: 'Our shop' } }))).to.deep.equal({
      location: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Our shop' },
    });
    const card = vcardOf('Ana Lima', '+55 (11) 91234-5678');
    expect(card).to.equal('BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nTEL;type=CELL;type=VOICE;waid=5511912345678:+5511912345678\nEND:VCARD');
    expect(contentOf(outbound({ vcard: { name: 'Ana Lima', number: '5511912345678' } }))).to.deep.equal({
      contacts: { displayName: 'Ana Lima', contacts: [{ displayName: 'Ana Lima', vcard: vcardOf('Ana Lima', '5511912345678') }] },
    });
  });

  it('a reply quotes the stored content, or the text we kept, with the key WhatsApp matches', () => {
    expect(quotedOf(JID, outbound({ body: 'hi' }), null)).to.equal(undefined);
    const reply = outbound({ body: 'sure', quotedProviderMessageId: 'CUSTOMER1', quotedMessage: { fromMe: false, body: 'can you?', participant: null } });
    expect(quotedOf(JID, reply, null)).to.deep.equal({ key: { remoteJid: JID, id: 'CUSTOMER1', fromMe: false }, message: { conversation: 'can you?' } });
    const stored = proto.Message.fromObject({ imageMessage: { caption: 'ours' } });
    const ours = outbound({ quotedProviderMessageId: 'OURS1', quotedMessage: { fromMe: true, body: 'ours', participant: null } });
    expect(quotedOf(JID, ours, stored)).to.deep.equal({ key: { remoteJid: JID, id: 'OURS1', fromMe: true }, message: stored });
    const inGroup = outbound({ to: { id: '120363000000000001', isGroup: true }, quotedProviderMessageId: 'G1', quotedMessage: { fromMe: false, body: 'x', participant: '5511977776666' } });
    expect(quotedOf('120363000000000001@g.us', inGroup, null)?.key).to.deep.equal({ remoteJid: '120363000000000001@g.us', id: 'G1', fromMe: false, participant: '5511977776666@s.whatsapp.net' });
  });

  it('acks: statuses and receipts map to 1 sent, 2 delivered, 3 read, 4 played', () => {
    const { Status } = proto.WebMessageInfo;
    expect([Status.ERROR, Status.PENDING, Status.SERVER_ACK, Status.DELIVERY_ACK, Status.READ, Status.PLAYED].map(ackOfStatus)).to.deep.equal([null, null, 1, 2, 3, 4]);
    expect(ackOfStatus(undefined)).to.equal(null);
    const receipt = (fields: Partial<MessageUserReceipt>) => ackOfReceipt(proto.UserReceipt.fromObject({ userJid: JID, ...fields }));
    expect(receipt({ receiptTimestamp: 1_700_000_000 })).to.equal(2);
    expect(receipt({ receiptTimestamp: 1_700_000_000, readTimestamp: 1_700_000_100 })).to.equal(3);
    expect(receipt({ readTimestamp: 1_700_000_100, playedTimestamp: 1_700_000_200 })).to.equal(4);
    expect(receipt({})).to.equal(null);
  });

  it('reconnect delays double per attempt up to the cap, jittered between half and all of the step', () => {
    const settings = { backoffMs: 1_000, backoffCapMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, settings, () => 1))).to.deep.equal([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect([1, 2, 3].map((attempt) => reconnectDelay(attempt, settings, () => 0))).to.deep.equal([500, 1_000, 2_000]);
    for (let i = 0; i < 50; i += 1) expect(reconnectDelay(3, settings)).to.be.within(2_000, 4_000);
  });
});
