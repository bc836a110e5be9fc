import { expect } from 'chai';
import type { Baileys } from '../../../src/channels/baileys/library.js';
import { ContactModel } from '../../../src/domains/contacts/model.js';
import { insertMessage } from '../../../src/domains/messages/store.js';
import { createTicket, updateTicket } from '../../../src/domains/tickets/writer.js';
import { harness, pause, providerSuite, until, type Harness } from './harness.js';

const OURS = '5511999990000';
const CUSTOMER = '5511988887777';
const OTHER = '5511977776666';
const jid = (number: string) => `${number}@s.whatsapp.net`;

describe('Baileys provider: offline replay, own echoes, undecryptable messages, backfill, status reasons (socket double)', () => {
  const suite = providerSuite('baileys_replay');
  const { message } = suite;
  const connected = (h: Harness) => suite.connected(h, OURS, { paired: true });
  let proto: Baileys['proto'];
  before(() => {
    proto = suite.proto();
  });

  it("takes WhatsApp's offline replay ('append' upserts) as replayed messages, in order with their own times; our own echoes are dropped", async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const { providerMessageId: ours } = await h.provider.send({ localId: 'local:1', to: { id: CUSTOMER, isGroup: false }, body: 'we answered before the outage' });
    // What Baileys emits after reconnecting for nodes flagged offline: `upsertMessage(msg, 'append')`.
    socket.append([
      message({ remoteJid: jid(CUSTOMER), fromMe: false, id: 'OFF1' }, { conversation: 'are you there?' }, { messageTimestamp: 1_700_000_100 }),
      message({ remoteJid: jid(CUSTOMER), fromMe: true, id: ours }, { extendedTextMessage: { text: 'we answered before the outage' } }, { messageTimestamp: 1_700_000_050 }),
      message({ remoteJid: jid(OTHER), fromMe: false, id: 'OFF2' }, { conversation: 'hello' }, { messageTimestamp: 1_700_000_200, pushName: 'João' }),
      message({ remoteJid: jid(CUSTOMER), fromMe: true, id: 'PHONE1' }, { conversation: 'typed on the phone' }, { messageTimestamp: 1_700_000_300, pushName: 'Shop' }),
      message({ remoteJid: jid(CUSTOMER), fromMe: false, id: 'OFF3' }, { conversation: 'hello?' }, { messageTimestamp: 1_700_000_400 }),
    ]);
    await until(() => h.inbound.length === 4, 'four replayed messages');
    await pause(50);
    expect(h.inbound.map((m) => [m.providerMessageId, m.body, m.fromMe, m.replayed, m.timestamp.getTime() / 1000])).to.deep.equal([
      ['OFF1', 'are you there?', false, true, 1_700_000_100],
      ['OFF2', 'hello', false, true, 1_700_000_200],
      ['PHONE1', 'typed on the phone', true, true, 1_700_000_300],
      ['OFF3', 'hello?', false, true, 1_700_000_400],
    ]);
    expect(h.inbound[1]!.chat).to.deep.equal({ id: OTHER, name: 'João', isGroup: false });
    // Live messages are not marked.
    socket.upsert([message({ remoteJid: jid(CUSTOMER), fromMe: false, id: 'LIVE1' }, { conversation: 'live' })]);
    await until(() => h.inbound.length === 5, 'live message');
    expect(h.inbound[4]!.replayed).to.equal(undefined);
  });

  it('hands over an undecryptable message (CIPHERTEXT stub) as a placeholder, then the same id readable when the retry succeeds; getMessage answers our sends for retry receipts', async () => {
    const h = await connected(harness());
    const socket = h.bench.latest();
    const { providerMessageId } = await h.provider.send({ localId: 'local:2', to: { id: CUSTOMER, isGroup: false }, body: 'our offer' });
    await until(async () => Boolean(await socket.config.getMessage!({ remoteJid: jid(CUSTOMER), id: providerMessageId, fromMe: true })), 'sent content kept');
    expect((await socket.config.getMessage!({ remoteJid: jid(CUSTOMER), id: providerMessageId, fromMe: true }))?.extendedTextMessage?.text).to.equal('our offer');

    // decode-wa-message.js on a Bad MAC: no content, stub CIPHERTEXT with the error.
    socket.upsert([message({ remoteJid: jid(CUSTOMER), fromMe: false, id: 'BAD1' }, null, { messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT, messageStubParameters: ['Bad MAC'] })]);
    await until(() => h.inbound.length === 1, 'placeholder');
    expect(h.inbound[0]).to.deep.include({ providerMessageId: 'BAD1', undecryptable: true, mediaType: 'chat', body: 'This message could not be read; ask the customer to send it again.' });
    socket.upsert([message({ remoteJid: jid(CUSTOMER), fromMe: false, id: 'BAD1' }, { conversation: 'the real text' })]);
    await until(() => h.inbound.length === 2, 'retried message');
    expect(h.inbound[1]).to.deep.include({ providerMessageId: 'BAD1', body: 'the real text' });
    expect(h.inbound[1]!.undecryptable).to.equal(undefined);
  });

  it('after an outage asks WhatsApp for the recent history of the active chats, anchored on their newest message, and takes only the on-demand answer', async () => {
    const h = await connected(harness({ backfillAfterMs: 0 }));
    const { companyId, whatsappId } = h;
    const contact = await ContactModel.create({ companyId, name: 'Maria', number: CUSTOMER, numberKey: CUSTOMER });
    const ticket = await createTicket({ companyId, contactId: contact._id, whatsappId, status: 'open' });
    const closed = await createTicket({ companyId, contactId: contact._id, whatsappId, status: 'closed' });
    await insertMessage(ticket, 0, { whatsappId, providerMessageId: 'M1', body: 'older', createdAt: new Date(1_700_000_000_000) });
    await insertMessage(ticket, 1, { whatsappId, providerMessageId: 'M2', body: 'newest', fromMe: true, createdAt: new Date(1_700_000_500_000) });
    await insertMessage(closed, 0, { whatsappId, providerMessageId: 'C1', body: 'closed chat', createdAt: new Date(1_700_000_600_000) });
    // The tickets count their messages, as the inbox does when it stores them.
    await updateTicket(companyId, ticket, { $set: { messageCount: 2 } });
    await updateTicket(companyId, closed, { $set: { messageCount: 1 } });

    const first = h.bench.latest();
    first.close(428);
    await until(() => h.statuses.some((s) => s.status === 'TIMEOUT'), 'timeout');
    expect(h.statuses.find((s) => s.status === 'TIMEOUT')).to.deep.include({ reason: 'connectionLost', code: 428 });
    const second = await h.bench.waitFor(2, 8_000);
    second.open(OURS);
    await until(() => second.historyRequests.length === 1, 'history asked');
    await pause(50);
    expect(second.historyRequests).to.deep.equal([{ count: 50, key: { remoteJid: jid(CUSTOMER), id: 'M2', fromMe: true }, timestampMs: 1_700_000_500_000 }]);

    // The bulk history of a pairing is not turned into tickets; the on-demand answer is.
    second.emit('messaging-history.set', { chats: [], contacts: [], messages: [message({ remoteJid: jid(CUSTOMER), id: 'BULK' }, { conversation: 'old' })], syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP });
    second.history([message({ remoteJid: jid(CUSTOMER), fromMe: false, id: 'GAP1' }, { conversation: 'written during the gap' }, { messageTimestamp: 1_700_000_550 })]);
    await until(() => h.inbound.length === 1, 'backfilled message');
    await pause(50);
    expect(h.inbound.map((m) => [m.providerMessageId, m.replayed])).to.deep.equal([['GAP1', true]]);
  }).timeout(15_000);

  it('says why the status changed: a silent socket is restarted as an outage of its own (watchdog); a logout on the phone is loggedOut with its code', async () => {
    const silent = await connected(harness({ watchdogMs: 150, backfillAfterMs: 60_000 }));
    await until(() => silent.bench.sockets.length >= 2, 'watchdog restart', 3_000);
    expect(silent.statuses.find((s) => s.status === 'TIMEOUT')).to.deep.include({ reason: 'watchdog' });

    const h = await connected(harness({ backfillAfterMs: 60_000 }));
    h.bench.latest().close(401);
    await until(() => h.statuses.some((s) => s.status === 'DISCONNECTED'), 'logged out');
    expect(h.statuses.find((s) => s.status === 'DISCONNECTED')).to.deep.include({ reason: 'loggedOut', code: 401 });
  });
});
