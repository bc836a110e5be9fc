import { expect } from 'chai';
import { Types } from 'mongoose';
import { ApiError, createApiClient, memorySession } from '@atende/shared/client';
import { addDays, utcDay } from '@atende/shared';
import { UserModel } from '../../src/domains/users/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { at, seedContact, seedRating, seedTicket } from '../support/dashboardFixtures.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, type Session, type Tenant } from '../support/fixtures.js';

/**
 * The figures are asserted exactly on a hand-made January 2024 (UTC days):
 *
 * | # | user  | status  | created     | accepted    | closed      | wait | support |
 * |---|-------|---------|-------------|-------------|-------------|------|---------|
 * | 1 | Ana   | closed  | 01-10 09:00 | 01-10 09:10 | 01-10 09:40 | 10   | 30      |
 * | 2 | Ana   | closed  | 01-10 09:30 | 01-10 10:00 | 01-10 11:00 | 30   | 60      |
 * | 3 | Bruno | closed  | 01-12 14:00 | 01-12 14:05 | 01-12 14:20 | 5    | 15      |
 * | 4 | —     | closed  | 01-12 15:00 | —           | 01-12 15:30 | —    | —       |
 * | 5 | Bruno | open    | 01-15 08:00 | 01-15 08:20 | —           | 20   | —       |
 * | 6 | —     | pending | 01-15 08:30 | —           | —           | —    | —       |
 * | 7 | Ana   | closed  | 01-09 23:00 | 01-09 23:30 | 01-10 00:30 | out  | 60      |
 * | 8 | Bruno | closed  | 01-15 23:00 | 01-15 23:59 | 01-16 00:30 | 59   | out     |
 * | 9 | ghost | pending | 01-13 10:00 | —           | —           | —    | —       |
 *
 * Period 2024-01-10..2024-01-15: finished 1,2,3,4,7 = 5; support (30+60+15+60)/4 = 41.25 -> 41.3;
 * wait (10+30+5+20+59)/5 = 24.8; open now 1 (#5); pending now 2 (#6, #9).
 */
describe('dashboard', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let ana: Session;
  let bruno: Session;
  let supervisor: Session;
  const ghost = String(new Types.ObjectId());
  const RANGE = 'date_from=2024-01-10&date_to=2024-01-15';

  before(async () => {
    // The hand-made figures are written in UTC instants and read in UTC days.
    t = await startTestApp('dashboard', { ATENDE_TIMEZONE: 'UTC' });
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 10 })).id });
    other = await createTenant(t, superUser);
    ana = await createMember(t, tenant, 'user', { name: 'Ana' });
    bruno = await createMember(t, tenant, 'user', { name: 'Bruno' });
    supervisor = await createMember(t, tenant, 'supervisor', { name: 'Diego' });
    await UserModel.updateOne({ _id: tenant.admin.user.id, companyId: tenant.companyId }, { $set: { name: 'Carla' } });
    // Logging in marks a user online: set it by hand so the attendants' column is known.
    await UserModel.updateMany({ companyId: tenant.companyId }, { $set: { online: false } });
    await UserModel.updateOne({ _id: ana.user.id, companyId: tenant.companyId }, { $set: { online: true } });

    const c = tenant.companyId;
    const customer = await seedContact(c, '2023-06-01 12:00');
    const ticket = (row: { userId?: string | null; status: 'open' | 'pending' | 'closed'; created: string; accepted?: string; closed?: string }) =>
      seedTicket(c, { contactId: customer, ...row });
    await ticket({ userId: ana.user.id, status: 'closed', created: '2024-01-10 09:00', accepted: '2024-01-10 09:10', closed: '2024-01-10 09:40' });
    await ticket({ userId: ana.user.id, status: 'closed', created: '2024-01-10 09:30', accepted: '2024-01-10 10:00', closed: '2024-01-10 11:00' });
    await ticket({ userId: bruno.user.id, status: 'closed', created: '2024-01-12 14:00', accepted: '2024-01-12 14:05', closed: '2024-01-12 14:20' });
    await ticket({ status: 'closed', created: '2024-01-12 15:00', closed: '2024-01-12 15:30' });
    await ticket({ userId: bruno.user.id, status: 'open', created: '2024-01-15 08:00', accepted: '2024-01-15 08:20' });
    await ticket({ status: 'pending', created: '2024-01-15 08:30' });
    await ticket({ userId: ana.user.id, status: 'closed', created: '2024-01-09 23:00', accepted: '2024-01-09 23:30', closed: '2024-01-10 00:30' });
    await ticket({ userId: bruno.user.id, status: 'closed', created: '2024-01-15 23:00', accepted: '2024-01-15 23:59', closed: '2024-01-16 00:30' });
    await ticket({ userId: ghost, status: 'pending', created: '2024-01-13 10:00' });

    // Ratings: Ana 3 and 2 inside (2.5), 1 outside; Bruno 1 inside.
    await seedRating(c, ana.user.id, 3, '2024-01-10 12:00');
    await seedRating(c, ana.user.id, 2, '2024-01-11 12:00');
    await seedRating(c, ana.user.id, 1, '2024-01-20 12:00');
    await seedRating(c, bruno.user.id, 1, '2024-01-15 23:59');

    // New contacts: two inside (the last second of the range included), one the next day, one group.
    await seedContact(c, '2024-01-10 00:00');
    await seedContact(c, new Date('2024-01-15T23:59:59.999Z'));
    await seedContact(c, '2024-01-16 00:00');
    await seedContact(c, '2024-01-12 10:00', { isGroup: true });

    // Another company, same days: none of it may show.
    const o = other.companyId;
    const stranger = await seedContact(o, '2024-01-11 10:00');
    await seedTicket(o, { contactId: stranger, status: 'closed', userId: other.admin.user.id, created: '2024-01-11 10:00', accepted: '2024-01-11 10:01', closed: '2024-01-11 18:00' });
    await seedTicket(o, { contactId: stranger, status: 'open', userId: other.admin.user.id, created: '2024-01-15 08:00', accepted: '2024-01-15 09:00' });
    await seedTicket(o, { contactId: stranger, status: 'pending', created: '2024-01-12 08:00' });
    await seedRating(o, other.admin.user.id, 3, '2024-01-11 18:00');
  });
  after(() => t?.stop());

  const get = (path: string, session: Session = tenant.admin) => t.call('GET', path, { token: session.token });

  describe('GET /dashboard', () => {
    it('answers the counters of a date range (UTC days, both included), averages in minutes', async () => {
      const answer = await get(`/dashboard?${RANGE}`);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.counters).to.deep.equal({
        supportHappening: 1,
        supportPending: 2,
        supportFinished: 5,
        leads: 2,
        avgSupportTime: 41.3,
        avgWaitTime: 24.8,
      });
      expect(answer.body.period).to.deep.equal({ from: '2024-01-10', to: '2024-01-15' });
    });

    it('lists every user of the company as an attendant: rating, support time, online, closed tickets', async () => {
      const answer = await get(`/dashboard?${RANGE}`);
      expect(answer.body.attendants).to.deep.equal([
        { id: ana.user.id, name: 'Ana', rating: 2.5, avgSupportTime: 50, online: true, tickets: 3 },
        { id: bruno.user.id, name: 'Bruno', rating: 1, avgSupportTime: 15, online: false, tickets: 1 },
        { id: tenant.admin.user.id, name: 'Carla', rating: 0, avgSupportTime: 0, online: false, tickets: 0 },
        { id: supervisor.user.id, name: 'Diego', rating: 0, avgSupportTime: 0, online: false, tickets: 0 },
      ]);
    });

    it('a single day counts that day only; days=0 with dates is the "none" period and the dates rule', async () => {
      const answer = await get('/dashboard?days=0&date_from=2024-01-12&date_to=2024-01-12');
      expect(answer.status).to.equal(200);
      expect(answer.body.counters).to.deep.equal({
        supportHappening: 1,
        supportPending: 2,
        supportFinished: 2,
        leads: 0,
        avgSupportTime: 15,
        avgWaitTime: 5,
      });
      expect(answer.body.attendants.find((a: { id: string }) => a.id === ana.user.id)).to.include({ tickets: 0, rating: 0, avgSupportTime: 0 });
    });

    it('an empty period answers zeros, not errors', async () => {
      const answer = await get('/dashboard?date_from=2020-01-01&date_to=2020-01-31');
      expect(answer.body.counters).to.include({ supportFinished: 0, leads: 0, avgSupportTime: 0, avgWaitTime: 0 });
      expect(answer.body.attendants.every((a: { tickets: number; rating: number }) => a.tickets === 0 && a.rating === 0)).to.equal(true);
    });

    it('is for admins and supervisors: a user gets 403 ERR_NO_PERMISSION', async () => {
      expect((await get(`/dashboard?${RANGE}`, supervisor)).status).to.equal(200);
      expectError(await get(`/dashboard?${RANGE}`, ana), 403, 'ERR_NO_PERMISSION');
    });

    it("never counts another company's figures, even when its id is sent; a super user may ask for it", async () => {
      const theirs = await get(`/dashboard?${RANGE}`, other.admin);
      expect(theirs.body.counters).to.deep.equal({ supportHappening: 1, supportPending: 1, supportFinished: 1, leads: 1, avgSupportTime: 479, avgWaitTime: 30.5 });
      expect(theirs.body.attendants).to.have.length(1);
      expect(theirs.body.attendants[0]).to.include({ id: other.admin.user.id, rating: 3, tickets: 1, avgSupportTime: 479 });
      const mine = await get(`/dashboard?${RANGE}&companyId=${other.companyId}`);
      expect(mine.body.counters.supportFinished).to.equal(5);
      const asSuper = await get(`/dashboard?${RANGE}&companyId=${other.companyId}`, superUser);
      expect(asSuper.body.counters).to.deep.equal(theirs.body.counters);
    });

    it('validates the period and the dates, naming the field', async () => {
      expectInvalid(await get('/dashboard?days=5'), 'days');
      expectInvalid(await get('/dashboard?days=abc'), 'days');
      expectInvalid(await get('/dashboard?date_from=2024-02-30&date_to=2024-03-01'), 'date_from');
      expectInvalid(await get('/dashboard?date_from=10/01/2024&date_to=2024-03-01'), 'date_from');
      expectInvalid(await get('/dashboard?date_from=2024-01-15&date_to=2024-01-10'), 'date_to');
      expectInvalid(await get('/dashboard?date_from=2023-01-01&date_to=2024-01-02'), 'date_to');
      expect((await get('/dashboard?date_from=2023-01-01&date_to=2024-01-01')).status, '366 days').to.equal(200);
      expectInvalid(await get('/dashboard?date_from=2024-01-10'), 'date_to');
      expectInvalid(await get('/dashboard?date_to=2024-01-10'), 'date_from');
      expectInvalid(await get('/dashboard?date_from=2024-01-10&date_to='), 'date_to');
      expectInvalid(await get(`/dashboard?days=7&${RANGE}`), 'days');
      expectInvalid(await get('/dashboard?companyId=nope'), 'companyId');
    });

    it('a filter that resolves to nothing (period none, blank dates) is refused: the "select a filter" toast', async () => {
      for (const path of ['/dashboard?days=0', '/dashboard?days=', '/dashboard?date_from=&date_to=', '/dashboard?days=0&date_from=&date_to=']) {
        const answer = await get(path);
        expectInvalid(answer, 'days');
        expect(answer.body.rule, path).to.equal('any.required');
      }
    });
  });

  describe('GET /dashboard periods relative to today', () => {
    let recent: Tenant;
    const today = utcDay(new Date());
    const monthStart = `${today.slice(0, 8)}01`;
    const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`);
    const closedAt = [midnight(today), midnight(addDays(today, -2)), new Date(`${addDays(today, -3)}T12:00:00.000Z`)];

    before(async () => {
      recent = await createTenant(t, superUser);
      const contact = await seedContact(recent.companyId, '2023-01-01 00:00');
      for (const closed of closedAt) {
        const accepted = new Date(closed.getTime() - 10 * 60_000);
        await seedTicket(recent.companyId, { contactId: contact, status: 'closed', userId: recent.admin.user.id, created: new Date(accepted.getTime() - 5 * 60_000), accepted, closed });
      }
    });

    it('days=N covers N days ending today, today included', async () => {
      const three = await get('/dashboard?days=3', recent.admin);
      expect(three.status).to.equal(200);
      expect(three.body.period).to.deep.equal({ from: addDays(today, -2), to: today });
      expect(three.body.counters).to.include({ supportFinished: 2, avgSupportTime: 10 });
      expect((await get('/dashboard?days=7', recent.admin)).body.counters.supportFinished).to.equal(3);
      expect((await get('/dashboard?days=90', recent.admin)).body.counters.supportFinished).to.equal(3);
    });

    it('nothing sent: from the first day of the current month to today', async () => {
      const answer = await get('/dashboard', recent.admin);
      expect(answer.status).to.equal(200);
      expect(answer.body.period).to.deep.equal({ from: monthStart, to: today });
      const inMonth = closedAt.filter((instant) => utcDay(instant) >= monthStart).length;
      expect(answer.body.counters.supportFinished).to.equal(inMonth);
    });

    it('the default excludes the last instant of the previous month and includes the first of this one', async () => {
      const month = await createTenant(t, superUser);
      const contact = await seedContact(month.companyId, '2023-01-01 00:00');
      const start = midnight(monthStart);
      for (const closed of [new Date(start.getTime() - 1), start]) {
        await seedTicket(month.companyId, { contactId: contact, status: 'closed', created: new Date(start.getTime() - 3_600_000), closed });
      }
      expect((await get('/dashboard', month.admin)).body.counters.supportFinished).to.equal(1);
    });
  });

  describe('GET /dashboard/ticketsUsers', () => {
    it('counts the tickets created in the range per assigned user, largest first; unassigned and gone users have no name', async () => {
      const answer = await get('/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-15');
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.deep.equal({
        data: [
          { userId: bruno.user.id, nome: 'Bruno', quantidade: 3 },
          { userId: ana.user.id, nome: 'Ana', quantidade: 2 },
          { userId: null, nome: null, quantidade: 2 },
          { userId: ghost, nome: null, quantidade: 1 },
        ],
      });
    });

    it('a range without tickets answers no rows', async () => {
      expect((await get('/dashboard/ticketsUsers?initialDate=2024-01-11&finalDate=2024-01-11')).body).to.deep.equal({ data: [] });
    });

    it("keeps to the caller's company", async () => {
      const answer = await get(`/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-15&companyId=${tenant.companyId}`, other.admin);
      expect(answer.body.data).to.deep.equal([
        { userId: other.admin.user.id, nome: answer.body.data[0].nome, quantidade: 2 },
        { userId: null, nome: null, quantidade: 1 },
      ]);
      expect(answer.body.data[0].nome).to.be.a('string');
    });

    it('validates the range and the role', async () => {
      expectInvalid(await get('/dashboard/ticketsUsers?finalDate=2024-01-15'), 'initialDate');
      expectInvalid(await get('/dashboard/ticketsUsers?initialDate=2024-01-15'), 'finalDate');
      expectInvalid(await get('/dashboard/ticketsUsers?initialDate=2024-13-01&finalDate=2024-12-15'), 'initialDate');
      expectInvalid(await get('/dashboard/ticketsUsers?initialDate=2024-01-15&finalDate=2024-01-14'), 'finalDate');
      expectInvalid(await get('/dashboard/ticketsUsers?initialDate=2024-01-01&finalDate=2025-01-01'), 'finalDate');
      expectError(await get('/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-15', bruno), 403, 'ERR_NO_PERMISSION');
      expect((await get('/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-15', supervisor)).status).to.equal(200);
    });
  });

  describe('GET /dashboard/ticketsDay', () => {
    it('counts the tickets created per day of the range, every day present', async () => {
      const answer = await get('/dashboard/ticketsDay?initialDate=2024-01-09&finalDate=2024-01-16');
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.deep.equal({
        by: 'day',
        data: [
          { data: '2024-01-09', total: 1 },
          { data: '2024-01-10', total: 2 },
          { data: '2024-01-11', total: 0 },
          { data: '2024-01-12', total: 2 },
          { data: '2024-01-13', total: 1 },
          { data: '2024-01-14', total: 0 },
          { data: '2024-01-15', total: 3 },
          { data: '2024-01-16', total: 0 },
        ],
        count: 9,
      });
    });

    it('counts per hour (HH:00, 24 rows) when the range is a single day', async () => {
      const answer = await get('/dashboard/ticketsDay?initialDate=2024-01-15&finalDate=2024-01-15');
      expect(answer.body.by).to.equal('hour');
      expect(answer.body.count).to.equal(3);
      expect(answer.body.data).to.have.length(24);
      expect(answer.body.data[0]).to.deep.equal({ horario: '00:00', total: 0 });
      expect(answer.body.data[8]).to.deep.equal({ horario: '08:00', total: 2 });
      expect(answer.body.data[23]).to.deep.equal({ horario: '23:00', total: 1 });
      expect(answer.body.data.filter((row: { total: number }) => row.total > 0)).to.have.length(2);
    });

    it("keeps to the caller's company and validates the range and the role", async () => {
      expect((await get('/dashboard/ticketsDay?initialDate=2024-01-09&finalDate=2024-01-16', other.admin)).body.count).to.equal(3);
      expectInvalid(await get('/dashboard/ticketsDay?initialDate=2024-01-10&finalDate=2024-01-09'), 'finalDate');
      expectInvalid(await get('/dashboard/ticketsDay?initialDate=&finalDate=2024-01-09'), 'initialDate');
      expectError(await get('/dashboard/ticketsDay?initialDate=2024-01-10&finalDate=2024-01-10', ana), 403, 'ERR_NO_PERMISSION');
    });

    it('a full year of days: 366 rows, zeros filled', async () => {
      const answer = await get('/dashboard/ticketsDay?initialDate=2023-07-01&finalDate=2024-06-30');
      expect(answer.body.data).to.have.length(366);
      expect(answer.body.count).to.equal(9);
      expect(answer.body.data[0]).to.deep.equal({ data: '2023-07-01', total: 0 });
      expect(answer.body.data[365]).to.deep.equal({ data: '2024-06-30', total: 0 });
    });
  });

  describe('through the shared client', () => {
    it('reads the counters and both charts, and reports a refused filter as ApiError', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
      const summary = await api.dashboard.get({ date_from: '2024-01-10', date_to: '2024-01-15' });
      expect(summary.counters.supportFinished).to.equal(5);
      expect(summary.attendants.map((a) => a.name)).to.deep.equal(['Ana', 'Bruno', 'Carla', 'Diego']);
      const users = await api.dashboard.ticketsUsers({ initialDate: '2024-01-10', finalDate: '2024-01-15' });
      expect(users.data[0]).to.deep.equal({ userId: bruno.user.id, nome: 'Bruno', quantidade: 3 });
      const hours = await api.dashboard.ticketsDay({ initialDate: '2024-01-10', finalDate: '2024-01-10' });
      expect(hours.by === 'hour' && hours.data[9]).to.deep.equal({ horario: '09:00', total: 2 });
      const days = await api.dashboard.ticketsDay({ initialDate: '2024-01-10', finalDate: '2024-01-12' });
      expect(days.by === 'day' && days.data.map((row) => row.total)).to.deep.equal([2, 0, 2]);
      let failure: unknown;
      try {
        await api.dashboard.get({ days: 0 });
      } catch (err) {
        failure = err;
      }
      expect(failure).to.be.instanceOf(ApiError);
      expect((failure as ApiError).status).to.equal(400);
      expect((failure as ApiError).code).to.equal('ERR_VALIDATION');
    });
  });

  it('describes its three routes in the OpenAPI document', async () => {
    const answer = await t.call('GET', '/docs/openapi.json');
    expect(answer.status).to.equal(200);
    const { paths } = answer.body;
    expect(paths['/dashboard'].get['x-access']).to.deep.equal({ profiles: ['admin', 'supervisor'] });
    expect(paths['/dashboard'].get.parameters.map((p: { name: string }) => p.name)).to.include.members(['days', 'date_from', 'date_to']);
    for (const path of ['/dashboard/ticketsUsers', '/dashboard/ticketsDay']) {
      const required = paths[path].get.parameters.filter((p: { required?: boolean }) => p.required).map((p: { name: string }) => p.name);
      expect(required, path).to.have.members(['initialDate', 'finalDate']);
    }
  });

  it('reads instants as UTC (fixture sanity)', () => {
    expect(at('2024-01-10 09:00').toISOString()).to.equal('2024-01-10T09:00:00.000Z');
  });
});
