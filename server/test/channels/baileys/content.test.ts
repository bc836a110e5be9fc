import { expect } from 'chai';
import type { WAMessage } from '@whiskeysockets/baileys';
import { mapContent, type CallBody } from '../../../src/channels/baileys/content.js';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';

const CUSTOMER = '5511988887777@s.whatsapp.net';
const callBody: CallBody = ({ isVideo, missed }) => `${missed ? 'missed ' : ''}${isVideo ? 'video' : 'voice'} call`;
let proto: Baileys['proto'];

/** A received message as Baileys hands it over: a real WebMessageInfo proto. */
function received(message: Record<string, unknown>, extra: Record<string, unknown> = {}): WAMessage {
  return proto.WebMessageInfo.fromObject({
    key: { remoteJid: CUSTOMER, fromMe: false, id: '3EB0A1B2C3D4E5F6' },
    messageTimestamp: 1_700_000_000,
    pushName: 'Maria',
    message,
    ...extra,
  }) as WAMessage;
}

describe('Baileys received messages -> platform messages', () => {
  before(async () => {
    ({ proto } = await loadBaileys());
  });

  it('text and extended text, with the quoted message of a reply', () => {
    expect(mapContent(received({ conversation: 'hello' }), callBody)).to.deep.equal({ action: 'message', mediaType: 'chat', body: 'hello' });
    const reply = received({ extendedTextMessage: { text: 'yes, that one', contextInfo: { stanzaId: 'QUOTED01', participant: CUSTOMER, quotedMessage: { conversation: 'which?' } } } });
    expect(mapContent(reply, callBody)).to.deep.equal({ action: 'message', mediaType: 'chat', body: 'yes, that one', quotedProviderMessageId: 'QUOTED01' });
  });

  it('image and video with their caption, media to download with its announced size', () => {
    const image = mapContent(received({ imageMessage: { mimetype: 'image/jpeg', caption: 'my receipt', fileLength: 52_000, mediaKey: Buffer.alloc(32, 1), directPath: '/v/t62/abc', url: 'https://mmg.whatsapp.net/v/t62/abc' } }), callBody);
    expect(image).to.deep.equal({ action: 'message', mediaType: 'image', body: 'my receipt', media: { kind: 'image', mimeType: 'image/jpeg', fileName: 'image.jpg', size: 52_000 } });
    const video = mapContent(received({ videoMessage: { mimetype: 'video/mp4', caption: 'look', fileLength: 3_000_000 } }), callBody);
    expect(video).to.deep.include({ mediaType: 'video', body: 'look' });
    expect(video).to.have.nested.property('media.fileName', 'video.mp4');
  });

  it('audio and voice notes, documents (named), stickers', () => {
    const voice = mapContent(received({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 4, fileLength: 9_000 } }), callBody);
    expect(voice).to.deep.equal({ action: 'message', mediaType: 'audio', body: '', media: { kind: 'audio', mimeType: 'audio/ogg; codecs=opus', fileName: 'audio.ogg', size: 9_000 } });
    const mp3 = mapContent(received({ audioMessage: { mimetype: 'audio/mpeg', fileLength: 9_000 } }), callBody);
    expect(mp3).to.have.nested.property('media.fileName', 'audio.mp3');

    const document = mapContent(received({ documentMessage: { mimetype: 'application/pdf', fileName: 'invoice 42.pdf', fileLength: 120_000 } }), callBody);
    expect(document).to.deep.equal({ action: 'message', mediaType: 'application', body: 'invoice 42.pdf', media: { kind: 'document', mimeType: 'application/pdf', fileName: 'invoice 42.pdf', size: 120_000 } });
    // A document sent with a caption arrives wrapped (documentWithCaptionMessage).
    const captioned = mapContent(received({ documentWithCaptionMessage: { message: { documentMessage: { mimetype: 'application/pdf', fileName: 'contract', caption: 'sign it' } } } }), callBody);
    expect(captioned).to.deep.include({ mediaType: 'application', body: 'sign it' });
    expect(captioned).to.have.nested.property('media.fileName', 'contract.pdf');

    const sticker = mapContent(received({ stickerMessage: { mimetype: 'image/webp', fileLength: 20_000 } }), callBody);
    expect(sticker).to.deep.equal({ action: 'message', mediaType: 'sticker', body: '', media: { kind: 'sticker', mimeType: 'image/webp', fileName: 'sticker.webp', size: 20_000 } });
  });

  it('view-once and disappearing wrappers are opened', () => {
    const wrapped = mapContent(received({ ephemeralMessage: { message: { viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'once' } } } } } }), callBody);
    expect(wrapped).to.deep.include({ mediaType: 'image', body: 'once' });
  });

  it('location: image, link and description, pipe-separated', () => {
    const thumbnail = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const place = mapContent(received({ locationMessage: { degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: 'Shop', address: 'Av. Paulista, 1000', jpegThumbnail: thumbnail } }), callBody);
    expect(place).to.deep.equal({
      action: 'message',
      mediaType: 'locationMessage',
      body: `data:image/jpeg;base64,${thumbnail.toString('base64')}|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17|Shop, Av. Paulista, 1000`,
    });
    const bare = mapContent(received({ locationMessage: { degreesLatitude: 1.5, degreesLongitude: 2.25 } }), callBody);
    expect(bare).to.have.property('body', '|https://maps.google.com/maps?q=1.5%2C2.25&z=17');
    const live = mapContent(received({ liveLocationMessage: { degreesLatitude: 1, degreesLongitude: 2, caption: 'on my way' } }), callBody);
    expect(live).to.have.property('body', '|https://maps.google.com/maps?q=1%2C2&z=17|on my way');
  });

  it('contacts: the vcard, several cards one after another', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD';
    expect(mapContent(received({ contactMessage: { displayName: 'João', vcard: card } }), callBody)).to.deep.equal({ action: 'message', mediaType: 'vcard', body: card });
    const other = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nEND:VCARD';
    const many = mapContent(received({ contactsArrayMessage: { displayName: '2 contacts', contacts: [{ vcard: card }, { vcard: other }] } }), callBody);
    expect(many).to.deep.equal({ action: 'message', mediaType: 'vcard', body: `${card}\n${other}` });
  });

  it('reactions name the message reacted to and when; an empty one takes the reaction back', () => {
    const reaction = received({ reactionMessage: { key: { remoteJid: CUSTOMER, fromMe: true, id: 'OURS01' }, text: '👍', senderTimestampMs: 1_700_000_000_000 } });
    expect(mapContent(reaction, callBody)).to.deep.equal({ action: 'react', providerMessageId: 'OURS01', emoji: '👍', at: new Date(1_700_000_000_000) });
    expect(mapContent(received({ reactionMessage: { key: { remoteJid: CUSTOMER, fromMe: true, id: 'OURS01' }, text: '' } }), callBody)).to.deep.equal({ action: 'react', providerMessageId: 'OURS01', emoji: '' });
  });

  it('edits (the new text) and revokes name the message they change', () => {
    const edit = received({
      editedMessage: {
        message: { protocolMessage: { key: { remoteJid: CUSTOMER, fromMe: false, id: 'ORIGINAL1' }, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: { conversation: 'fixed typo' } } },
      },
    });
    expect(mapContent(edit, callBody)).to.deep.equal({ action: 'edit', providerMessageId: 'ORIGINAL1', body: 'fixed typo' });
    const captionEdit = received({ protocolMessage: { key: { id: 'PHOTO1' }, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: { imageMessage: { caption: 'new caption' } } } });
    expect(mapContent(captionEdit, callBody)).to.deep.equal({ action: 'edit', providerMessageId: 'PHOTO1', body: 'new caption' });
    const revoke = received({ protocolMessage: { key: { remoteJid: CUSTOMER, fromMe: false, id: 'ORIGINAL2' }, type: proto.Message.ProtocolMessage.Type.REVOKE } });
    expect(mapContent(revoke, callBody)).to.deep.equal({ action: 'delete', providerMessageId: 'ORIGINAL2' });
    // Other protocol traffic (history sync notices, key shares) is not a message.
    expect(mapContent(received({ protocolMessage: { key: { id: 'X' }, type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION } }), callBody)).to.equal(null);
  });

  it('call logs: from a call log message and from the missed-call stubs', () => {
    const missedVideo = received({ callLogMesssage: { isVideo: true, callOutcome: proto.Message.CallLogMessage.CallOutcome.MISSED, durationSecs: 0 } });
    expect(mapContent(missedVideo, callBody)).to.deep.equal({ action: 'message', mediaType: 'call_log', body: 'missed video call' });
    const answered = received({ callLogMesssage: { isVideo: false, callOutcome: proto.Message.CallLogMessage.CallOutcome.CONNECTED, durationSecs: 95 } });
    expect(mapContent(answered, callBody)).to.deep.equal({ action: 'message', mediaType: 'call_log', body: 'voice call' });
    const stub = proto.WebMessageInfo.fromObject({ key: { remoteJid: CUSTOMER, id: 'CALL1' }, messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VOICE, messageTimestamp: 1_700_000_000 }) as WAMessage;
    expect(mapContent(stub, callBody)).to.deep.equal({ action: 'message', mediaType: 'call_log', body: 'missed voice call' });
  });

  it('button and list answers are text; placeholders of undecryptable messages are nothing', () => {
    expect(mapContent(received({ buttonsResponseMessage: { selectedButtonId: 'b1', selectedDisplayText: 'Sales' } }), callBody)).to.deep.include({ mediaType: 'chat', body: 'Sales' });
    expect(mapContent(received({ listResponseMessage: { title: 'Support', singleSelectReply: { selectedRowId: 'r2' } } }), callBody)).to.deep.include({ body: 'Support' });
    const ciphertext = proto.WebMessageInfo.fromObject({ key: { remoteJid: CUSTOMER, id: 'BAD1' }, messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT, messageTimestamp: 1 }) as WAMessage;
    expect(mapContent(ciphertext, callBody)).to.equal(null);
    expect(mapContent(received({ senderKeyDistributionMessage: { groupId: 'g' } }), callBody)).to.equal(null);
  });
});
