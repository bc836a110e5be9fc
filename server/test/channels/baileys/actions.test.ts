/**
 * The WhatsApp messages the Baileys provider builds for the actions on a message (issue 23): the
 * reaction (its key, '' taking it back), the edit (MESSAGE_EDIT protocol message), delete for
 * everyone (REVOKE) and a forward (contextInfo.isForwarded). What the provider hands the socket is
 * Baileys' AnyMessageContent; Baileys' own generateWAMessageContent turns it into the proto
 * WhatsApp receives, and that proto is what is checked.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { AnyMessageContent, proto as Proto } from '@whiskeysockets/baileys';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';
import { messageIdOf } from '../../../src/channels/baileys/provider.js';
import type { OutboundAction } from '../../../src/channels/provider.js';
import { harness, providerSuite, type Harness } from './harness.js';

const OURS = '5511999990000';
const CUSTOMER = '5511988887777';
const JID = `${CUSTOMER}@s.whatsapp.net`;
const GROUP = '120363040000000001';

function action(target: OutboundAction['target'], localId = 'action:1', to = { id: CUSTOMER, isGroup: false }): OutboundAction {
  return { localId, to, target };
}

describe('Baileys provider: the messages built for reactions, edits, deletes and forwards (issue 23)', () => {
  const suite = providerSuite('baileys_actions');
  const connected = (h: Harness) => suite.connected(h, OURS);
  let library: Baileys;
  let proto: Baileys['proto'];
  before(async () => {
    library = await loadBaileys();
    proto = library.proto;
  });

  /** What WhatsApp receives for a content: Baileys' own build (uploads answered locally). */
  async function built(content: AnyMessageContent): Promise<Proto.IMessage> {
    const upload = async () => ({ mediaUrl: 'https://mmg.whatsapp.net/local', directPath: '/local' });
    return library.generateWAMessageContent(content, { upload } as unknown as Parameters<Baileys['generateWAMessageContent']>[1]);
  }

  it("reacts to a customer's message with its key; an empty reaction takes it back; a repeat is the same WhatsApp message", async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const target = { providerMessageId: 'CUST-1', fromMe: false, participant: null };
    await h.provider.react!({ ...action(target), emoji: '👍' });
    await h.provider.react!({ ...action(target), again: true, emoji: '👍' });
    await h.provider.react!({ ...action(target, 'action:2'), emoji: '' });
    expect(socket.sent[0]).to.deep.include({ jid: JID, content: { react: { text: '👍', key: { remoteJid: JID, fromMe: false, id: 'CUST-1' } } } });
    expect(socket.sent.map((sent) => sent.options?.messageId)).to.deep.equal([messageIdOf('action:1'), messageIdOf('action:1'), messageIdOf('action:2')]);
    const reaction = (await built(socket.sent[0]!.content)).reactionMessage!;
    expect(reaction.text).to.equal('👍');
    expect(reaction.key).to.deep.include({ remoteJid: JID, fromMe: false, id: 'CUST-1' });
    expect(Number(reaction.senderTimestampMs)).to.be.greaterThan(0);
    expect((await built(socket.sent[2]!.content)).reactionMessage).to.deep.include({ text: '' });
  });

  it("in a group, a member's message is also keyed by its author; ours by fromMe", async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const group = { id: GROUP, isGroup: true };
    await h.provider.react!({ ...action({ providerMessageId: 'G-1', fromMe: false, participant: CUSTOMER }, 'action:3', group), emoji: '❤️' });
    await h.provider.react!({ ...action({ providerMessageId: 'G-2', fromMe: true, participant: null }, 'action:4', group), emoji: '🙏' });
    const [theirs, ours] = await Promise.all(socket.sent.map((sent) => built(sent.content)));
    expect(socket.sent[0]!.jid).to.equal(`${GROUP}@g.us`);
    expect(theirs!.reactionMessage!.key).to.deep.include({ remoteJid: `${GROUP}@g.us`, fromMe: false, id: 'G-1', participant: JID });
    expect(ours!.reactionMessage!.key).to.deep.include({ remoteJid: `${GROUP}@g.us`, fromMe: true, id: 'G-2' });
    expect(ours!.reactionMessage!.key!.participant ?? null).to.equal(null);
  });

  it('edits one of our messages: a MESSAGE_EDIT protocol message naming it, with the new text', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    await h.provider.edit!({ ...action({ providerMessageId: 'OURS-1', fromMe: true, participant: null }, 'action:5'), body: '*Ana*:\nSee you at 6' });
    expect(socket.sent[0]!.content).to.deep.equal({ text: '*Ana*:\nSee you at 6', edit: { remoteJid: JID, fromMe: true, id: 'OURS-1' } });
    const protocol = (await built(socket.sent[0]!.content)).protocolMessage!;
    expect(protocol.type).to.equal(proto.Message.ProtocolMessage.Type.MESSAGE_EDIT);
    expect(protocol.key).to.deep.include({ remoteJid: JID, fromMe: true, id: 'OURS-1' });
    expect(protocol.editedMessage?.extendedTextMessage?.text).to.equal('*Ana*:\nSee you at 6');
  });

  it('deletes one of our messages for everyone: a REVOKE protocol message naming it', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    await h.provider.revoke!(action({ providerMessageId: 'OURS-2', fromMe: true, participant: null }, 'action:6'));
    expect(socket.sent[0]!.content).to.deep.equal({ delete: { remoteJid: JID, fromMe: true, id: 'OURS-2' } });
    const protocol = (await built(socket.sent[0]!.content)).protocolMessage!;
    expect(protocol.type).to.equal(proto.Message.ProtocolMessage.Type.REVOKE);
    expect(protocol.key).to.deep.include({ remoteJid: JID, fromMe: true, id: 'OURS-2' });
  });

  it('forwards text and a document marked forwarded, as Baileys\' own forward marks them', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const folder = await mkdtemp(path.join(tmpdir(), 'atende-forward-'));
    const filePath = path.join(folder, 'invoice.pdf');
    await writeFile(filePath, '%PDF-1.7\n%%EOF\n');
    await h.provider.send({ localId: 'local:f1', to: { id: CUSTOMER, isGroup: false }, body: 'the menu', forwarded: true });
    await h.provider.send({ localId: 'local:f2', to: { id: CUSTOMER, isGroup: false }, body: 'invoice.pdf', forwarded: true, media: { filePath, mimeType: 'application/pdf', fileName: 'invoice.pdf', kind: 'document' } });
    await h.provider.send({ localId: 'local:f3', to: { id: CUSTOMER, isGroup: false }, body: 'not forwarded' });
    const [text, document, plain] = await Promise.all(socket.sent.map((sent) => built(sent.content)));
    expect(text!.extendedTextMessage).to.deep.include({ text: 'the menu' });
    expect(text!.extendedTextMessage!.contextInfo).to.deep.include({ isForwarded: true, forwardingScore: 1 });
    expect(document!.documentMessage).to.deep.include({ fileName: 'invoice.pdf', mimetype: 'application/pdf' });
    expect(document!.documentMessage!.contextInfo).to.deep.include({ isForwarded: true, forwardingScore: 1 });
    expect(plain!.extendedTextMessage?.contextInfo?.isForwarded ?? false).to.equal(false);
  });

  it('an action while the socket is down, or failing, is an error the sender retries', async () => {
    const idle = suite.track(harness());
    await idle.provider.start();
    let failed: unknown;
    await idle.provider.react!({ ...action({ providerMessageId: 'X', fromMe: false, participant: null }), emoji: '👍' }).catch((err: unknown) => (failed = err));
    expect(failed).to.have.property('code', 'ERR_WAPP_NOT_CONNECTED');
    const h = await connected(harness());
    h.bench.latest().failSends = 2;
    await h.provider.edit!({ ...action({ providerMessageId: 'Y', fromMe: true, participant: null }), body: 'x' }).catch((err: unknown) => (failed = err));
    expect(failed).to.have.property('code', 'ERR_SENDING_WAPP_MSG');
    await h.provider.revoke!(action({ providerMessageId: 'Z', fromMe: true, participant: null })).catch((err: unknown) => (failed = err));
    expect(failed).to.have.property('code', 'ERR_DELETE_WAPP_MSG');
  });
});
