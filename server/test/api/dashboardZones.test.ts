import { expect } from 'chai';
import mongoose from 'mongoose';
import { dashboardZonesUpgrade } from '../../src/domains/dashboard/upgrade.js';
import { ContactModel } from '../../src/domains/contacts/model.js';
import { CompanyModel } from '../../src/domains/companies/model.js';
import { TicketModel } from '../../src/domains/tickets/model.js';
import { TicketRatingModel } from '../../src/domains/tickets/ratingModel.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedContact, seedRating, seedTicket } from '../support/dashboardFixtures.js';
import { createTenant, login, loginSuper, type Session, type Tenant } from '../support/fixtures.js';

/**
 * The dashboard counts days and hours in the company's time zone: its setting timeZone, else the
 * operator's ATENDE_TIMEZONE (America/Sao_Paulo here, UTC-3).
 */
describe('dashboard: days of the company time zone', () => {
  let t: TestApp;
  let superUser: Session;

  before(async () => {
    t = await startTestApp('dashboardZones', { ATENDE_TIMEZONE: 'America/Sao_Paulo' });
    superUser = await loginSuper(t);
  });
  after(() => t?.stop());

  const get = (path: string, tenant: Tenant) => t.call('GET', path, { token: tenant.admin.token });
  const setZone = (tenant: Tenant, value: string) => t.call('PUT', '/settings/timeZone', { token: tenant.admin.token, body: { value } });
  const days = async (tenant: Tenant, from: string, to: string) => Object.fromEntries((await get(`/dashboard/ticketsDay?initialDate=${from}&finalDate=${to}`, tenant)).body.data.map((row: { data: string; total: number }) => [row.data, row.total]));
  const hours = async (tenant: Tenant, day: string) =>
    (await get(`/dashboard/ticketsDay?initialDate=${day}&finalDate=${day}`, tenant)).body.data.filter((row: { total: number }) => row.total > 0).map((row: { horario: string; total: number }) => `${row.horario}=${row.total}`);

  /** A ticket, a contact and a rating at 16:30 UTC on 2024-03-09: 01:30 on 2024-03-10 in Tokyo, 13:30 on 2024-03-09 in São Paulo. */
  async function seedLateAfternoon(tenant: Tenant): Promise<void> {
    const c = tenant.companyId;
    const contact = await seedContact(c, '2024-03-09 16:30');
    await seedTicket(c, { contactId: contact, status: 'closed', userId: tenant.admin.user.id, created: '2024-03-09 16:30', accepted: '2024-03-09 16:40', closed: '2024-03-09 17:00' });
    await seedRating(c, tenant.admin.user.id, 3, '2024-03-09 17:00');
  }

  it('counts a ticket opened at 01:30 local time on its local day and hour (Asia/Tokyo)', async () => {
    const tokyo = await createTenant(t, superUser);
    expect((await setZone(tokyo, 'Asia/Tokyo')).status).to.equal(200);
    await seedLateAfternoon(tokyo);

    expect(await days(tokyo, '2024-03-09', '2024-03-10')).to.deep.equal({ '2024-03-09': 0, '2024-03-10': 1 });
    expect(await hours(tokyo, '2024-03-10')).to.deep.equal(['01:00=1']);
    const local = await get('/dashboard?date_from=2024-03-10&date_to=2024-03-10', tokyo);
    expect(local.body.timeZone).to.equal('Asia/Tokyo');
    expect(local.body.counters).to.include({ supportFinished: 1, leads: 1, avgWaitTime: 10, avgSupportTime: 20 });
    expect(local.body.attendants.find((row: { id: string }) => row.id === tokyo.admin.user.id)).to.include({ rating: 3, tickets: 1 });
    expect((await get('/dashboard?date_from=2024-03-09&date_to=2024-03-09', tokyo)).body.counters).to.include({ supportFinished: 0, leads: 0 });
  });

  it("without a zone of its own, counts in the operator's (ATENDE_TIMEZONE), and \"today\" is that zone's", async () => {
    const saoPaulo = await createTenant(t, superUser);
    await seedLateAfternoon(saoPaulo);
    expect(await days(saoPaulo, '2024-03-09', '2024-03-10')).to.deep.equal({ '2024-03-09': 1, '2024-03-10': 0 });
    expect(await hours(saoPaulo, '2024-03-09')).to.deep.equal(['13:00=1']);
    const today = await get('/dashboard', saoPaulo);
    expect(today.body.timeZone).to.equal('America/Sao_Paulo');
    const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(today.body.period).to.deep.equal({ from: `${localToday.slice(0, 8)}01`, to: localToday });
  });

  it('moves the counts to the new days when the company changes its zone, each counted once', async () => {
    const moving = await createTenant(t, superUser);
    await seedLateAfternoon(moving);
    // A pending ticket waits meanwhile: the lanes' counters are not the days'.
    await seedTicket(moving.companyId, { contactId: await seedContact(moving.companyId, '2024-03-09 20:00'), status: 'pending', created: '2024-03-09 20:00' });
    expect((await days(moving, '2024-03-09', '2024-03-10'))['2024-03-09']).to.equal(2);

    expect((await setZone(moving, 'Asia/Tokyo')).status).to.equal(200);
    for (const deadline = Date.now() + 15_000; ; ) {
      const seen = await days(moving, '2024-03-09', '2024-03-10');
      // A move grows the new day before it shrinks the old one: once done, each counts once.
      if (seen['2024-03-10'] === 2 && seen['2024-03-09'] === 0) break;
      if (Date.now() > deadline) throw new Error(`the counts did not move: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Tickets first, then contacts and ratings: the company records its zone once all moved.
    for (const deadline = Date.now() + 15_000; (await CompanyModel.findById(moving.companyId).lean())?.dashboardZone !== 'Asia/Tokyo'; ) {
      if (Date.now() > deadline) throw new Error('the company never recorded its new zone');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // 20:00 UTC is 05:00 the next day in Tokyo.
    expect(await hours(moving, '2024-03-10')).to.deep.equal(['01:00=1', '05:00=1']);
    const moved = await get('/dashboard?date_from=2024-03-10&date_to=2024-03-10', moving);
    expect(moved.body.counters).to.include({ supportFinished: 1, leads: 2, supportPending: 1 });
    expect(moved.body.attendants.find((row: { id: string }) => row.id === moving.admin.user.id)).to.include({ rating: 3 });
    expect((await get('/dashboard?date_from=2024-03-09&date_to=2024-03-09', moving)).body.counters).to.include({ supportFinished: 0, leads: 0 });
  });

  it('refuses a zone that is not an IANA name; empty goes back to the operator\'s', async () => {
    const tenant = await createTenant(t, superUser);
    for (const value of ['Mars/Olympus', 'GMT-3', '+03:00', 'america/sao_paulo']) {
      const refused = await setZone(tenant, value);
      expect(refused.status, value).to.equal(400);
      expect(refused.body).to.include({ error: 'ERR_VALIDATION', field: 'value' });
    }
    expect((await setZone(tenant, 'Europe/Lisbon')).body).to.deep.equal({ key: 'timeZone', value: 'Europe/Lisbon' });
    expect((await get('/dashboard', tenant)).body.timeZone).to.equal('Europe/Lisbon');
    expect((await setZone(tenant, '')).status).to.equal(200);
    expect((await get('/dashboard', tenant)).body.timeZone).to.equal('America/Sao_Paulo');
  });

  it('data upgrade: counters an earlier release kept in UTC days move to each company\'s zone', async () => {
    const legacy = await createTenant(t, superUser);
    const tokyo = await createTenant(t, superUser);
    expect((await setZone(tokyo, 'Asia/Tokyo')).status).to.equal(200);
    // 01:30 UTC on 2024-05-01: 22:30 on 2024-04-30 in São Paulo, 10:30 on 2024-05-01 in Tokyo.
    for (const tenant of [legacy, tokyo]) {
      const contact = await seedContact(tenant.companyId, '2024-05-01 01:30');
      await seedTicket(tenant.companyId, { contactId: contact, status: 'closed', created: '2024-05-01 01:30', closed: '2024-05-01 02:00' });
      await seedTicket(tenant.companyId, { contactId: contact, status: 'pending', created: '2024-05-01 01:40' });
      await seedRating(tenant.companyId, tenant.admin.user.id, 2, '2024-05-01 01:50');
    }
    // What an earlier release left: every count in UTC days, no document knowing its zone.
    const db = mongoose.connection.db!;
    const tokyoSetting = { key: 'timeZone', companyId: new mongoose.Types.ObjectId(tokyo.companyId) };
    await db.collection('settings').updateOne(tokyoSetting, { $set: { value: '' } });
    await dashboardZonesUpgrade('UTC').run(db, () => undefined);
    for (const model of [TicketModel, ContactModel, TicketRatingModel]) await db.collection(model.collection.name).updateMany({}, { $unset: { dayZone: '' } });
    await db.collection('settings').updateOne(tokyoSetting, { $set: { value: 'Asia/Tokyo' } });
    expect(await days(legacy, '2024-04-30', '2024-05-01')).to.deep.equal({ '2024-04-30': 0, '2024-05-01': 2 });
    // A contact of that release is edited as ever (its count stays on its UTC day until the upgrade).
    const [old] = await ContactModel.find({ companyId: legacy.companyId }).lean();
    const renamed = await t.call('PUT', `/contacts/${String(old!._id)}`, { token: legacy.admin.token, body: { name: 'Renamed Legacy', number: old!.number } });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    await ContactModel.collection.updateOne({ _id: old!._id }, { $unset: { dayZone: '' } });

    await dashboardZonesUpgrade('America/Sao_Paulo').run(db, () => undefined);
    expect(await days(legacy, '2024-04-30', '2024-05-01')).to.deep.equal({ '2024-04-30': 2, '2024-05-01': 0 });
    expect(await hours(legacy, '2024-04-30')).to.deep.equal(['22:00=2']);
    expect((await get('/dashboard?date_from=2024-04-30&date_to=2024-04-30', legacy)).body.counters).to.include({ supportFinished: 1, leads: 1, supportPending: 1 });
    expect(await days(tokyo, '2024-04-30', '2024-05-01')).to.deep.equal({ '2024-04-30': 0, '2024-05-01': 2 });
    expect(await hours(tokyo, '2024-05-01')).to.deep.equal(['10:00=2']);
    const stamped = await TicketModel.find({ companyId: legacy.companyId }).lean();
    expect(stamped.map((ticket) => ticket.dayZone)).to.deep.equal(['America/Sao_Paulo', 'America/Sao_Paulo']);
    expect((await CompanyModel.findById(tokyo.companyId).lean())?.dashboardZone).to.equal('Asia/Tokyo');

    // Written afterwards, a resolve takes the ticket back from its zone's day: nothing goes below zero.
    const [pending] = await TicketModel.find({ companyId: legacy.companyId, status: 'pending' }).lean();
    const resolved = await t.call('PUT', `/tickets/${String(pending!._id)}`, { token: legacy.admin.token, body: { status: 'closed' } });
    expect(resolved.status, JSON.stringify(resolved.body)).to.equal(200);
    expect(await days(legacy, '2024-04-30', '2024-05-01')).to.deep.equal({ '2024-04-30': 2, '2024-05-01': 0 });
  });

  it("moves the counts of companies without a zone of their own when the operator's zone changes between runs", async () => {
    const follower = await createTenant(t, superUser);
    await seedLateAfternoon(follower);
    expect(await days(follower, '2024-03-09', '2024-03-10')).to.deep.equal({ '2024-03-09': 1, '2024-03-10': 0 });
    const { databaseName } = t;
    await t.stop({ drop: false });
    t = await startTestApp('dashboardZones', { ATENDE_TIMEZONE: 'Asia/Tokyo' }, { databaseName });
    follower.admin = await login(t, follower.adminEmail, follower.password);
    for (const deadline = Date.now() + 15_000; ; ) {
      const seen = await days(follower, '2024-03-09', '2024-03-10');
      if (seen['2024-03-10'] === 1 && seen['2024-03-09'] === 0) break;
      if (Date.now() > deadline) throw new Error(`the counts did not move: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await hours(follower, '2024-03-10')).to.deep.equal(['01:00=1']);
    // Every company that followed the operator's zone records the new one once its counts moved.
    for (const deadline = Date.now() + 15_000; (await CompanyModel.find({ dashboardZone: 'America/Sao_Paulo' }).lean()).length > 0; ) {
      if (Date.now() > deadline) throw new Error('some companies still count in the old zone');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
