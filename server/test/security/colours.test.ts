/**
 * Colours are colours (issue 29): a tag's, a queue's (and so a kanban lane's) colour is hex, never
 * CSS that would run in colleagues' browsers; one stored before the rule is answered as the
 * default everywhere it is read (tags, kanban, queues, connections, tickets).
 */
import { expect } from 'chai';
import mongoose from 'mongoose';
import { DEFAULT_COLOR, PLAN_FLAGS } from '@atende/shared';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, expectInvalid, loginSuper, type Tenant } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

const HOSTILE = ['red;background:url(https://evil.test/leak)', '#fff;background:url(x)', 'url(https://evil.test/x)', 'expression(alert(1))', 'red', '#12345', '#ggg', ' #abc } body { display:none '];

describe('colours are colours, never CSS (issue 29)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let tenant: Tenant;
  const as = (method: string, path: string, body?: unknown) => t.call(method, path, { token: tenant.admin.token, ...(body === undefined ? {} : { body }) });

  before(async () => {
    t = await startTestApp('colours');
    const superUser = await loginSuper(t);
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true]));
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { ...flags, users: 5 })).id });
  });
  after(() => t?.stop());

  it('tags and queues refuse anything but #rgb, #rrggbb and #rrggbbaa, when created and when changed', async () => {
    const tag = (await as('POST', '/tags', { name: 'Valid tag', color: '#A1B2C3' })).body;
    const queue = (await as('POST', '/queue', { name: 'Valid queue', color: '#0a0b0c80', greetingMessage: 'Welcome' })).body;
    expect(tag.color).to.equal('#A1B2C3');
    expect(queue.color).to.equal('#0a0b0c80');
    for (const color of HOSTILE) {
      expectInvalid(await as('POST', '/tags', { name: 'Hostile tag', color }), 'color');
      expectInvalid(await as('PUT', `/tags/${tag.id}`, { color }), 'color');
      expectInvalid(await as('POST', '/queue', { name: 'Hostile queue', color, greetingMessage: 'Welcome' }), 'color');
      expectInvalid(await as('PUT', `/queue/${queue.id}`, { color }), 'color');
    }
    expect((await as('PUT', `/tags/${tag.id}`, { color: '#abc' })).body.color).to.equal('#abc');
    expect((await as('GET', `/queue/${queue.id}`)).body.color).to.equal('#0a0b0c80');
  });

  it('a colour stored before the rule is answered as the default wherever it is read', async () => {
    const hostile = HOSTILE[0]!;
    const tag = (await as('POST', '/tags', { name: 'Old lane', color: '#123456', kanban: 1 })).body;
    const created = await as('POST', '/queue', { name: 'Old queue', color: '#654321', greetingMessage: 'Welcome' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const queue = created.body;
    const connection = await sandboxConnection(t, tenant.admin, { queueIds: [queue.id], greetingMessage: 'Hello' });
    // As an older version could have stored them.
    await mongoose.connection.collection('tags').updateOne({ _id: new mongoose.Types.ObjectId(tag.id as string) }, { $set: { color: hostile } });
    await mongoose.connection.collection('queues').updateOne({ _id: new mongoose.Types.ObjectId(queue.id as string) }, { $set: { color: hostile } });
    // The caches of the company's tags and queues expire; a change elsewhere drops them at once.
    await as('POST', '/tags', { name: 'Cache drop', color: '#000' });
    await as('PUT', `/queue/${queue.id}`, { name: 'Old queue' });
    const number = customerNumber();
    await customerSays(t, tenant.admin, connection.id, number, 'Hello');
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number), 10_000, 'the ticket');
    expect((await as('POST', '/tags/sync', { ticketId: ticket.id, tags: [{ id: tag.id }] })).status).to.equal(200);
    await as('PUT', `/tickets/${ticket.id}`, { queueId: queue.id });

    const answers = [
      await as('GET', '/tags'),
      await as('GET', '/tags/list'),
      await as('GET', `/tags/${tag.id}`),
      await as('GET', '/tags/kanban'),
      await as('GET', '/queue'),
      await as('GET', `/queue/${queue.id}`),
      await as('GET', `/whatsapp/${connection.id}`),
      await as('GET', `/tickets/${ticket.id}`),
      await as('GET', '/ticket/kanban'),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(JSON.stringify(answer.body)).to.not.contain('url(');
    }
    expect((await as('GET', `/tags/${tag.id}`)).body.color).to.equal(DEFAULT_COLOR);
    expect((await as('GET', `/queue/${queue.id}`)).body.color).to.equal(DEFAULT_COLOR);
    const viewed = (await as('GET', `/tickets/${ticket.id}`)).body;
    expect(viewed.queue.color).to.equal(DEFAULT_COLOR);
    expect(viewed.tags.map((each: { color: string }) => each.color)).to.deep.equal([DEFAULT_COLOR]);
  });
});
