import { expect } from 'chai';
import { SETTING_DEFAULTS, WEEKDAYS } from '@atende/shared';
import { SettingModel } from '../../src/domains/settings/model.js';
import { UserModel } from '../../src/domains/users/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { sandboxConnection } from '../support/inboxFixtures.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, login, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';

const DAY_MS = 86_400_000;

const defaultSettings = () => Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value }));
const byKey = (settings: { key: string; value: string }[]) => [...settings].sort((a, b) => a.key.localeCompare(b.key));

describe('companies', () => {
  let t: TestApp;
  let superUser: Session;
  let plan: { id: string; name: string };
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };

  before(async () => {
    t = await startTestApp('companies');
    superUser = await loginSuper(t);
    plan = await createPlan(t, superUser, { useKanban: true, useSchedules: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
  });
  after(() => t?.stop());

  /** A company without admin, made by the super user. */
  async function createCompany(fields: Record<string, unknown> = {}) {
    const answer = await t.call('POST', '/companies', { token: superUser.token, body: { name: unique('Company '), planId: plan.id, ...fields } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body as { id: string; name: string; dueDate: string };
  }

  async function companyCount(searchParam: string): Promise<number> {
    const answer = await t.call('GET', `/companies?searchParam=${encodeURIComponent(searchParam)}`, { token: superUser.token });
    expect(answer.status).to.equal(200);
    return answer.body.count;
  }

  describe('POST /companies/cadastro (public sign-up)', () => {
    const signup = (extra: Record<string, unknown> = {}) => ({
      name: unique('Signup '),
      email: `${unique('owner')}@signup.test`,
      phone: '(11) 98765-4321',
      password: 'secret',
      planId: plan.id,
      ...extra,
    });

    it('creates a 3-day MENSAL trial, active, with campaigns, default settings and schedules, and an admin who can log in', async () => {
      const body = signup();
      const startedAt = Date.now();
      const answer = await t.call('POST', '/companies/cadastro', { body });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      const company = answer.body;
      expect(company).to.include({ name: body.name, email: body.email, phone: '11987654321', planId: plan.id, recurrence: 'MENSAL', status: true, campaignsEnabled: true });
      const due = Date.parse(company.dueDate);
      expect(due).to.be.within(startedAt + 3 * DAY_MS - 1000, Date.now() + 3 * DAY_MS + 1000);
      expect(company.trialExpiration).to.equal(company.dueDate);
      expect(byKey(company.settings)).to.deep.equal(byKey(defaultSettings()));
      expect(company.schedules.map((row: { weekdayEn: string }) => row.weekdayEn)).to.deep.equal(WEEKDAYS.map((d) => d.weekdayEn));
      expect(company.plan.id).to.equal(plan.id);

      const admin = await login(t, body.email, body.password);
      expect(admin.user).to.include({ companyId: company.id, profile: 'admin', super: false });
    });

    it('ignores recurrence, dueDate, status and campaignsEnabled sent by the form', async () => {
      const answer = await t.call('POST', '/companies/cadastro', {
        body: signup({ recurrence: 'ANUAL', dueDate: '2099-01-01T00:00:00.000Z', status: false, campaignsEnabled: false }),
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ recurrence: 'MENSAL', status: true, campaignsEnabled: true });
      expect(Date.parse(answer.body.dueDate)).to.be.below(Date.now() + 4 * DAY_MS);
    });

    it('records the company whose link (/signup?companyId=) was followed; an unknown one is left out, a malformed one refused', async () => {
      const referred = await t.call('POST', '/companies/cadastro', { body: signup({ companyId: tenant.companyId }) });
      expect(referred.status, JSON.stringify(referred.body)).to.equal(201);
      expect(referred.body.referrerCompanyId).to.equal(tenant.companyId);
      const stale = await t.call('POST', '/companies/cadastro', { body: signup({ companyId: MISSING_ID }) });
      expect(stale.status, JSON.stringify(stale.body)).to.equal(201);
      expect(stale.body.referrerCompanyId).to.equal(null);
      expectInvalid(await t.call('POST', '/companies/cadastro', { body: signup({ companyId: 'x' }) }), 'companyId');
    });

    it('accepts a sign-up without phone (stored as null) and lowercases the e-mail', async () => {
      const email = `${unique('Mixed')}@Signup.TEST`;
      const answer = await t.call('POST', '/companies/cadastro', { body: signup({ phone: '', email }) });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body.phone).to.equal(null);
      expect(answer.body.email).to.equal(email.toLowerCase());
      await login(t, email.toLowerCase(), 'secret');
    });

    it('validates each field and names it (name 2..50, e-mail, password 5..50, phone up to 11 digits, planId)', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: undefined }, 'name'],
        [{ name: 'A' }, 'name'],
        [{ name: 'x'.repeat(51) }, 'name'],
        [{ email: undefined }, 'email'],
        [{ email: 'not-an-email' }, 'email'],
        [{ password: undefined }, 'password'],
        [{ password: 'abcd' }, 'password'],
        [{ password: 'p'.repeat(51) }, 'password'],
        [{ phone: '(11) 98765-43210' }, 'phone'],
        [{ phone: 'call me' }, 'phone'],
        [{ planId: undefined }, 'planId'],
        [{ planId: 'abc' }, 'planId'],
      ];
      for (const [change, field] of cases) {
        const answer = await t.call('POST', '/companies/cadastro', { body: signup(change) });
        expectInvalid(answer, field);
        expect(answer.body.message, JSON.stringify(change)).to.contain(field);
      }
      // The bounds themselves are accepted.
      const bounds = await t.call('POST', '/companies/cadastro', { body: signup({ name: unique('B').padEnd(50, 'x'), password: 'p'.repeat(50), phone: '12345678901' }) });
      expect(bounds.status, JSON.stringify(bounds.body)).to.equal(201);
    });

    it('answers malformed JSON and an empty body with 400 ERR_VALIDATION', async () => {
      const malformed = await t.call('POST', '/companies/cadastro', { raw: '{"name":', headers: { 'content-type': 'application/json' } });
      expectInvalid(malformed, 'payload');
      const empty = await t.call('POST', '/companies/cadastro', {});
      expectInvalid(empty, 'payload');
    });

    it('refuses an unknown plan (404 ERR_PLAN_NOT_FOUND) and leaves no company', async () => {
      const body = signup({ planId: MISSING_ID });
      expectError(await t.call('POST', '/companies/cadastro', { body }), 404, 'ERR_PLAN_NOT_FOUND');
      expect(await companyCount(body.name)).to.equal(0);
    });

    it('refuses a duplicate company name, whatever its case (409 ERR_DUPLICATED_COMPANY)', async () => {
      const taken = (await t.call('GET', `/companies/${other.companyId}`, { token: superUser.token })).body.name as string;
      const answer = await t.call('POST', '/companies/cadastro', { body: signup({ name: ` ${taken.toUpperCase()} ` }) });
      expectError(answer, 409, 'ERR_DUPLICATED_COMPANY');
      expect(await companyCount(taken)).to.equal(1);
    });

    it('refuses a duplicate e-mail (409 ERR_DUPLICATED_EMAIL) leaving nothing behind', async () => {
      const settingsBefore = await SettingModel.countDocuments({}).setOptions({ crossTenant: true });
      const body = signup({ email: other.adminEmail });
      expectError(await t.call('POST', '/companies/cadastro', { body }), 409, 'ERR_DUPLICATED_EMAIL');
      expect(await companyCount(body.name)).to.equal(0);
      expect(await SettingModel.countDocuments({}).setOptions({ crossTenant: true })).to.equal(settingsBefore);
      // The refused name is free again.
      const retry = await t.call('POST', '/companies/cadastro', { body: { ...body, email: `${unique('retry')}@signup.test` } });
      expect(retry.status, JSON.stringify(retry.body)).to.equal(201);
    });

    it('is refused while the super user has disabled sign-up (403 ERR_USER_CREATION_DISABLED), and works again once re-enabled', async () => {
      const disable = await t.call('PUT', '/settings/userCreation', { token: superUser.token, body: { value: 'disabled' } });
      expect(disable.status, JSON.stringify(disable.body)).to.equal(200);
      try {
        const body = signup();
        expectError(await t.call('POST', '/companies/cadastro', { body }), 403, 'ERR_USER_CREATION_DISABLED');
        expect(await companyCount(body.name)).to.equal(0);
        // The super user still creates companies.
        await createCompany();
      } finally {
        const enable = await t.call('PUT', '/settings/userCreation', { token: superUser.token, body: { value: 'enabled' } });
        expect(enable.status).to.equal(200);
      }
      expect((await t.call('POST', '/companies/cadastro', { body: signup() })).status).to.equal(201);
    });
  });

  describe('GET /companies and /companies/list', () => {
    it('pages 20 companies at a time, sorted by name, and searches name, e-mail and phone', async () => {
      const prefix = unique('Paged ');
      for (let i = 0; i < 21; i += 1) {
        await createCompany({ name: `${prefix} ${String(i).padStart(2, '0')}`, email: i === 7 ? `${unique('found')}@paged.test` : null, phone: i === 8 ? '5511912345678' : null });
      }
      const first = await t.call('GET', `/companies?searchParam=${encodeURIComponent(prefix)}`, { token: superUser.token });
      expect(first.status).to.equal(200);
      expect(first.body.count).to.equal(21);
      expect(first.body.hasMore).to.equal(true);
      const names = first.body.companies.map((c: { name: string }) => c.name);
      expect(names).to.deep.equal(Array.from({ length: 20 }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`));
      const second = await t.call('GET', `/companies?searchParam=${encodeURIComponent(prefix)}&pageNumber=2`, { token: superUser.token });
      expect(second.body).to.deep.include({ count: 21, hasMore: false });
      expect(second.body.companies.map((c: { name: string }) => c.name)).to.deep.equal([`${prefix} 20`]);

      const byEmail = await t.call('GET', '/companies?searchParam=found', { token: superUser.token });
      expect(byEmail.body.companies.map((c: { name: string }) => c.name)).to.deep.equal([`${prefix} 07`]);
      const byPhone = await t.call('GET', '/companies?searchParam=5511912345678', { token: superUser.token });
      expect(byPhone.body.companies.map((c: { name: string }) => c.name)).to.deep.equal([`${prefix} 08`]);
      expect(await companyCount('nothing-matches-this')).to.equal(0);
    });

    it('treats the search as text, not as a regular expression', async () => {
      expect(await companyCount('.*')).to.equal(0);
    });

    it('validates the page number', async () => {
      expectInvalid(await t.call('GET', '/companies?pageNumber=0', { token: superUser.token }), 'pageNumber');
      expectInvalid(await t.call('GET', '/companies?pageNumber=abc', { token: superUser.token }), 'pageNumber');
    });

    it('GET /companies/list answers every company', async () => {
      const all = await t.call('GET', '/companies/list', { token: superUser.token });
      expect(all.status).to.equal(200);
      const ids = all.body.map((c: { id: string }) => c.id);
      expect(ids).to.include.members([tenant.companyId, other.companyId, superUser.user.companyId]);
      expect(ids).to.have.length(await companyCount(''));
    });
  });

  describe('POST /companies (super)', () => {
    it('creates a company with the given fields and no admin when no password is given', async () => {
      const name = unique('Created ');
      const answer = await t.call('POST', '/companies', {
        token: superUser.token,
        body: { name, email: `${unique('c')}@created.test`, phone: '5511999990000', planId: plan.id, recurrence: 'ANUAL', dueDate: '2031-05-10T00:00:00.000Z', status: false, campaignsEnabled: false },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name, phone: '5511999990000', recurrence: 'ANUAL', dueDate: '2031-05-10T00:00:00.000Z', status: false, campaignsEnabled: false, trialExpiration: null });
      // The settings list mirrors the company's campaignsEnabled flag.
      expect(byKey(answer.body.settings)).to.deep.equal(byKey([...defaultSettings().filter((s) => s.key !== 'campaignsEnabled'), { key: 'campaignsEnabled', value: 'disabled' }]));
      expect(await UserModel.countDocuments({ companyId: answer.body.id })).to.equal(0);
    });

    it('stores cleared e-mail and phone as none', async () => {
      const company = await createCompany({ email: '', phone: '' });
      expect(company).to.include({ email: null, phone: null });
    });

    it('defaults to a 3-day MENSAL trial', async () => {
      const company = await createCompany();
      expect(company).to.include({ recurrence: 'MENSAL', status: true, campaignsEnabled: true });
      expect(Date.parse(company.dueDate)).to.be.within(Date.now() + 3 * DAY_MS - 60_000, Date.now() + 3 * DAY_MS);
    });

    it('creates the first admin when e-mail and password are given (see createTenant), and needs the e-mail with a password', async () => {
      expectInvalid(await t.call('POST', '/companies', { token: superUser.token, body: { name: unique('NoMail '), planId: plan.id, password: 'secret' } }), 'email');
      const admins = await UserModel.find({ companyId: tenant.companyId, profile: 'admin' }).lean<{ email: string }[]>();
      expect(admins.map((u) => u.email)).to.deep.equal([tenant.adminEmail]);
    });

    it('validates the fields and names them', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: undefined }, 'name'],
        [{ name: 'A' }, 'name'],
        [{ planId: undefined }, 'planId'],
        [{ planId: 'zz' }, 'planId'],
        [{ email: 'nope' }, 'email'],
        [{ recurrence: 'SEMANAL' }, 'recurrence'],
        [{ dueDate: 'tomorrow' }, 'dueDate'],
        [{ status: 'yes' }, 'status'],
        [{ password: 'abc', email: `${unique('p')}@x.test` }, 'password'],
        [{ color: 'blue' }, 'color'],
      ];
      for (const [change, field] of cases) {
        const answer = await t.call('POST', '/companies', { token: superUser.token, body: { name: unique('Invalid '), planId: plan.id, ...change } });
        expectInvalid(answer, field);
        expect(answer.body.message).to.contain(field);
      }
    });

    it('refuses an unknown plan and a duplicate name', async () => {
      expectError(await t.call('POST', '/companies', { token: superUser.token, body: { name: unique('X '), planId: MISSING_ID } }), 404, 'ERR_PLAN_NOT_FOUND');
      const taken = await createCompany();
      expectError(await t.call('POST', '/companies', { token: superUser.token, body: { name: taken.name.toLowerCase(), planId: plan.id } }), 409, 'ERR_DUPLICATED_COMPANY');
    });
  });

  describe('GET /companies/{id}', () => {
    it('the super user reads any company, with plan and settings', async () => {
      const answer = await t.call('GET', `/companies/${tenant.companyId}`, { token: superUser.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.id).to.equal(tenant.companyId);
      expect(answer.body.plan).to.include({ id: plan.id, useKanban: true, useCampaigns: false });
      expect(byKey(answer.body.settings)).to.deep.equal(byKey(defaultSettings()));
    });

    it('members read their own company; another company is 403 ERR_NO_PERMISSION', async () => {
      const own = await t.call('GET', `/companies/${tenant.companyId}`, { token: tenant.admin.token });
      expect(own.status).to.equal(200);
      expect(own.body.plan.id).to.equal(plan.id);
      expect(own.body.settings).to.have.length(Object.keys(SETTING_DEFAULTS).length);
      expect((await t.call('GET', `/companies/${tenant.companyId}`, { token: agent.token })).status).to.equal(200);
      expectError(await t.call('GET', `/companies/${other.companyId}`, { token: tenant.admin.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('GET', `/companies/${MISSING_ID}`, { token: tenant.admin.token }), 403, 'ERR_NO_PERMISSION');
    });

    it('answers a malformed id with 400, an unknown one with 404, and no token with 401', async () => {
      expectInvalid(await t.call('GET', '/companies/abc', { token: superUser.token }), 'id');
      expectError(await t.call('GET', `/companies/${MISSING_ID}`, { token: superUser.token }), 404, 'ERR_NO_COMPANY_FOUND');
      expectError(await t.call('GET', `/companies/${tenant.companyId}`), 401, 'ERR_UNAUTHENTICATED');
    });
  });

  describe('PUT /companies/{id} (super)', () => {
    it('updates the fields', async () => {
      const company = await createCompany();
      const otherPlan = await createPlan(t, superUser, { useCampaigns: true });
      const name = unique('Renamed ');
      const answer = await t.call('PUT', `/companies/${company.id}`, {
        token: superUser.token,
        body: { name, phone: '551100001111', email: 'Billing@Renamed.test', planId: otherPlan.id, recurrence: 'TRIMESTRAL', campaignsEnabled: false },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.include({ name, phone: '551100001111', email: 'billing@renamed.test', planId: otherPlan.id, recurrence: 'TRIMESTRAL', campaignsEnabled: false });
      expect(answer.body.plan).to.include({ id: otherPlan.id, useCampaigns: true });
      expect(answer.body.settings).to.deep.include({ key: 'campaignsEnabled', value: 'disabled' });
      const cleared = await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { email: '', phone: null, campaignsEnabled: true } });
      expect(cleared.body).to.include({ email: null, phone: null, campaignsEnabled: true });
      expect(cleared.body.settings).to.deep.include({ key: 'campaignsEnabled', value: 'enabled' });
      expect((await t.call('GET', `/companies/${company.id}`, { token: superUser.token })).body.name).to.equal(name);
      // Keeping its own name (even in another case) is not a duplicate.
      expect((await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { name: name.toUpperCase() } })).status).to.equal(200);
    });

    it("sets the billing name and address, which the company's users read in their own company", async () => {
      const answer = await t.call('PUT', `/companies/${tenant.companyId}`, {
        token: superUser.token,
        body: { billingName: 'Loja da Dona Ltda', billingAddress: 'Rua das Flores, 10 - São Paulo' },
      });
      expect(answer.body).to.include({ billingName: 'Loja da Dona Ltda', billingAddress: 'Rua das Flores, 10 - São Paulo' });
      const member = await t.call('POST', '/auth/login', { body: { email: agent.email, password: 'member-pass' } });
      expect(member.body.user.company).to.include({ billingName: 'Loja da Dona Ltda', billingAddress: 'Rua das Flores, 10 - São Paulo' });
      const cleared = await t.call('PUT', `/companies/${tenant.companyId}`, { token: superUser.token, body: { billingName: '', billingAddress: null } });
      expect(cleared.body).to.include({ billingName: null, billingAddress: null });
      expectInvalid(await t.call('PUT', `/companies/${tenant.companyId}`, { token: superUser.token, body: { billingAddress: 'x'.repeat(501) } }), 'billingAddress');
    });

    it("refuses another company's name, an unknown plan, an unknown company", async () => {
      const company = await createCompany();
      const taken = (await t.call('GET', `/companies/${other.companyId}`, { token: superUser.token })).body.name as string;
      expectError(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { name: taken } }), 409, 'ERR_DUPLICATED_COMPANY');
      expectError(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { planId: MISSING_ID } }), 404, 'ERR_PLAN_NOT_FOUND');
      expectError(await t.call('PUT', `/companies/${MISSING_ID}`, { token: superUser.token, body: { status: true } }), 404, 'ERR_NO_COMPANY_FOUND');
    });

    it('validates the payload', async () => {
      const company = await createCompany();
      expectInvalid(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { name: 'x' } }), 'name');
      expectInvalid(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { recurrence: 'DIARIA' } }), 'recurrence');
      expectInvalid(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { dueDate: '31/12/2030' } }), 'dueDate');
      expectInvalid(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: { password: 'secret' } }), 'password');
      expectInvalid(await t.call('PUT', `/companies/${company.id}`, { token: superUser.token, body: {} }), 'payload');
      expectInvalid(await t.call('PUT', '/companies/123', { token: superUser.token, body: { status: true } }), 'id');
    });
  });

  describe('POST /companies/{id}/renew (super)', () => {
    const renew = (id: string) => t.call('POST', `/companies/${id}/renew`, { token: superUser.token });

    it('moves a MENSAL due date by one month each time, keeping the day', async () => {
      const company = await createCompany({ recurrence: 'MENSAL', dueDate: '2030-01-15T12:00:00.000Z' });
      const once = await renew(company.id);
      expect(once.status, JSON.stringify(once.body)).to.equal(200);
      expect(once.body.dueDate).to.equal('2030-02-15T12:00:00.000Z');
      expect((await renew(company.id)).body.dueDate).to.equal('2030-03-15T12:00:00.000Z');
      expect((await t.call('GET', `/companies/${company.id}`, { token: superUser.token })).body.dueDate).to.equal('2030-03-15T12:00:00.000Z');
    });

    it('moves by the recurrence: BIMESTRAL 2, TRIMESTRAL 3, SEMESTRAL 6, ANUAL 12 months', async () => {
      const expected: [string, string][] = [
        ['BIMESTRAL', '2030-03-15T12:00:00.000Z'],
        ['TRIMESTRAL', '2030-04-15T12:00:00.000Z'],
        ['SEMESTRAL', '2030-07-15T12:00:00.000Z'],
        ['ANUAL', '2031-01-15T12:00:00.000Z'],
      ];
      for (const [recurrence, dueDate] of expected) {
        const company = await createCompany({ recurrence, dueDate: '2030-01-15T12:00:00.000Z' });
        expect((await renew(company.id)).body.dueDate, recurrence).to.equal(dueDate);
      }
    });

    it('keeps the end of month on shorter months', async () => {
      const company = await createCompany({ recurrence: 'MENSAL', dueDate: '2030-01-31T12:00:00.000Z' });
      expect((await renew(company.id)).body.dueDate).to.equal('2030-02-28T12:00:00.000Z');
    });

    it('renews an expired company from today', async () => {
      const company = await createCompany({ recurrence: 'MENSAL', dueDate: '2020-01-15T12:00:00.000Z' });
      const renewed = Date.parse((await renew(company.id)).body.dueDate);
      expect(renewed).to.be.within(Date.now() + 27 * DAY_MS, Date.now() + 32 * DAY_MS);
    });

    it('answers 404 for an unknown company and 400 for a malformed id', async () => {
      expectError(await renew(MISSING_ID), 404, 'ERR_NO_COMPANY_FOUND');
      expectInvalid(await renew('nope'), 'id');
    });
  });

  describe('DELETE /companies/{id} (super)', () => {
    it('removes the company with its users and settings: its admin can no longer log in', async () => {
      const doomed = await createTenant(t, superUser);
      const member = await createMember(t, doomed, 'user');
      const answer = await t.call('DELETE', `/companies/${doomed.companyId}`, { token: superUser.token });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(204);
      expectError(await t.call('POST', '/auth/login', { body: { email: doomed.adminEmail, password: doomed.password } }), 401, 'ERR_INVALID_CREDENTIALS');
      expectError(await t.call('POST', '/auth/login', { body: { email: member.email, password: 'member-pass' } }), 401, 'ERR_INVALID_CREDENTIALS');
      expectError(await t.call('GET', `/companies/${doomed.companyId}`, { token: superUser.token }), 404, 'ERR_NO_COMPANY_FOUND');
      expect(await SettingModel.countDocuments({ companyId: doomed.companyId })).to.equal(0);
      expect(await UserModel.countDocuments({ companyId: doomed.companyId })).to.equal(0);
      // Other companies keep theirs.
      expect(await SettingModel.countDocuments({ companyId: other.companyId })).to.equal(Object.keys(SETTING_DEFAULTS).length);
      expectError(await t.call('DELETE', `/companies/${doomed.companyId}`, { token: superUser.token }), 404, 'ERR_NO_COMPANY_FOUND');
    });

    it('ends the live WhatsApp sessions of the company it removes', async () => {
      const doomed = await createTenant(t, superUser);
      const kept = await sandboxConnection(t, other.admin);
      const connections = [await sandboxConnection(t, doomed.admin), await sandboxConnection(t, doomed.admin)];
      const live = () => connections.map((connection) => Boolean(t.app.channels.sessions.provider(connection.id)));
      expect(live()).to.deep.equal([true, true]);
      expect((await t.call('DELETE', `/companies/${doomed.companyId}`, { token: superUser.token })).status).to.equal(204);
      expect(live()).to.deep.equal([false, false]);
      expect(t.app.channels.sessions.provider(kept.id), 'another company keeps its session').to.not.equal(undefined);
    });

    it("refuses the super user's own company (400 ERR_CANNOT_DELETE_OWN_COMPANY)", async () => {
      expectError(await t.call('DELETE', `/companies/${superUser.user.companyId}`, { token: superUser.token }), 400, 'ERR_CANNOT_DELETE_OWN_COMPANY');
      expect((await t.call('GET', `/companies/${superUser.user.companyId}`, { token: superUser.token })).status).to.equal(200);
    });

    it('answers 400 for a malformed id', async () => {
      expectInvalid(await t.call('DELETE', '/companies/abc', { token: superUser.token }), 'id');
    });
  });

  describe('super-only routes refuse everyone else', () => {
    it('an admin or a user of a tenant gets 403 ERR_NO_PERMISSION', async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', '/companies'],
        ['GET', '/companies/list'],
        ['POST', '/companies', { name: unique('Mine '), planId: plan.id }],
        ['PUT', `/companies/${tenant.companyId}`, { dueDate: '2099-01-01T00:00:00.000Z' }],
        ['POST', `/companies/${tenant.companyId}/renew`],
        ['DELETE', `/companies/${other.companyId}`],
      ];
      for (const session of [tenant.admin, agent]) {
        for (const [method, path, body] of calls) {
          const answer = await t.call(method, path, { token: session.token, ...(body ? { body } : {}) });
          expect(answer.status, `${method} ${path}`).to.equal(403);
          expect(answer.body.error).to.equal('ERR_NO_PERMISSION');
        }
      }
      // Nothing changed.
      expect((await t.call('GET', `/companies/${other.companyId}`, { token: superUser.token })).status).to.equal(200);
      expect(Date.parse((await t.call('GET', `/companies/${tenant.companyId}`, { token: superUser.token })).body.dueDate)).to.be.below(Date.now() + 4 * DAY_MS);
    });

    it('answers 401 without a token', async () => {
      expectError(await t.call('GET', '/companies'), 401, 'ERR_UNAUTHENTICATED');
    });
  });

  describe('PUT /companies/{id}/schedules', () => {
    const put = (session: Session, companyId: string, schedules: unknown) => t.call('PUT', `/companies/${companyId}/schedules`, { token: session.token, body: { schedules } });

    it('an admin saves working hours: always seven rows in week order, unsent days kept', async () => {
      const answer = await put(tenant.admin, tenant.companyId, [
        { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '10:00', endTime: '14:00' },
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' },
      ]);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.schedules).to.deep.equal([
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' },
        { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
        { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '10:00', endTime: '14:00' },
      ]);
      const next = await put(tenant.admin, tenant.companyId, [{ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '', endTime: '' }]);
      expect(next.body.schedules[0]).to.include({ startTime: '09:00', endTime: '17:30' });
      expect(next.body.schedules[5]).to.include({ startTime: '', endTime: '' });
      const read = await t.call('GET', `/companies/${tenant.companyId}`, { token: agent.token });
      expect(read.body.schedules).to.deep.equal(next.body.schedules);
    });

    it('validates HH:mm hours, the weekday, duplicates and the number of rows', async () => {
      const row = (extra: Record<string, unknown>) => ({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00', ...extra });
      expectInvalid(await put(tenant.admin, tenant.companyId, [row({ startTime: '8:00' })]), 'schedules.0.startTime');
      expectInvalid(await put(tenant.admin, tenant.companyId, [row({ endTime: '24:00' })]), 'schedules.0.endTime');
      expectInvalid(await put(tenant.admin, tenant.companyId, [row({ endTime: '12:60' })]), 'schedules.0.endTime');
      expectInvalid(await put(tenant.admin, tenant.companyId, [row({ weekdayEn: 'funday' })]), 'schedules.0.weekdayEn');
      expectInvalid(await put(tenant.admin, tenant.companyId, [row({}), row({ startTime: '07:00' })]), 'schedules.1');
      expectInvalid(await put(tenant.admin, tenant.companyId, 'monday'), 'schedules');
      const eight = [...WEEKDAYS.map((d) => row({ weekday: d.weekday, weekdayEn: d.weekdayEn })), row({})];
      expectInvalid(await put(tenant.admin, tenant.companyId, eight), 'schedules');
      const answer = await t.call('PUT', `/companies/${tenant.companyId}/schedules`, { token: tenant.admin.token, body: {} });
      expectInvalid(answer, 'schedules');
      expect(answer.body.message).to.contain('schedules');
    });

    it('is for admins of the company: a user gets 403, another company 403', async () => {
      const monday = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '06:00', endTime: '07:00' }];
      expectError(await put(agent, tenant.companyId, monday), 403, 'ERR_NO_PERMISSION');
      expectError(await put(tenant.admin, other.companyId, monday), 403, 'ERR_NO_PERMISSION');
      const untouched = await t.call('GET', `/companies/${other.companyId}`, { token: other.admin.token });
      expect(untouched.body.schedules[0]).to.include({ startTime: '08:00', endTime: '18:00' });
    });
  });

  describe('GET /companies/listPlan/{companyId}', () => {
    it("answers the company's id, name and plan with its flags, to any member", async () => {
      const answer = await t.call('GET', `/companies/listPlan/${tenant.companyId}`, { token: agent.token });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const name = (await t.call('GET', `/companies/${tenant.companyId}`, { token: agent.token })).body.name;
      expect(answer.body).to.include({ id: tenant.companyId, name });
      expect(answer.body.plan).to.include({ id: plan.id, name: plan.name, useKanban: true, useSchedules: true, useCampaigns: false, useInternalChat: false, useExternalApi: false, useOpenAi: false, useIntegrations: false });
    });

    it('refuses another company (403), a malformed id (400)', async () => {
      expectError(await t.call('GET', `/companies/listPlan/${other.companyId}`, { token: tenant.admin.token }), 403, 'ERR_NO_PERMISSION');
      expectInvalid(await t.call('GET', '/companies/listPlan/xyz', { token: tenant.admin.token }), 'companyId');
      expect((await t.call('GET', `/companies/listPlan/${other.companyId}`, { token: superUser.token })).status).to.equal(200);
    });
  });

  describe('login gate set by the super user', () => {
    it('a past due date refuses the login (403 ERR_SUBSCRIPTION_EXPIRED with the date); a renewal lets it in again', async () => {
      const gated = await createTenant(t, superUser);
      const dueDate = '2021-06-30T12:00:00.000Z';
      expect((await t.call('PUT', `/companies/${gated.companyId}`, { token: superUser.token, body: { dueDate } })).status).to.equal(200);
      const refused = await t.call('POST', '/auth/login', { body: { email: gated.adminEmail, password: gated.password } });
      expectError(refused, 403, 'ERR_SUBSCRIPTION_EXPIRED');
      expect(refused.body.dueDate).to.equal(dueDate);
      expect((await t.call('POST', `/companies/${gated.companyId}/renew`, { token: superUser.token })).status).to.equal(200);
      await login(t, gated.adminEmail, gated.password);
    });

    it('an inactive company refuses the login (403 ERR_COMPANY_INACTIVE) until re-activated', async () => {
      const gated = await createTenant(t, superUser);
      expect((await t.call('PUT', `/companies/${gated.companyId}`, { token: superUser.token, body: { status: false } })).status).to.equal(200);
      expectError(await t.call('POST', '/auth/login', { body: { email: gated.adminEmail, password: gated.password } }), 403, 'ERR_COMPANY_INACTIVE');
      expect((await t.call('PUT', `/companies/${gated.companyId}`, { token: superUser.token, body: { status: true } })).status).to.equal(200);
      await login(t, gated.adminEmail, gated.password);
    });
  });
});
