import { expect } from 'chai';
import { MongoClient, ObjectId } from 'mongodb';
import { createMember, createTenant, login, loginSuper } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { startChannelTestApp, type ChannelTestApp } from '../support/whatsappFixtures.js';

describe('outbound sender: a send survives a server restart', () => {
  let first: ChannelTestApp | undefined;
  let second: ChannelTestApp | undefined;
  after(async () => {
    await first?.stop({ drop: false });
    await second?.stop();
  });

  it('a message whose sends keep failing is delivered by the next server once the connection works', async () => {
    const env = { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '300' };
    first = await startChannelTestApp('outbound', { env });
    const tenant = await createTenant(first, await loginSuper(first));
    const agent = await createMember(first, tenant, 'admin');
    const whatsappId = (await sandboxConnection(first, tenant.admin)).id;
    const number = customerNumber();
    await customerSays(first, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(first!, tenant.admin, number, 'pending'), 5_000, 'ticket');
    await first.call('PUT', `/tickets/${pending.id}`, { token: agent.token, body: { status: 'open', userId: agent.user.id } });

    expect((await first.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count: 3 } })).status).to.equal(200);
    const sent = await first.call('POST', `/messages/${pending.id}`, { token: agent.token, body: { body: 'sent across a restart' } });
    expect(sent.status).to.equal(201);
    expect(sent.body[0].ack).to.equal(0);
    await first.stop({ drop: false });

    second = await startChannelTestApp('outbound', { databaseName: first.databaseName, env });
    const admin = await login(second, tenant.adminEmail, tenant.password);
    const delivered = await eventually(async () => (await outboxOf(second!, admin, whatsappId, number)).find((m) => m.body === 'sent across a restart'), 10_000, 'delivered');
    expect(delivered.ack).to.be.at.least(1);
    const history = await second.call('GET', `/messages/${pending.id}`, { token: admin.token });
    const message = history.body.messages.find((m: { body: string }) => m.body === 'sent across a restart');
    expect(message.ack).to.be.at.least(1);
    // Delivered once, not once per attempt.
    expect((await outboxOf(second, admin, whatsappId, number)).filter((m) => m.body === 'sent across a restart')).to.have.length(1);
  });
});

describe('outbound sender: sends queued as jobs by an earlier release', () => {
  let upgraded: ChannelTestApp | undefined;
  after(async () => {
    await upgraded?.stop();
  });

  it('a send an earlier release left queued as a job is sent after the upgrade, once', async () => {
    const env = { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '10000' };
    const old = await startChannelTestApp('outboxupgrade', { env });
    const tenant = await createTenant(old, await loginSuper(old));
    const whatsappId = (await sandboxConnection(old, tenant.admin)).id;
    const number = customerNumber();
    await customerSays(old, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(old, tenant.admin, number, 'pending'), 5_000, 'ticket');
    await old.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    expect((await old.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count: 1 } })).status).to.equal(200);
    const sent = await old.call('POST', `/messages/${pending.id}`, { token: tenant.admin.token, body: { body: 'queued by the earlier release' } });
    expect(sent.status).to.equal(201);
    await old.stop({ drop: false });

    // As the earlier release left it: an Agenda job for the send, no outbox key.
    const client = await new MongoClient(process.env.ATENDE_TEST_MONGO_BASE!).connect();
    try {
      const db = client.db(old.databaseName);
      const messageId = new ObjectId(sent.body[0].id as string);
      await db.collection('messages').updateOne({ _id: messageId }, { $set: { outboxKey: null } });
      await db.collection('agendaJobs').insertOne({ name: 'outbound:send', data: { companyId: tenant.companyId, messageId: String(messageId) }, type: 'normal', nextRunAt: new Date(), priority: 0 });
      await db.collection('agendaJobs').insertOne({ name: 'outbound:send', data: { messageId: String(messageId) }, type: 'normal', nextRunAt: null, lastFinishedAt: new Date(), priority: 0 });
      await db.collection('atendeupgrades').deleteOne({ _id: 'outbox-keys-1' as unknown as ObjectId });

      upgraded = await startChannelTestApp('outboxupgrade', { databaseName: old.databaseName, env });
      const admin = await login(upgraded, tenant.adminEmail, tenant.password);
      await eventually(async () => (await outboxOf(upgraded!, admin, whatsappId, number)).some((m) => m.body === 'queued by the earlier release'), 5_000, 'delivered');
      expect((await outboxOf(upgraded, admin, whatsappId, number)).filter((m) => m.body === 'queued by the earlier release')).to.have.length(1);
      expect(await db.collection('agendaJobs').countDocuments({ name: 'outbound:send' })).to.equal(0);
    } finally {
      await client.close();
    }
  });
});
