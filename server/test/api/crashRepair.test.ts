import { expect } from 'chai';
import { hostname } from 'node:os';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { minuteKeyOf } from '../../src/platform/database/cleanPoint.js';
import { pageKeyOf } from '../../src/domains/messages/store.js';
import { createMember, createTenant, login, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { startChannelTestApp, type ChannelTestApp } from '../support/whatsappFixtures.js';

/**
 * What a kill -9 can leave, written as the crash leaves it (a message stored whose ticket never
 * counted it; an ack the phone has that never reached us; no clean stop), then a start repairs it.
 */
describe('crash leftovers are repaired at the next start', () => {
  const env = { ATENDE_SANDBOX_ACK_MS: '20' };
  let first: ChannelTestApp | undefined;
  let second: ChannelTestApp | undefined;
  let client: MongoClient;
  let db: Db;
  let tenantEmail: string;
  let tenantPassword: string;
  let customer: string;
  after(async () => {
    await first?.stop({ drop: false });
    await second?.stop();
    await client?.close();
  });

  /** A customer's message stored as the pipeline stores it, whose ticket never counted it. */
  async function storeUncounted(ticketId: ObjectId, body: string, at: Date): Promise<void> {
    const ticket = (await db.collection('tickets').findOne({ _id: ticketId }))!;
    const seq = ticket.messageCount as number;
    await db.collection('messages').insertOne({
      companyId: ticket.companyId,
      ticketId,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      providerMessageId: `crash-${seq}`,
      body,
      fromMe: false,
      userId: null,
      read: false,
      ack: 0,
      mediaType: 'chat',
      mediaPath: null,
      mediaMimeType: null,
      mediaName: null,
      mediaError: null,
      quotedMsgId: null,
      isDeleted: false,
      isEdited: false,
      sendAttempts: 0,
      sendError: null,
      participant: null,
      seq,
      pageKey: pageKeyOf(ticketId, seq),
      unreadKey: String(ticketId),
      words: [],
      undecryptable: false,
      outboxKey: null,
      writtenIn: minuteKeyOf(at),
      createdAt: at,
      updatedAt: at,
    });
  }

  it('a ticket takes the message stored before the crash (unread, last message), and the phone replays its acks', async () => {
    first = await startChannelTestApp('crashrepair', { env });
    const tenant: Tenant = await createTenant(first, await loginSuper(first));
    const agent: Session = await createMember(first, tenant, 'admin');
    const whatsappId = (await sandboxConnection(first, tenant.admin)).id;
    const number = customerNumber();
    [tenantEmail, tenantPassword, customer] = [tenant.adminEmail, tenant.password, number];
    await customerSays(first, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(first!, tenant.admin, number, 'pending'), 5_000, 'ticket');
    await first.call('PUT', `/tickets/${pending.id}`, { token: agent.token, body: { status: 'open', userId: agent.user.id } });
    expect((await first.call('POST', `/messages/${pending.id}`, { token: agent.token, body: { body: 'thanks, checking' } })).status).to.equal(201);
    await eventually(async () => {
      const history = await first!.call('GET', `/messages/${pending.id}`, { token: agent.token });
      return (history.body.messages as { body: string; ack: number }[]).some((message) => message.body === 'thanks, checking' && message.ack === 3);
    }, 5_000, 'read on the phone');
    await customerSays(first, tenant.admin, whatsappId, number, 'are you there?');
    const before = await eventually(() => ticketOf(first!, agent, number, 'open'), 5_000, 'open ticket');
    expect(before.unreadMessages).to.equal(1);
    await first.stop({ drop: false });

    client = await new MongoClient(process.env.ATENDE_TEST_MONGO_BASE!).connect();
    db = client.db(first.databaseName);
    const ticketId = new ObjectId(pending.id as string);
    const now = new Date();
    // The process died after storing this message and before its ticket counted it.
    await storeUncounted(ticketId, 'stored just before the crash', now);
    // The phone's "read" was taken there, and the process died before storing it here.
    expect((await db.collection('messages').updateOne({ ticketId, body: 'thanks, checking' }, { $set: { ack: 1 } })).modifiedCount).to.equal(1);
    // No clean stop: the last clean point is a running server's.
    await db.collection('cleanpoints').updateOne({ _id: hostname() as unknown as ObjectId }, { $set: { at: now, stopped: false } }, { upsert: true });

    second = await startChannelTestApp('crashrepair', { databaseName: first.databaseName, env });
    const admin = await login(second, tenant.adminEmail, tenant.password);
    const repaired = await ticketOf(second, admin, number, 'open');
    expect(repaired).to.deep.include({ unreadMessages: 2, lastMessage: 'stored just before the crash', lastCustomerMessage: 'stored just before the crash' });
    const acked = await eventually(async () => {
      const history = await second!.call('GET', `/messages/${pending.id}`, { token: admin.token });
      return (history.body.messages as { body: string; ack: number }[]).find((message) => message.body === 'thanks, checking' && message.ack === 3);
    }, 5_000, 'ack replayed');
    expect(acked.ack).to.equal(3);
  });

  it('a clean stop leaves nothing to repair, and a repair is not counted twice', async () => {
    await second!.stop({ drop: false });
    const point = await db.collection('cleanpoints').findOne({ _id: hostname() as unknown as ObjectId });
    expect(point?.stopped).to.equal(true);
    // Even a start that looks at the same minutes again finds every message counted.
    await db.collection('cleanpoints').updateOne({ _id: hostname() as unknown as ObjectId }, { $set: { stopped: false } });
    second = await startChannelTestApp('crashrepair', { databaseName: first!.databaseName, env });
    const admin = await login(second, tenantEmail, tenantPassword);
    expect(await ticketOf(second, admin, customer, 'open')).to.deep.include({ unreadMessages: 2, lastMessage: 'stored just before the crash' });
  });

  it("a start repairs what a dead node left (a container replaced under another host name), then forgets that node", async () => {
    await second!.stop({ drop: false });
    const ticketId = new ObjectId((await db.collection('tickets').findOne({ unreadMessages: 2 }))!._id);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await storeUncounted(ticketId, 'left by a node that died', tenMinutesAgo);
    await db.collection('cleanpoints').insertOne({ _id: 'replaced-container' as unknown as ObjectId, at: tenMinutesAgo, stopped: false });
    second = await startChannelTestApp('crashrepair', { databaseName: first!.databaseName, env });
    const admin = await login(second, tenantEmail, tenantPassword);
    expect(await ticketOf(second, admin, customer, 'open')).to.deep.include({ unreadMessages: 3, lastMessage: 'left by a node that died' });
    expect(await db.collection('cleanpoints').countDocuments({ _id: 'replaced-container' as unknown as ObjectId })).to.equal(0);
  });
});
