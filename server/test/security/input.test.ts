/**
 * Input the schemas used to let through into a 500 (issue 13, item 9): NUL characters and lone
 * surrogates in any text, impossible calendar days in the ticket and contact filters.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, expectInvalid, loginSuper, type Session, type Tenant } from '../support/fixtures.js';

describe('text and dates the database cannot take are refused (issue 13, item 9)', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;

  before(async () => {
    t = await startTestApp('input');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
  });
  after(() => t?.stop());

  const NUL = 'Ana\u0000';
  const LONE = 'Ana\uD83D';
  const encoded = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) + (text.includes('\uD83D') ? '%ED%A0%BD' : '');

  it('a NUL in any search answers 400, never 500', async () => {
    for (const path of ['/contacts', '/users', '/tags', '/tickets', '/quick-messages', '/contacts/list', '/quick-messages/list']) {
      expectInvalid(await t.call('GET', `${path}?searchParam=${encodeURIComponent(NUL)}`, { token: tenant.admin.token }), 'searchParam');
    }
    expectInvalid(await t.call('GET', `/companies?searchParam=${encodeURIComponent(NUL)}`, { token: superUser.token }), 'searchParam');
  });

  it('a NUL or a lone surrogate in a name answers 400', async () => {
    for (const bad of [NUL, LONE]) {
      expectInvalid(await t.call('POST', '/contacts', { token: tenant.admin.token, body: { name: bad, number: '5511999990001' } }), 'name');
      expectInvalid(await t.call('POST', '/tags', { token: tenant.admin.token, body: { name: bad } }), 'name');
      expectInvalid(await t.call('POST', '/queue', { token: tenant.admin.token, body: { name: bad, color: '#101010' } }), 'name');
    }
  });

  it('a lone surrogate in a search (sent as its UTF-8 bytes) is no 500 either', async () => {
    const answer = await t.call('GET', `/contacts?searchParam=${encoded(LONE)}`, { token: tenant.admin.token });
    expect(answer.status).to.be.below(500);
  });

  it('text with emoji (surrogate pairs) is fine', async () => {
    const answer = await t.call('POST', '/contacts', { token: tenant.admin.token, body: { name: 'Ana 😀', number: '5511999990002' } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    expect(answer.body.name).to.equal('Ana 😀');
  });

  it('impossible days in the ticket and contact filters answer 400', async () => {
    for (const [path, field] of [
      ['/tickets?date=2020-13-45', 'date'],
      ['/tickets?updatedAt=2021-02-29', 'updatedAt'],
      ['/contacts?date=2020-13-45', 'date'],
      ['/contacts?dateStart=2020-02-30', 'dateStart'],
      ['/contacts?dateEnd=2020-00-10', 'dateEnd'],
    ] as const) {
      expectInvalid(await t.call('GET', path, { token: tenant.admin.token }), field);
    }
    expect((await t.call('GET', '/tickets?date=2024-02-29', { token: tenant.admin.token })).status).to.equal(200);
    expect((await t.call('GET', '/contacts?dateStart=2024-02-01&dateEnd=2024-02-29', { token: tenant.admin.token })).status).to.equal(200);
  });
});
