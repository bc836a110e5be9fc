import { expect } from 'chai';
import { PAGE_SIZE, PLAN_FLAGS, type QueueIntegration } from '@atende/shared';
import { QueueIntegrationModel } from '../../src/domains/queueIntegrations/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue } from '../support/inboxFixtures.js';
import { dialogflowStandIn, serviceAccountKey, type ServiceAccountKey, type StandIn } from '../support/integrationStandIns.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';
import { createConnection } from '../support/whatsappFixtures.js';
import { storeFlow } from '../support/flowFixtures.js';

describe('queue integrations (/queueIntegration)', () => {
  let t: TestApp;
  let dialogflow: StandIn;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let plain: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };
  const keys: ServiceAccountKey[] = [];
  const key = serviceAccountKey('atende-bot');
  const strangerKey = serviceAccountKey('someone-else');

  before(async () => {
    keys.push(key);
    dialogflow = await dialogflowStandIn(
      () => keys,
      (query) => query.project === 'no-such-project' ? { error: { code: 404, message: `Project ${query.project} not found.`, status: 'NOT_FOUND' } } : ({ fulfillmentText: `Hello from ${query.project} (${query.languageCode})`, fulfillmentMessages: [{ text: { text: [`Hello from ${query.project} (${query.languageCode})`] } }], intent: { displayName: 'Default Welcome Intent' } }),
    );
    t = await startTestApp('integrations', { ATENDE_DIALOGFLOW_URL: dialogflow.url });
    superUser = await loginSuper(t);
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag === 'useIntegrations']));
    const plan = await createPlan(t, superUser, { ...flags, users: 6 });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    plain = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
  });
  after(async () => {
    await t?.stop();
    await dialogflow?.close();
  });

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/queueIntegration', { token, body });
  async function created(body: Record<string, unknown>, token = admin()): Promise<QueueIntegration & { newWebhookSecret: string | null }> {
    const answer = await create(body, token);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body;
  }

  describe('saving the fields of each type', () => {
    it('typebot: the defaults (1 minute, 1000 ms, pt-BR), projectName follows the name, no secret', async () => {
      const saved = await created({ type: 'typebot', name: 'Sales bot', projectName: 'ignored', urlN8N: 'https://typebot.example.com', typebotSlug: 'sales-bot' });
      expect(saved).to.include({ type: 'typebot', name: 'Sales bot', projectName: 'Sales bot', typebotExpires: 1, typebotDelayMessage: 1000, language: 'pt-BR', webhookSecret: null, newWebhookSecret: null, jsonContent: '', flowId: null });
      const read = await t.call('GET', `/queueIntegration/${saved.id}`, { token: admin() });
      expect(read.status).to.equal(200);
      expect(read.body).to.deep.include({ id: saved.id, typebotSlug: 'sales-bot', urlN8N: 'https://typebot.example.com' });
    });

    it('n8n and webhook: the signing secret whole once at creation, masked ever after', async () => {
      for (const type of ['n8n', 'webhook']) {
        const saved = await created({ type, name: `${type} hook`, urlN8N: 'http://127.0.0.1:5678/webhook/atende' });
        expect(saved.projectName).to.equal(`${type} hook`);
        expect(saved.newWebhookSecret).to.match(/^whsec_[0-9a-f]{48}$/);
        expect(saved.webhookSecret).to.equal(`${saved.newWebhookSecret!.slice(0, 6)}...${saved.newWebhookSecret!.slice(-4)}`);
        const read = await t.call('GET', `/queueIntegration/${saved.id}`, { token: admin() });
        expect(JSON.stringify(read.body)).not.to.contain(saved.newWebhookSecret!);
        expect(read.body.webhookSecret).to.equal(saved.webhookSecret);
        const listed = await t.call('GET', `/queueIntegration?searchParam=${encodeURIComponent(`${type} hook`)}`, { token: admin() });
        expect(JSON.stringify(listed.body)).not.to.contain(saved.newWebhookSecret!);
        // Stored sealed: the database holds neither the secret nor its plain form.
        const stored = await QueueIntegrationModel.findOne({ companyId: tenant.companyId, _id: saved.id }).lean();
        expect(JSON.stringify(stored)).not.to.contain(saved.newWebhookSecret!);
      }
    });

    it('rotating the secret answers a new one whole once; other types have none to rotate', async () => {
      const saved = await created({ type: 'webhook', name: 'Rotating', urlN8N: 'http://127.0.0.1:9/hook' });
      const rotated = await t.call('POST', `/queueIntegration/${saved.id}/secret`, { token: admin() });
      expect(rotated.status, JSON.stringify(rotated.body)).to.equal(200);
      expect(rotated.body.newWebhookSecret).to.match(/^whsec_/).and.not.equal(saved.newWebhookSecret);
      expect(rotated.body.webhookSecret).to.equal(`${rotated.body.newWebhookSecret.slice(0, 6)}...${rotated.body.newWebhookSecret.slice(-4)}`);
      const typebot = await created({ type: 'typebot', name: 'No secret', urlN8N: 'https://typebot.example.com', typebotSlug: 'x' });
      expectInvalid(await t.call('POST', `/queueIntegration/${typebot.id}/secret`, { token: admin() }), 'type');
    });

    it('dialogflow: projectName and language kept, credentials sealed and shown masked; the mask sent back keeps them', async () => {
      const saved = await created({ type: 'dialogflow', name: 'Agent', projectName: 'atende-bot', language: 'es', jsonContent: key.json });
      expect(saved).to.include({ projectName: 'atende-bot', language: 'es' });
      expect(saved.jsonContent).to.match(new RegExp(`^•••• ${key.clientEmail.replace(/\./g, '\\.')} ••••abcd$`));
      expect(JSON.stringify(saved)).not.to.contain('PRIVATE KEY');
      const stored = await QueueIntegrationModel.findOne({ companyId: tenant.companyId, _id: saved.id }).lean();
      expect(JSON.stringify(stored)).not.to.contain('PRIVATE KEY');
      const kept = await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { name: 'Agent renamed', jsonContent: saved.jsonContent } });
      expect(kept.status, JSON.stringify(kept.body)).to.equal(200);
      expect(kept.body).to.include({ name: 'Agent renamed', jsonContent: saved.jsonContent, projectName: 'atende-bot' });
      expect((await QueueIntegrationModel.findOne({ companyId: tenant.companyId, _id: saved.id }).lean())!.sealedJsonContent).to.equal(stored!.sealedJsonContent);
      const replaced = await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { jsonContent: strangerKey.json } });
      expect(replaced.body.jsonContent).to.contain(strangerKey.clientEmail);
      expectInvalid(await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { jsonContent: '{"client_email": "x@y"}' } }), 'jsonContent');
    });

    it('flowbuilder: names its flow (required, one of the company\'s)', async () => {
      const flowId = await storeFlow(tenant.companyId, null, { name: 'Welcome flow' });
      const saved = await created({ type: 'flowbuilder', name: 'Flow start', flowId });
      expect(saved).to.include({ flowId, projectName: 'Flow start' });
      expectInvalid(await create({ type: 'flowbuilder', name: 'No flow' }), 'flowId');
      const foreign = await storeFlow(other.companyId, null);
      expectError(await create({ type: 'flowbuilder', name: 'Foreign flow', flowId: foreign }), 404, 'ERR_NO_FLOW_FOUND');
    });

    it('refuses bad input with the field: name 2..50, type, URLs, slug, project, credentials, language, numbers', async () => {
      const url = 'https://typebot.example.com';
      expectInvalid(await create({ type: 'typebot', name: 'A', urlN8N: url, typebotSlug: 's' }), 'name');
      expect((await create({ type: 'typebot', name: 'A', urlN8N: url, typebotSlug: 's' })).body.rule).to.equal('string.min');
      expectInvalid(await create({ type: 'typebot', name: 'x'.repeat(51), urlN8N: url, typebotSlug: 's' }), 'name');
      expectInvalid(await create({ type: 'typebot', urlN8N: url, typebotSlug: 's' }), 'name');
      expectInvalid(await create({ type: 'zapier', name: 'Zap' }), 'type');
      expectInvalid(await create({ name: 'No type' }), 'type');
      for (const type of ['n8n', 'webhook', 'typebot']) expectInvalid(await create({ type, name: 'No URL', typebotSlug: 's' }), 'urlN8N');
      expectInvalid(await create({ type: 'webhook', name: 'Bad URL', urlN8N: 'ftp://files.example.com' }), 'urlN8N');
      expectInvalid(await create({ type: 'typebot', name: 'No slug', urlN8N: url }), 'typebotSlug');
      expectInvalid(await create({ type: 'dialogflow', name: 'No project', jsonContent: key.json }), 'projectName');
      expectInvalid(await create({ type: 'dialogflow', name: 'No key', projectName: 'p' }), 'jsonContent');
      expectInvalid(await create({ type: 'dialogflow', name: 'Not JSON', projectName: 'p', jsonContent: 'hello' }), 'jsonContent');
      expectInvalid(await create({ type: 'dialogflow', name: 'Language', projectName: 'p', jsonContent: key.json, language: 'fr' }), 'language');
      expectInvalid(await create({ type: 'typebot', name: 'Expires', urlN8N: url, typebotSlug: 's', typebotExpires: -1 }), 'typebotExpires');
      expectInvalid(await create({ type: 'typebot', name: 'Delay', urlN8N: url, typebotSlug: 's', typebotDelayMessage: 'soon' }), 'typebotDelayMessage');
    });

    it('an update checks the fields of the type it leaves the integration with; a change to webhook makes its secret', async () => {
      const saved = await created({ type: 'typebot', name: 'Changing', urlN8N: 'https://typebot.example.com', typebotSlug: 'x' });
      expectInvalid(await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { type: 'flowbuilder' } }), 'flowId');
      expectInvalid(await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { typebotSlug: '' } }), 'typebotSlug');
      expectInvalid(await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: {} }), 'payload');
      const webhook = await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { type: 'webhook' } });
      expect(webhook.status, JSON.stringify(webhook.body)).to.equal(200);
      expect(webhook.body.newWebhookSecret).to.match(/^whsec_/);
      const back = await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { type: 'typebot' } });
      expect(back.body).to.include({ webhookSecret: null, newWebhookSecret: null });
    });
  });

  describe('the list', () => {
    it('searches by name, pages by name, and answers hasMore', async () => {
      const prefix = unique('Paged ');
      for (let i = 0; i < PAGE_SIZE + 1; i += 1) await created({ type: 'webhook', name: `${prefix} ${String(i).padStart(2, '0')}`, urlN8N: 'http://127.0.0.1:9/hook' });
      const first = await t.call('GET', `/queueIntegration?searchParam=${encodeURIComponent(prefix)}`, { token: admin() });
      expect(first.body.queueIntegrations).to.have.length(PAGE_SIZE);
      expect(first.body.hasMore).to.equal(true);
      expect(first.body.queueIntegrations[0].name).to.equal(`${prefix} 00`);
      const second = await t.call('GET', `/queueIntegration?searchParam=${encodeURIComponent(prefix)}&pageNumber=2`, { token: admin() });
      expect(second.body).to.deep.include({ hasMore: false });
      expect(second.body.queueIntegrations.map((each: QueueIntegration) => each.name)).to.deep.equal([`${prefix} ${PAGE_SIZE}`]);
      const none = await t.call('GET', '/queueIntegration?searchParam=nothing-like-this', { token: admin() });
      expect(none.body).to.deep.equal({ queueIntegrations: [], hasMore: false });
    });
  });

  describe('who may', () => {
    it("a company whose plan lacks useIntegrations is refused every call", async () => {
      const token = plain.admin.token;
      const calls: [string, string, unknown?][] = [
        ['GET', '/queueIntegration'],
        ['GET', `/queueIntegration/${MISSING_ID}`],
        ['POST', '/queueIntegration', { type: 'webhook', name: 'Nope', urlN8N: 'http://127.0.0.1:9/x' }],
        ['PUT', `/queueIntegration/${MISSING_ID}`, { name: 'Nope' }],
        ['DELETE', `/queueIntegration/${MISSING_ID}`],
        ['POST', '/queueIntegration/testSession', { projectName: 'p', jsonContent: key.json, language: 'en' }],
        ['POST', `/queueIntegration/${MISSING_ID}/secret`],
        ['GET', `/queueIntegration/${MISSING_ID}/deliveries`],
      ];
      for (const [method, path, body] of calls) expectError(await t.call(method, path, { token, ...(body ? { body } : {}) }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expect(await QueueIntegrationModel.countDocuments({ companyId: plain.companyId })).to.equal(0);
    });

    it('users and supervisors are refused (credentials and endpoints are the admins\'); super users may', async () => {
      const saved = await created({ type: 'webhook', name: 'Admins only', urlN8N: 'http://127.0.0.1:9/hook' });
      for (const session of [agent, supervisor]) {
        expectError(await t.call('GET', '/queueIntegration', { token: session.token }), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('GET', `/queueIntegration/${saved.id}`, { token: session.token }), 403, 'ERR_NO_PERMISSION');
        expectError(await create({ type: 'webhook', name: 'Mine', urlN8N: 'http://127.0.0.1:9/x' }, session.token), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('DELETE', `/queueIntegration/${saved.id}`, { token: session.token }), 403, 'ERR_NO_PERMISSION');
      }
      const bySuper = await t.call('GET', '/queueIntegration', { token: superUser.token });
      expect(bySuper.status).to.equal(200);
    });

    it("another company's ids are not found, and nothing of them changes", async () => {
      const theirs = await created({ type: 'webhook', name: 'Theirs', urlN8N: 'http://127.0.0.1:9/hook' }, other.admin.token);
      const before = await QueueIntegrationModel.findOne({ companyId: other.companyId, _id: theirs.id }).lean();
      expectError(await t.call('GET', `/queueIntegration/${theirs.id}`, { token: admin() }), 404, 'ERR_NO_INTEGRATION_FOUND');
      expectError(await t.call('PUT', `/queueIntegration/${theirs.id}`, { token: admin(), body: { name: 'Mine now' } }), 404, 'ERR_NO_INTEGRATION_FOUND');
      expectError(await t.call('POST', `/queueIntegration/${theirs.id}/secret`, { token: admin() }), 404, 'ERR_NO_INTEGRATION_FOUND');
      expectError(await t.call('GET', `/queueIntegration/${theirs.id}/deliveries`, { token: admin() }), 404, 'ERR_NO_INTEGRATION_FOUND');
      expectError(await t.call('DELETE', `/queueIntegration/${theirs.id}`, { token: admin() }), 404, 'ERR_NO_INTEGRATION_FOUND');
      expectError(await t.call('POST', '/queueIntegration/testSession', { token: admin(), body: { id: theirs.id, projectName: 'p', jsonContent: 'x', language: 'en' } }), 404, 'ERR_NO_INTEGRATION_FOUND');
      const listed = await t.call('GET', '/queueIntegration?searchParam=Theirs', { token: admin() });
      expect(listed.body.queueIntegrations).to.deep.equal([]);
      expect(await QueueIntegrationModel.findOne({ companyId: other.companyId, _id: theirs.id }).lean()).to.deep.equal(before);
      // Nor can a queue or a connection of this company name it.
      expectError(await t.call('POST', '/queue', { token: admin(), body: { name: unique('Q '), color: '#123abc', integrationId: theirs.id } }), 404, 'ERR_NO_INTEGRATION_FOUND');
      const connection = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      expectError(await t.call('PUT', `/whatsapp/${connection.id}`, { token: admin(), body: { integrationId: theirs.id } }), 404, 'ERR_NO_INTEGRATION_FOUND');
      expect((await t.call('GET', `/whatsapp/${connection.id}`, { token: admin() })).body.integrationId).to.equal(null);
    });
  });

  describe('deleting', () => {
    it('is refused while a queue or a connection uses it (409 with how many), then goes with its realtime delete', async () => {
      const saved = await created({ type: 'webhook', name: 'In use', urlN8N: 'http://127.0.0.1:9/hook' });
      const queue = await createQueue(t, tenant.admin, { integrationId: saved.id });
      expect((await t.call('GET', `/queue/${queue.id}`, { token: admin() })).body.integrationId).to.equal(saved.id);
      const connection = await createConnection(t, tenant.admin, { provider: 'sandbox', integrationId: saved.id });
      const refused = await t.call('DELETE', `/queueIntegration/${saved.id}`, { token: admin() });
      expectError(refused, 409, 'ERR_INTEGRATION_IN_USE');
      expect(refused.body).to.include({ queues: 1, connections: 1 });
      await t.call('PUT', `/queue/${queue.id}`, { token: admin(), body: { integrationId: null } });
      expect((await t.call('DELETE', `/queueIntegration/${saved.id}`, { token: admin() })).body).to.include({ connections: 1, queues: 0 });
      await t.call('PUT', `/whatsapp/${connection.id}`, { token: admin(), body: { integrationId: '' } });
      const listener = await listen(t, tenant.adminEmail, tenant.password, 'queueIntegration');
      try {
        expect((await t.call('DELETE', `/queueIntegration/${saved.id}`, { token: admin() })).status).to.equal(204);
        await waitFor(listener.events, (event) => event.action === 'delete' && (event as { integrationId?: string }).integrationId === saved.id);
      } finally {
        await listener.client.disconnect();
      }
      expectError(await t.call('GET', `/queueIntegration/${saved.id}`, { token: admin() }), 404, 'ERR_NO_INTEGRATION_FOUND');
    });
  });

  describe('realtime', () => {
    it("the company's admins hear creates and updates (masked); its users and other companies hear nothing", async () => {
      const adminEar = await listen(t, tenant.adminEmail, tenant.password, 'queueIntegration');
      const userEar = await listen(t, agent.email, 'member-pass', 'queueIntegration');
      const stranger = await listen(t, other.adminEmail, other.password, 'queueIntegration');
      try {
        const saved = await created({ type: 'webhook', name: 'Live one', urlN8N: 'http://127.0.0.1:9/hook' });
        const heard = await waitFor(adminEar.events, (event) => event.action === 'create' && (event as { queueIntegration?: QueueIntegration }).queueIntegration?.id === saved.id);
        expect(JSON.stringify(heard)).not.to.contain(saved.newWebhookSecret!);
        await t.call('PUT', `/queueIntegration/${saved.id}`, { token: admin(), body: { name: 'Live two' } });
        await waitFor(adminEar.events, (event) => event.action === 'update' && (event as { queueIntegration?: QueueIntegration }).queueIntegration?.name === 'Live two');
        await settle(300);
        expect(userEar.events).to.deep.equal([]);
        expect(stranger.events).to.deep.equal([]);
      } finally {
        await Promise.all([adminEar, userEar, stranger].map((ear) => ear.client.disconnect()));
      }
    });
  });

  describe('POST /queueIntegration/testSession (dialogflow)', () => {
    const test = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/queueIntegration/testSession', { token, body });

    it('working credentials: ok with the agent\'s answer, asked in the chosen language with a JWT signed by the key', async () => {
      const before = dialogflow.requests.length;
      const answer = await test({ projectName: 'atende-bot', jsonContent: key.json, language: 'en' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.deep.equal({ ok: true, intent: 'Default Welcome Intent', reply: 'Hello from atende-bot (en)' });
      const request = dialogflow.requests[before]!;
      expect(request.path).to.match(/^\/v2\/projects\/atende-bot\/agent\/sessions\/atende-test-[0-9a-f-]+:detectIntent/);
      expect(JSON.parse(request.body).queryInput.text).to.deep.equal({ text: 'Hi', languageCode: 'en' });
    });

    it('credentials the agent refuses: not ok, with the reason', async () => {
      const answer = await test({ projectName: 'atende-bot', jsonContent: strangerKey.json, language: 'pt-BR' });
      expect(answer.status).to.equal(200);
      expect(answer.body.ok).to.equal(false);
      expect(answer.body.reason).to.match(/invalid authentication credentials/i);
    });

    it('an agent that does not exist: not ok, with the reason', async () => {
      const answer = await test({ projectName: 'no-such-project', jsonContent: key.json, language: 'es' });
      expect(answer.status).to.equal(200);
      expect(answer.body.ok).to.equal(false);
      expect(answer.body.reason).to.match(/project no-such-project not found/i);
    });

    it('the mask of a saved integration with its id tests the stored credentials; a bad JSON is refused', async () => {
      const saved = await created({ type: 'dialogflow', name: 'Stored key', projectName: 'atende-bot', jsonContent: key.json });
      const answer = await test({ id: saved.id, projectName: 'atende-bot', jsonContent: saved.jsonContent, language: 'pt-BR' });
      expect(answer.body).to.include({ ok: true, reply: 'Hello from atende-bot (pt-BR)' });
      expectInvalid(await test({ projectName: 'atende-bot', jsonContent: saved.jsonContent, language: 'pt-BR' }), 'jsonContent');
      expectInvalid(await test({ projectName: 'atende-bot', jsonContent: '{"private_key": "x"}', language: 'pt-BR' }), 'jsonContent');
      expectInvalid(await test({ projectName: 'atende-bot', jsonContent: key.json, language: 'de' }), 'language');
      expectInvalid(await test({ jsonContent: key.json, language: 'en' }), 'projectName');
    });
  });

  describe('the delivery log', () => {
    it('is an empty page for an integration that delivers nothing yet', async () => {
      const saved = await created({ type: 'typebot', name: 'No log', urlN8N: 'https://typebot.example.com', typebotSlug: 'x' });
      const log = await t.call('GET', `/queueIntegration/${saved.id}/deliveries`, { token: admin() });
      expect(log.status).to.equal(200);
      expect(log.body).to.deep.equal({ deliveries: [], hasMore: false });
      expectInvalid(await t.call('GET', `/queueIntegration/${saved.id}/deliveries?pageNumber=0`, { token: admin() }), 'pageNumber');
    });
  });

});
