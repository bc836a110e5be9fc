import { expect } from 'chai';
import { SETTING_DEFAULTS, SETTING_KEYS, TEXT_SETTING_KEYS } from '@atende/shared';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, type Session, type Tenant } from '../support/fixtures.js';

type Setting = { key: string; value: string };
const asMap = (settings: Setting[]) => Object.fromEntries(settings.map((s) => [s.key, s.value]));

describe('settings', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session;
  let supervisor: Session;

  before(async () => {
    t = await startTestApp('settings');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
  });
  after(() => t?.stop());

  const read = async (session: Session) => {
    const answer = await t.call('GET', '/settings', { token: session.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return asMap(answer.body);
  };
  const put = (session: Session, key: string, body: unknown) => t.call('PUT', `/settings/${key}`, { token: session.token, body });

  describe('GET /settings', () => {
    it('a new company has every key with its default, and nothing else', async () => {
      const answer = await t.call('GET', '/settings', { token: other.admin.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.map((s: Setting) => s.key)).to.have.members(SETTING_KEYS);
      expect(asMap(answer.body)).to.deep.equal(SETTING_DEFAULTS);
    });

    it('any member reads the settings; no token is 401', async () => {
      expect(await read(agent)).to.deep.equal(await read(tenant.admin));
      expectError(await t.call('GET', '/settings'), 401, 'ERR_UNAUTHENTICATED');
    });
  });

  describe('PUT /settings/{key}', () => {
    it("an admin changes a setting of their company only; another tenant keeps the default", async () => {
      const answer = await put(tenant.admin, 'userRating', { key: 'userRating', value: 'enabled' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.deep.equal({ key: 'userRating', value: 'enabled' });
      expect((await read(agent)).userRating).to.equal('enabled');
      expect((await read(other.admin)).userRating).to.equal(SETTING_DEFAULTS.userRating);
      // The other settings of the company are untouched.
      const { userRating: _changed, ...rest } = await read(tenant.admin);
      const { userRating: _default, ...defaults } = SETTING_DEFAULTS;
      expect(rest).to.deep.equal(defaults);
      // And back.
      expect((await put(tenant.admin, 'userRating', { value: 'disabled' })).body.value).to.equal('disabled');
    });

    it('openAiBaseUrl takes an http(s) address or nothing', async () => {
      const set = await put(tenant.admin, 'openAiBaseUrl', { value: ' http://127.0.0.1:11434/v1 ' });
      expect(set.body).to.deep.equal({ key: 'openAiBaseUrl', value: 'http://127.0.0.1:11434/v1' });
      expectInvalid(await put(tenant.admin, 'openAiBaseUrl', { value: 'ftp://files.example.com' }), 'value');
      expectInvalid(await put(tenant.admin, 'openAiBaseUrl', { value: 'not an address' }), 'value');
      expect((await put(tenant.admin, 'openAiBaseUrl', { value: '' })).body).to.deep.equal({ key: 'openAiBaseUrl', value: '' });
      expect((await read(tenant.admin)).openAiBaseUrl).to.equal('');
    });

    it('scheduleType accepts queue, company and disabled; chatBotType takes a text', async () => {
      for (const value of ['queue', 'company', 'disabled']) {
        const answer = await put(tenant.admin, 'scheduleType', { value });
        expect(answer.status, value).to.equal(200);
        expect((await read(tenant.admin)).scheduleType).to.equal(value);
      }
      const bot = await put(tenant.admin, 'chatBotType', { value: ' list ' });
      expect(bot.body).to.deep.equal({ key: 'chatBotType', value: 'list' });
    });

    it('every toggle key accepts enabled and disabled', async () => {
      const toggles = SETTING_KEYS.filter((key) => !['scheduleType', 'chatBotType', 'timeZone'].includes(key) && !TEXT_SETTING_KEYS.includes(key));
      for (const key of toggles) {
        const flipped = SETTING_DEFAULTS[key] === 'enabled' ? 'disabled' : 'enabled';
        const answer = await put(other.admin, key, { value: flipped });
        expect(answer.status, key).to.equal(200);
        expect(answer.body).to.deep.equal({ key, value: flipped });
      }
      const now = await read(other.admin);
      for (const key of toggles) expect(now[key], key).to.not.equal(SETTING_DEFAULTS[key]);
    });

    it("campaignsEnabled and the company's campaignsEnabled flag stay one fact", async () => {
      const company = () => t.call('GET', `/companies/${tenant.companyId}`, { token: tenant.admin.token });
      expect((await put(tenant.admin, 'campaignsEnabled', { value: 'disabled' })).status).to.equal(200);
      expect((await company()).body.campaignsEnabled).to.equal(false);
      expect((await put(tenant.admin, 'campaignsEnabled', { value: 'enabled' })).status).to.equal(200);
      expect((await company()).body.campaignsEnabled).to.equal(true);
      // And the other way: the super user's company form.
      await t.call('PUT', `/companies/${tenant.companyId}`, { token: superUser.token, body: { campaignsEnabled: false } });
      expect((await read(tenant.admin)).campaignsEnabled).to.equal('disabled');
      await t.call('PUT', `/companies/${tenant.companyId}`, { token: superUser.token, body: { campaignsEnabled: true } });
      expect((await read(tenant.admin)).campaignsEnabled).to.equal('enabled');
    });

    it('refuses a value outside the rule of the key, naming the field', async () => {
      const cases: [string, unknown][] = [
        ['userRating', 'maybe'],
        ['scheduleType', 'x'],
        ['call', 'ENABLED'],
        ['chatBotType', '   '],
        ['chatBotType', 'c'.repeat(51)],
        ['userRating', ''],
        ['userRating', 1],
        ['userRating', undefined],
      ];
      for (const [key, value] of cases) {
        const answer = await put(tenant.admin, key, { value });
        expectInvalid(answer, 'value');
        expect(answer.body.message, `${key}=${String(value)}`).to.contain('value');
      }
      const scheduleType = await put(tenant.admin, 'scheduleType', { value: 'x' });
      expect(scheduleType.body.message).to.contain('queue');
      expectInvalid(await put(tenant.admin, 'userRating', { value: 'enabled', extra: 1 }), 'extra');
      // Nothing was stored.
      const now = await read(tenant.admin);
      expect(now.userRating).to.equal('disabled');
      expect(now.chatBotType).to.equal('list');
    });

    it('refuses an unknown key with 400 ERR_VALIDATION on the field key', async () => {
      const answer = await put(tenant.admin, 'darkMode', { value: 'enabled' });
      expectInvalid(answer, 'key');
      expect(answer.body.message).to.contain('key');
      expect(await read(tenant.admin)).to.not.have.property('darkMode');
    });

    it('is for admins: a user or a supervisor gets 403 ERR_NO_PERMISSION', async () => {
      expectError(await put(agent, 'userRating', { value: 'enabled' }), 403, 'ERR_NO_PERMISSION');
      expectError(await put(supervisor, 'userRating', { value: 'enabled' }), 403, 'ERR_NO_PERMISSION');
      expect((await read(tenant.admin)).userRating).to.equal('disabled');
    });
  });

  describe('platform setting userCreation', () => {
    it('a tenant admin cannot read or change it (403, whatever the value)', async () => {
      expect(await read(tenant.admin)).to.not.have.property('userCreation');
      expectError(await put(tenant.admin, 'userCreation', { value: 'disabled' }), 403, 'ERR_NO_PERMISSION');
      expectError(await put(tenant.admin, 'userCreation', { value: 'maybe' }), 403, 'ERR_NO_PERMISSION');
      expectError(await put(agent, 'userCreation', { value: 'disabled' }), 403, 'ERR_NO_PERMISSION');
      expect((await read(superUser)).userCreation).to.equal('enabled');
    });

    it("the super user changes it and sees it next to their company's settings", async () => {
      const initial = await read(superUser);
      expect(initial).to.include({ userCreation: 'enabled', ...SETTING_DEFAULTS });
      try {
        const answer = await put(superUser, 'userCreation', { value: 'disabled' });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(answer.body).to.deep.equal({ key: 'userCreation', value: 'disabled' });
        expect((await read(superUser)).userCreation).to.equal('disabled');
        // It is one value for the platform, not a setting of any company.
        expect(await read(tenant.admin)).to.not.have.property('userCreation');
        expectInvalid(await put(superUser, 'userCreation', { value: 'off' }), 'value');
      } finally {
        expect((await put(superUser, 'userCreation', { value: 'enabled' })).status).to.equal(200);
      }
      expect((await read(superUser)).userCreation).to.equal('enabled');
    });
  });
});
