import { startTestApp, type TestApp } from '../support/app.js';
import { loginSuper, createTenant } from '../support/fixtures.js';
describe('probe', () => {
  let t: TestApp;
  before(async () => { t = await startTestApp('probe'); });
  after(() => t?.stop());
  it('probe', async () => {
    const s = await loginSuper(t);
    const tn = await createTenant(t, s);
    const show = async (label: string, p: Promise<unknown>) => console.log(label, JSON.stringify(await p));
    await show('empty', t.call('POST', '/companies/cadastro', {}));
    await show('malformed', t.call('POST', '/companies/cadastro', { raw: '{"name":', headers: { 'content-type': 'application/json' } }));
    await show('put{}', t.call('PUT', `/companies/${tn.companyId}`, { token: s.token, body: {} }));
    await show('arr', t.call('POST', '/companies/cadastro', { body: [] }));
    await show('phone', t.call('POST', '/companies/cadastro', { body: { name: 'abc', email: 'a@b.c', password: 'secret', phone: '(11) 98765-43210', planId: s.user.companyId } }));
    await show('dup', t.call('PUT', `/companies/${tn.companyId}/schedules`, { token: tn.admin.token, body: { schedules: [{weekdayEn:'monday',startTime:'08:00',endTime:'09:00'},{weekdayEn:'monday',startTime:'08:00',endTime:'09:00'}] } }));
    await show('setting', t.call('PUT', '/settings/userRating', { token: tn.admin.token, body: { value: 'maybe' } }));
    await show('settingkey', t.call('PUT', '/settings/nope', { token: tn.admin.token, body: { value: 'maybe' } }));
    await show('settingempty', t.call('PUT', '/settings/userRating', { token: tn.admin.token, body: { value: '' } }));
    await show('text', t.call('PUT', '/settings/userRating', { token: tn.admin.token, raw: 'hello', headers: {'content-type':'text/plain'} }));
  });
});
