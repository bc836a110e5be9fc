import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';

describe('health and API description', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('health');
  });
  after(() => t?.stop());

  it('reports the database state', async () => {
    const answer = await t.call('GET', '/health');
    expect(answer.status).to.equal(200);
    expect(answer.body.status).to.equal('ok');
    expect(answer.body.database).to.deep.equal({ state: 'connected', engine: 'external' });
    expect(answer.body.version).to.equal('8.0.1');
  });

  it('describes every route in OpenAPI, with validation and access', async () => {
    const answer = await t.call('GET', '/docs/openapi.json');
    expect(answer.status).to.equal(200);
    expect(answer.body.openapi).to.equal('3.0.3');
    const login = answer.body.paths['/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).to.have.members(['email', 'password']);
    expect(login.security).to.equal(undefined);
    const createPlan = answer.body.paths['/plans'].post;
    expect(createPlan.security).to.deep.equal([{ bearer: [] }]);
    expect(createPlan['x-access']).to.deep.equal({ super: true });
    expect(answer.body.paths['/users/{id}'].put.parameters[0]).to.include({ name: 'id', in: 'path', required: true });
  });

  it('serves the browsable docs page and its assets', async () => {
    const page = await fetch(`${t.url}/api/docs`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.contain('/api/docs/openapi.json');
    const asset = await fetch(`${t.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(asset.status).to.equal(200);
  });

  it('answers unknown routes with ERR_ROUTE_NOT_FOUND', async () => {
    const answer = await t.call('GET', '/nothing-here');
    expect(answer.status).to.equal(404);
    expect(answer.body.error).to.equal('ERR_ROUTE_NOT_FOUND');
  });
});
