import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';

interface Help {
  id: string;
  title: string;
  description: string;
  video: string;
}

describe('helps', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let agent: Session;

  before(async () => {
    t = await startTestApp('helps');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
  });
  after(() => t?.stop());

  async function createHelp(fields: Record<string, unknown> = {}): Promise<Help> {
    const answer = await t.call('POST', '/helps', { token: superUser.token, body: { title: unique('Help '), description: 'How to', video: 'dQw4w9WgXcQ', ...fields } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body;
  }

  describe('POST /helps', () => {
    it('the super user creates a help video', async () => {
      const title = unique('Connecting ');
      const answer = await t.call('POST', '/helps', { token: superUser.token, body: { title, description: 'Scan the QR code', video: 'https://youtu.be/abc' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ title, description: 'Scan the QR code', video: 'https://youtu.be/abc' });
      expect(answer.body.id).to.match(/^[0-9a-f]{24}$/);
    });

    it('needs only the title (description and video default to empty), trimmed', async () => {
      const title = unique('Bare ');
      const answer = await t.call('POST', '/helps', { token: superUser.token, body: { title: `  ${title}  ` } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ title, description: '', video: '' });
    });

    it('validates the fields and names them', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: undefined }, 'title'],
        [{ title: '' }, 'title'],
        [{ title: '   ' }, 'title'],
        [{ title: 't'.repeat(121) }, 'title'],
        [{ description: 'd'.repeat(2001) }, 'description'],
        [{ video: 42 }, 'video'],
        [{ views: 3 }, 'views'],
      ];
      for (const [change, field] of cases) {
        const answer = await t.call('POST', '/helps', { token: superUser.token, body: { title: unique('Invalid '), ...change } });
        expectInvalid(answer, field);
        expect(answer.body.message, JSON.stringify(change)).to.contain(field);
      }
    });

    it('is for super users: an admin gets 403 ERR_NO_PERMISSION, no token 401', async () => {
      expectError(await t.call('POST', '/helps', { token: tenant.admin.token, body: { title: 'Mine' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', '/helps', { body: { title: 'Mine' } }), 401, 'ERR_UNAUTHENTICATED');
    });
  });

  describe('GET /helps, /helps/list, /helps/{id}', () => {
    it('pages 20 at a time, sorted by title, searched by title, to any member', async () => {
      const prefix = unique('Paged ');
      for (let i = 20; i >= 0; i -= 1) await createHelp({ title: `${prefix} ${String(i).padStart(2, '0')}` });
      const first = await t.call('GET', `/helps?searchParam=${encodeURIComponent(prefix)}`, { token: agent.token });
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.include({ count: 21, hasMore: true });
      expect(first.body.records.map((h: Help) => h.title)).to.deep.equal(Array.from({ length: 20 }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`));
      const second = await t.call('GET', `/helps?searchParam=${encodeURIComponent(prefix)}&pageNumber=2`, { token: agent.token });
      expect(second.body).to.deep.include({ count: 21, hasMore: false });
      expect(second.body.records.map((h: Help) => h.title)).to.deep.equal([`${prefix} 20`]);
      const none = await t.call('GET', '/helps?searchParam=no-such-help', { token: agent.token });
      expect(none.body).to.deep.equal({ records: [], count: 0, hasMore: false });
    });

    it('validates the page number and needs a token', async () => {
      expectInvalid(await t.call('GET', '/helps?pageNumber=-1', { token: agent.token }), 'pageNumber');
      expectError(await t.call('GET', '/helps'), 401, 'ERR_UNAUTHENTICATED');
    });

    it('/helps/list answers every help video, sorted by title', async () => {
      const help = await createHelp();
      const answer = await t.call('GET', '/helps/list', { token: agent.token });
      expect(answer.status).to.equal(200);
      const titles = answer.body.map((h: Help) => h.title);
      expect(titles).to.include(help.title);
      expect(titles).to.deep.equal([...titles].sort());
      const count = (await t.call('GET', '/helps', { token: agent.token })).body.count;
      expect(answer.body).to.have.length(count);
    });

    it('GET /helps/{id} answers one, 404 ERR_NO_HELP_FOUND when unknown, 400 when malformed', async () => {
      const help = await createHelp();
      const answer = await t.call('GET', `/helps/${help.id}`, { token: agent.token });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal(help);
      expectError(await t.call('GET', `/helps/${MISSING_ID}`, { token: agent.token }), 404, 'ERR_NO_HELP_FOUND');
      expectInvalid(await t.call('GET', '/helps/abc', { token: agent.token }), 'id');
    });
  });

  describe('PUT /helps/{id}', () => {
    it('the super user updates a help video', async () => {
      const help = await createHelp();
      const answer = await t.call('PUT', `/helps/${help.id}`, { token: superUser.token, body: { description: 'Updated', video: '' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.include({ id: help.id, title: help.title, description: 'Updated', video: '' });
      expect((await t.call('GET', `/helps/${help.id}`, { token: agent.token })).body.description).to.equal('Updated');
    });

    it('validates the payload and the id; 404 for an unknown help', async () => {
      const help = await createHelp();
      expectInvalid(await t.call('PUT', `/helps/${help.id}`, { token: superUser.token, body: { title: '' } }), 'title');
      expectInvalid(await t.call('PUT', `/helps/${help.id}`, { token: superUser.token, body: {} }), 'payload');
      expectInvalid(await t.call('PUT', '/helps/zz', { token: superUser.token, body: { title: 'x' } }), 'id');
      expectError(await t.call('PUT', `/helps/${MISSING_ID}`, { token: superUser.token, body: { title: 'Ghost' } }), 404, 'ERR_NO_HELP_FOUND');
    });

    it('is for super users: an admin gets 403', async () => {
      const help = await createHelp();
      expectError(await t.call('PUT', `/helps/${help.id}`, { token: tenant.admin.token, body: { title: 'Hijacked' } }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('GET', `/helps/${help.id}`, { token: agent.token })).body.title).to.equal(help.title);
    });
  });

  describe('DELETE /helps/{id}', () => {
    it('the super user deletes a help video; it is then gone', async () => {
      const help = await createHelp();
      expect((await t.call('DELETE', `/helps/${help.id}`, { token: superUser.token })).status).to.equal(204);
      expectError(await t.call('GET', `/helps/${help.id}`, { token: agent.token }), 404, 'ERR_NO_HELP_FOUND');
      expectError(await t.call('DELETE', `/helps/${help.id}`, { token: superUser.token }), 404, 'ERR_NO_HELP_FOUND');
      expectInvalid(await t.call('DELETE', '/helps/1', { token: superUser.token }), 'id');
    });

    it('is for super users: an admin gets 403 and the help stays', async () => {
      const help = await createHelp();
      expectError(await t.call('DELETE', `/helps/${help.id}`, { token: tenant.admin.token }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('GET', `/helps/${help.id}`, { token: agent.token })).status).to.equal(200);
    });
  });
});
