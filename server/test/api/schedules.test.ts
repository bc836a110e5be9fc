import { expect } from 'chai';
import { mediaFilePath, UPLOAD_LIMITS } from '../../src/platform/uploads.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectFileGone, postMultipart, SAMPLES } from '../support/backofficeFixtures.js';
import { createContact } from '../support/contactFixtures.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { listen, waitFor } from '../support/realtimeFixtures.js';
import { ScheduleModel } from '../../src/domains/schedules/model.js';

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('schedules (scheduled messages): the API', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let withoutPlan: Tenant;
  let agent: Session & { email: string };
  let contact: { id: string; name: string; number: string };
  let otherContact: { id: string };

  before(async () => {
    t = await startTestApp('schedules');
    superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useSchedules: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    withoutPlan = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    contact = await createContact(t, tenant.admin, { name: 'Maria Silva' });
    otherContact = await createContact(t, other.admin);
  });
  after(() => t?.stop());

  const create = (body: Record<string, unknown>, token = tenant.admin.token) => t.call('POST', '/schedules', { token, body });
  const upload = (id: string, name: string, bytes: Buffer, token = tenant.admin.token) => postMultipart(t, token, `/schedules/${id}/media-upload`, {}, { file: { name, bytes } });

  it('creates a schedule for a contact of the company: PENDENTE, with the contact named, the author, nothing sent', async () => {
    const sendAt = inHours(5);
    const answer = await create({ body: 'Hello {{firstName}}', contactId: contact.id, sendAt }, agent.token);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    expect(answer.body).to.include({ body: 'Hello {{firstName}}', contactId: contact.id, sendAt, sentAt: null, status: 'PENDENTE', userId: agent.user.id, companyId: tenant.companyId, mediaPath: null, attempts: 0, lastError: null });
    expect(answer.body.contact).to.include({ id: contact.id, name: 'Maria Silva', number: contact.number });
    const read = await t.call('GET', `/schedules/${answer.body.id}`, { token: tenant.admin.token });
    expect(read.body).to.deep.equal(answer.body);
  });

  it("refuses bad input (400 ERR_VALIDATION naming the field, 'Mensagem muito curta' for a short body)", async () => {
    const short = await create({ body: 'oi', contactId: contact.id, sendAt: inHours(1) });
    expectInvalid(short, 'body');
    expect(short.body.rule).to.equal('string.min');
    expectInvalid(await create({ contactId: contact.id, sendAt: inHours(1) }), 'body');
    expectInvalid(await create({ body: 'hello there', sendAt: inHours(1) }), 'contactId');
    expectInvalid(await create({ body: 'hello there', contactId: 'nope', sendAt: inHours(1) }), 'contactId');
    expectInvalid(await create({ body: 'hello there', contactId: contact.id }), 'sendAt');
    expectInvalid(await create({ body: 'hello there', contactId: contact.id, sendAt: 'tomorrow' }), 'sendAt');
    expectInvalid(await create({ body: 'hello there', contactId: contact.id, sendAt: inHours(1), status: 'ENVIADA', extra: 1 }), 'extra');
    expectInvalid(await t.call('GET', '/schedules?from=2026-11-01T00:00:00Z', { token: tenant.admin.token }), 'query');
    expectInvalid(await t.call('GET', '/schedules?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z', { token: tenant.admin.token }), 'query');
  });

  it("refuses another company's contact and ids (404), and users whose plan lacks useSchedules (403)", async () => {
    expectError(await create({ body: 'hello there', contactId: otherContact.id, sendAt: inHours(1) }), 404, 'ERR_NO_CONTACT_FOUND');
    const mine = (await create({ body: 'private text', contactId: contact.id, sendAt: inHours(2) })).body;
    const token = other.admin.token;
    expectError(await t.call('GET', `/schedules/${mine.id}`, { token }), 404, 'ERR_NO_SCHEDULE_FOUND');
    expectError(await t.call('PUT', `/schedules/${mine.id}`, { token, body: { body: 'taken over' } }), 404, 'ERR_NO_SCHEDULE_FOUND');
    expectError(await t.call('DELETE', `/schedules/${mine.id}`, { token }), 404, 'ERR_NO_SCHEDULE_FOUND');
    expectError(await upload(mine.id, 'a.png', SAMPLES.png(), token), 404, 'ERR_NO_SCHEDULE_FOUND');
    const theirs = await t.call('GET', '/schedules', { token });
    expect(theirs.body.schedules.map((s: { id: string }) => s.id)).not.to.include(mine.id);
    expectError(await t.call('GET', `/schedules/${MISSING_ID}`, { token: tenant.admin.token }), 404, 'ERR_NO_SCHEDULE_FOUND');

    for (const [method, path] of [['GET', '/schedules'], ['GET', `/schedules/${mine.id}`], ['POST', '/schedules'], ['PUT', `/schedules/${mine.id}`], ['DELETE', `/schedules/${mine.id}`]] as const) {
      expectError(await t.call(method, path, { token: withoutPlan.admin.token, body: method === 'POST' || method === 'PUT' ? { body: 'hello there' } : undefined }), 403, 'ERR_PLAN_FEATURE_DISABLED');
    }
    expect((await t.call('GET', `/schedules/${mine.id}`, { token: tenant.admin.token })).body.body).to.equal('private text');
  });

  it('lists newest sendAt first, searched by text or contact name, paged with hasMore', async () => {
    const buyer = await createContact(t, tenant.admin, { name: 'Zeferino Buyer' });
    const created = [];
    for (let i = 0; i < 22; i++) created.push((await create({ body: `promo number ${i}`, contactId: buyer.id, sendAt: inHours(100 + i) })).body);
    const first = await t.call('GET', '/schedules?searchParam=promo', { token: tenant.admin.token });
    expect(first.body.schedules[0].id).to.equal(created[21].id);
    expect(first.body.hasMore).to.equal(true);
    const second = await t.call('GET', '/schedules?searchParam=promo&pageNumber=2', { token: tenant.admin.token });
    expect(second.body.hasMore).to.equal(false);
    expect(first.body.schedules.length + second.body.schedules.length).to.equal(22);
    const byName = await t.call('GET', '/schedules?searchParam=zeferino', { token: tenant.admin.token });
    expect(byName.body.schedules).to.have.length.greaterThan(0);
    expect(byName.body.schedules.every((s: { contact: { name: string } }) => s.contact.name === 'Zeferino Buyer')).to.equal(true);
    const ofContact = await t.call('GET', `/schedules?contactId=${contact.id}`, { token: tenant.admin.token });
    expect(ofContact.body.schedules.every((s: { contactId: string }) => s.contactId === contact.id)).to.equal(true);
  });

  it('pages across months newest first by the months counter, kept right by moves and deletes', async () => {
    const fresh = await createTenant(t, superUser, { planId: (await t.call('GET', '/plans/all', { token: superUser.token })).body.find((plan: { useSchedules: boolean }) => plan.useSchedules).id });
    const someone = await createContact(t, fresh.admin, { name: 'Month Walker' });
    const sendAts: string[] = [];
    // 25 schedules over 5 months, written in no particular order.
    for (const month of [3, 1, 5, 2, 4]) for (let day = 1; day <= 5; day++) sendAts.push(`2040-0${month}-${String(day * 5).padStart(2, '0')}T12:00:00.000Z`);
    const ids = new Map<string, string>();
    for (const sendAt of sendAts) ids.set(sendAt, (await create({ body: `monthly ${sendAt}`, contactId: someone.id, sendAt }, fresh.admin.token)).body.id);
    const newestFirst = [...sendAts].sort().reverse();
    const list = async (query = '') => {
      const pages: string[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const answer = await t.call('GET', `/schedules?pageNumber=${pageNumber}${query}`, { token: fresh.admin.token });
        pages.push(...answer.body.schedules.map((s: { sendAt: string }) => s.sendAt));
        if (!answer.body.hasMore) return pages;
      }
    };
    expect(await list()).to.deep.equal(newestFirst);
    expect(await list('&searchParam=2040-02')).to.deep.equal(newestFirst.filter((at) => at.startsWith('2040-02')));

    // Moved to another month and deleted: the pages follow.
    const moved = newestFirst[24]!;
    const answer = await t.call('PUT', `/schedules/${ids.get(moved)}`, { token: fresh.admin.token, body: { sendAt: '2040-07-01T08:00:00.000Z' } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect((await t.call('DELETE', `/schedules/${ids.get(newestFirst[0]!)}`, { token: fresh.admin.token })).status).to.equal(204);
    expect(await list()).to.deep.equal(['2040-07-01T08:00:00.000Z', ...newestFirst.slice(1, 24)]);

    // Created at once into one month: the counter misses none of them (it decides what a page skips).
    const racing = Array.from({ length: 12 }, (_, i) => `2041-01-${String(i + 1).padStart(2, '0')}T09:00:00.000Z`);
    await Promise.all(racing.map((sendAt) => create({ body: `racing ${sendAt}`, contactId: someone.id, sendAt }, fresh.admin.token)));
    const all = await list();
    expect(all.slice(0, 12)).to.deep.equal([...racing].reverse());
    expect(all).to.have.length(36);
  });

  it('answers a calendar window (from..to) with every schedule due in it, across months, by sendAt', async () => {
    const inside = ['2031-01-30T10:00:00.000Z', '2031-02-01T09:00:00.000Z', '2031-01-31T23:30:00.000Z'];
    const ids = [];
    for (const sendAt of [...inside, '2031-02-10T00:00:00.000Z', '2031-01-29T23:59:59.000Z']) ids.push((await create({ body: 'window test', contactId: contact.id, sendAt })).body.id);
    const answer = await t.call('GET', '/schedules?from=2031-01-30T00:00:00.000Z&to=2031-02-02T00:00:00.000Z', { token: tenant.admin.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.schedules.map((s: { sendAt: string }) => s.sendAt)).to.deep.equal([...inside].sort());
    expect(answer.body.hasMore).to.equal(false);
    const stored = await ScheduleModel.findOne({ companyId: tenant.companyId, _id: ids[1] }).lean();
    expect(stored?.sendMonth).to.equal('2031-02');
  });

  it('updates a pending schedule (a new contact is named again); a sent one is refused with 409 ERR_SCHEDULE_SENT', async () => {
    const created = (await create({ body: 'first text', contactId: contact.id, sendAt: inHours(3) })).body;
    const buyer = await createContact(t, tenant.admin, { name: 'Joana Prado' });
    const sendAt = inHours(4);
    const updated = await t.call('PUT', `/schedules/${created.id}`, { token: agent.token, body: { ...created, body: 'second text', contactId: buyer.id, sendAt } });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(updated.body).to.include({ body: 'second text', contactId: buyer.id, sendAt, status: 'PENDENTE' });
    expect(updated.body.contact.name).to.equal('Joana Prado');
    expectInvalid(await t.call('PUT', `/schedules/${created.id}`, { token: agent.token, body: { body: 'abc' } }), 'body');
    expectError(await t.call('PUT', `/schedules/${created.id}`, { token: agent.token, body: { contactId: otherContact.id } }), 404, 'ERR_NO_CONTACT_FOUND');

    await ScheduleModel.updateOne({ companyId: tenant.companyId, _id: created.id }, { $set: { status: 'ENVIADA', sentAt: new Date() } });
    expectError(await t.call('PUT', `/schedules/${created.id}`, { token: agent.token, body: { body: 'too late now' } }), 409, 'ERR_SCHEDULE_SENT');
    expectError(await upload(created.id, 'a.png', SAMPLES.png()), 409, 'ERR_SCHEDULE_SENT');
    expect((await t.call('GET', `/schedules/${created.id}`, { token: agent.token })).body.body).to.equal('second text');
    // Deleting a sent one is allowed (the history keeps the message).
    expect((await t.call('DELETE', `/schedules/${created.id}`, { token: agent.token })).status).to.equal(204);
  });

  it('attaches png/jpg/jpeg only (names with spaces -> underscores), replaces and removes the file', async () => {
    const created = (await create({ body: 'with a picture', contactId: contact.id, sendAt: inHours(6) })).body;
    const first = await upload(created.id, 'new menu.png', SAMPLES.png(300));
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.mediaName).to.equal('new_menu.png');
    expect(first.body.mediaUrl).to.match(new RegExp(`^/public/${tenant.companyId}/${first.body.mediaPath}\\?expires=\\d+&signature=`));
    const second = await upload(created.id, 'photo.jpeg', SAMPLES.jpeg());
    expect(second.body.mediaName).to.equal('photo.jpeg');
    await expectFileGone(mediaFilePath(tenant.companyId, first.body.mediaPath));
    expectError(await upload(created.id, 'terms.pdf', SAMPLES.pdf()), 400, 'ERR_INVALID_MEDIA');
    expectError(await upload(created.id, 'fake.png', SAMPLES.pdf()), 400, 'ERR_INVALID_MEDIA');
    expectError(await upload(created.id, 'sticker.webp', SAMPLES.webp()), 400, 'ERR_INVALID_MEDIA');
    expectError(await upload(created.id, 'huge.png', SAMPLES.png(UPLOAD_LIMITS.image + 1)), 413, 'ERR_MEDIA_TOO_LARGE');
    expect((await t.call('DELETE', `/schedules/${created.id}/media-upload`, { token: tenant.admin.token })).status).to.equal(204);
    await expectFileGone(mediaFilePath(tenant.companyId, second.body.mediaPath));
    expect((await t.call('GET', `/schedules/${created.id}`, { token: tenant.admin.token })).body).to.include({ mediaPath: null, mediaName: null });

    const third = await upload(created.id, 'again.jpg', SAMPLES.jpeg());
    expect((await t.call('DELETE', `/schedules/${created.id}`, { token: tenant.admin.token })).status).to.equal(204);
    await expectFileGone(mediaFilePath(tenant.companyId, third.body.mediaPath));
    expectError(await t.call('GET', `/schedules/${created.id}`, { token: tenant.admin.token }), 404, 'ERR_NO_SCHEDULE_FOUND');
  });

  it("publishes create, update and delete on the company's schedule channel only", async () => {
    const mine = await listen(t, tenant.adminEmail, tenant.password, 'schedule');
    const theirs = await listen(t, other.adminEmail, other.password, 'schedule');
    try {
      const created = (await create({ body: 'live schedule', contactId: contact.id, sendAt: inHours(7) })).body;
      await waitFor(mine.events, (e) => e.action === 'create' && (e as any).schedule.id === created.id);
      await t.call('PUT', `/schedules/${created.id}`, { token: tenant.admin.token, body: { body: 'live schedule edited' } });
      await waitFor(mine.events, (e) => e.action === 'update' && (e as any).schedule.body === 'live schedule edited');
      await t.call('DELETE', `/schedules/${created.id}`, { token: tenant.admin.token });
      await waitFor(mine.events, (e) => e.action === 'delete' && (e as any).scheduleId === created.id);
      expect(theirs.events).to.deep.equal([]);
    } finally {
      mine.client.disconnect();
      theirs.client.disconnect();
    }
  });
});
