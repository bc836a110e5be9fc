import { expect } from 'chai';
import { PROMPT_DEFAULTS, type Prompt } from '@atende/shared';
import { PromptModel, type PromptDoc } from '../../src/domains/prompts/model.js';
import { createSealer } from '../../src/platform/sealing.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, sandboxConnection } from '../support/inboxFixtures.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';

const KEY = 'sk-proj-0123456789abcdefghijklmnopqrstuvwxyzWXYZ';
const INSTRUCTIONS = 'You are the assistant of ACME. Answer in one short sentence, kindly and precisely.';

describe('AI prompts (/prompt)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let noPlan: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };
  let queue: { id: string; name: string };
  let queue2: { id: string; name: string };
  let otherQueue: { id: string; name: string };

  before(async () => {
    t = await startTestApp('prompts');
    const superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useOpenAi: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    noPlan = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
    queue = await createQueue(t, tenant.admin, { name: 'Sales' });
    queue2 = await createQueue(t, tenant.admin, { name: 'Support' });
    otherQueue = await createQueue(t, other.admin, { name: 'Theirs' });
  });
  after(() => t?.stop());

  const admin = () => tenant.admin.token;
  const fields = (extra: Record<string, unknown> = {}) => ({ name: 'Sales assistant', prompt: INSTRUCTIONS, apiKey: KEY, queueId: queue.id, ...extra });
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/prompt', { token, body });
  const queueOf = async (id: string, token = admin()) => (await t.call('GET', `/queue/${id}`, { token })).body as { promptId: string | null };
  const stored = (id: string) => PromptModel.findOne({ _id: id }).setOptions({ crossTenant: true }).lean<PromptDoc>();

  describe('saving', () => {
    it('creates with the spec defaults, the queue ({ id, name }), and the key sealed and masked; the queue answers with it', async () => {
      const answer = await create(fields());
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      const prompt = answer.body as Prompt;
      expect(prompt).to.include({ name: 'Sales assistant', prompt: INSTRUCTIONS, companyId: tenant.companyId, queueId: queue.id, baseURL: '', humanPhrase: '', apiKey: 'sk-...WXYZ', ...PROMPT_DEFAULTS });
      expect(prompt.queue).to.deep.equal({ id: queue.id, name: 'Sales' });
      const doc = (await stored(prompt.id))!;
      expect(doc.apiKey.startsWith('v1:')).to.equal(true);
      expect(doc.apiKey).to.not.include(KEY.slice(3, 20));
      expect(createSealer(t.config.secretKey).open(doc.apiKey)).to.equal(KEY);
      expect((await queueOf(queue.id)).promptId).to.equal(prompt.id);
    });

    it('validates as the dialog does: name 5-100, prompt 50+, key and queue required ("a sector must be chosen"), temperature 0-1, counts and address', async () => {
      expectInvalid(await create(fields({ name: 'Four' })), 'name');
      expectInvalid(await create(fields({ name: 'x'.repeat(101) })), 'name');
      expectInvalid(await create(fields({ prompt: 'x'.repeat(49) })), 'prompt');
      expectInvalid(await create(fields({ prompt: `   ${'x'.repeat(48)}   ` })), 'prompt');
      expectInvalid(await create(fields({ apiKey: undefined })), 'apiKey');
      expectInvalid(await create(fields({ apiKey: '   ' })), 'apiKey');
      const noQueue = await create(fields({ queueId: undefined }));
      expectInvalid(noQueue, 'queueId');
      expect(noQueue.body.message).to.include('a sector (queue) must be chosen');
      expectInvalid(await create(fields({ queueId: '' })), 'queueId');
      expectInvalid(await create(fields({ queueId: null })), 'queueId');
      expectInvalid(await create(fields({ temperature: 1.1 })), 'temperature');
      expectInvalid(await create(fields({ temperature: -0.1 })), 'temperature');
      expectInvalid(await create(fields({ maxTokens: 0 })), 'maxTokens');
      expectInvalid(await create(fields({ maxTokens: 2.5 })), 'maxTokens');
      expectInvalid(await create(fields({ maxMessages: 0 })), 'maxMessages');
      expectInvalid(await create(fields({ maxMessages: 101 })), 'maxMessages');
      expectInvalid(await create(fields({ model: '' })), 'model');
      expectInvalid(await create(fields({ baseURL: 'ftp://models.example.com' })), 'baseURL');
      expectInvalid(await create(fields({ baseURL: 'not an address' })), 'baseURL');
      expectInvalid(await t.call('PUT', `/prompt/${MISSING_ID}`, { token: admin(), body: {} }), 'payload');
      expect((await PromptModel.countDocuments({ companyId: tenant.companyId, name: { $ne: 'Sales assistant' } }))).to.equal(0);
    });

    it("accepts any model an OpenAI-compatible endpoint serves, its address and the customer's phrase for a human", async () => {
      const answer = await create(fields({ name: 'Local model', model: 'llama3.1:8b', baseURL: 'http://127.0.0.1:11434/v1', humanPhrase: 'falar com gente, operator', temperature: 0.3, maxTokens: 512, maxMessages: 25, queueId: queue2.id }));
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ model: 'llama3.1:8b', baseURL: 'http://127.0.0.1:11434/v1', humanPhrase: 'falar com gente, operator', temperature: 0.3, maxTokens: 512, maxMessages: 25 });
    });

    it("refuses another company's queue as the sector, and nothing is stored", async () => {
      const before = await PromptModel.countDocuments({ companyId: tenant.companyId });
      const answer = await create(fields({ name: 'Foreign sector', queueId: otherQueue.id }));
      expectError(answer, 404, 'ERR_NO_QUEUE_FOUND');
      expect(answer.body.field).to.equal('queueId');
      expectError(await create(fields({ name: 'Missing sector', queueId: MISSING_ID })), 404, 'ERR_NO_QUEUE_FOUND');
      expect(await PromptModel.countDocuments({ companyId: tenant.companyId })).to.equal(before);
      expect((await queueOf(otherQueue.id, other.admin.token)).promptId).to.equal(null);
    });

    it('an update keeps the key when the mask comes back, replaces it when a new one comes, and never answers it whole', async () => {
      const prompt = (await create(fields({ name: 'Key keeper' }))).body as Prompt;
      const sealed = (await stored(prompt.id))!.apiKey;
      const same = await t.call('PUT', `/prompt/${prompt.id}`, { token: admin(), body: { ...prompt, name: 'Key keeper 2' } });
      expect(same.status, JSON.stringify(same.body)).to.equal(200);
      expect(same.body).to.include({ name: 'Key keeper 2', apiKey: 'sk-...WXYZ' });
      expect((await stored(prompt.id))!.apiKey).to.equal(sealed);
      const renewed = await t.call('PUT', `/prompt/${prompt.id}`, { token: admin(), body: { apiKey: 'sk-other-key-9876543210abcd' } });
      expect(renewed.body.apiKey).to.equal('sk-...abcd');
      expect(createSealer(t.config.secretKey).open((await stored(prompt.id))!.apiKey)).to.equal('sk-other-key-9876543210abcd');
      // A short key shows no more than a quarter of itself.
      const short = await t.call('PUT', `/prompt/${prompt.id}`, { token: admin(), body: { apiKey: 'local-key' } });
      expect(short.body.apiKey).to.equal('...ey');
      const everything = JSON.stringify([(await t.call('GET', '/prompt', { token: admin() })).body, (await t.call('GET', `/prompt/${prompt.id}`, { token: admin() })).body, same.body, renewed.body]);
      for (const key of [KEY, 'sk-other-key-9876543210abcd', 'local-key']) expect(everything).to.not.include(key);
    });

    it('moving a prompt to another queue moves the queue links; the queue dialog may pick another prompt', async () => {
      const prompt = (await create(fields({ name: 'Mover', queueId: queue.id }))).body as Prompt;
      expect((await queueOf(queue.id)).promptId).to.equal(prompt.id);
      const moved = await t.call('PUT', `/prompt/${prompt.id}`, { token: admin(), body: { queueId: queue2.id } });
      expect(moved.body.queue).to.deep.equal({ id: queue2.id, name: 'Support' });
      expect((await queueOf(queue.id)).promptId).to.equal(null);
      expect((await queueOf(queue2.id)).promptId).to.equal(prompt.id);
      const picked = (await create(fields({ name: 'Picked one' }))).body as Prompt;
      expect((await t.call('PUT', `/queue/${queue2.id}`, { token: admin(), body: { promptId: picked.id } })).body.promptId).to.equal(picked.id);
      // Saving the prompt on its own queue again leaves the dialog's choice alone.
      await t.call('PUT', `/prompt/${prompt.id}`, { token: admin(), body: { name: 'Mover renamed' } });
      expect((await queueOf(queue2.id)).promptId).to.equal(picked.id);
    });
  });

  describe('reading', () => {
    it('lists by name with each queue, and reads one; another company sees none of them', async () => {
      const list = await t.call('GET', '/prompt', { token: admin() });
      expect(list.status).to.equal(200);
      const names = (list.body.prompts as Prompt[]).map((prompt) => prompt.name);
      expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b)));
      expect(list.body.prompts.every((prompt: Prompt) => prompt.companyId === tenant.companyId)).to.equal(true);
      const one = list.body.prompts[0] as Prompt;
      expect((await t.call('GET', `/prompt/${one.id}`, { token: admin() })).body).to.deep.equal(one);
      expect((await t.call('GET', '/prompt', { token: other.admin.token })).body).to.deep.equal({ prompts: [] });
      expectError(await t.call('GET', `/prompt/${one.id}`, { token: other.admin.token }), 404, 'ERR_NO_PROMPT_FOUND');
      expectError(await t.call('GET', `/prompt/${MISSING_ID}`, { token: admin() }), 404, 'ERR_NO_PROMPT_FOUND');
    });
  });

  describe('access', () => {
    it('is for admins: users and supervisors are refused every call', async () => {
      const prompt = (await t.call('GET', '/prompt', { token: admin() })).body.prompts[0] as Prompt;
      for (const session of [agent, supervisor]) {
        expectError(await t.call('GET', '/prompt', { token: session.token }), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('GET', `/prompt/${prompt.id}`, { token: session.token }), 403, 'ERR_NO_PERMISSION');
        expectError(await create(fields({ name: 'Not mine to make' }), session.token), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('PUT', `/prompt/${prompt.id}`, { token: session.token, body: { name: 'Not mine' } }), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('DELETE', `/prompt/${prompt.id}`, { token: session.token }), 403, 'ERR_NO_PERMISSION');
      }
      expect((await t.call('GET', `/prompt/${prompt.id}`, { token: admin() })).body.name).to.equal(prompt.name);
    });

    it('needs the plan flag useOpenAi', async () => {
      const noPlanQueue = await createQueue(t, noPlan.admin, { name: 'Plain' });
      expectError(await t.call('GET', '/prompt', { token: noPlan.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await create(fields({ queueId: noPlanQueue.id }), noPlan.admin.token), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expect(await PromptModel.countDocuments({ companyId: noPlan.companyId })).to.equal(0);
    });

    it("another company's admin can neither change nor delete a prompt", async () => {
      const prompt = (await create(fields({ name: 'Guarded prompt' }))).body as Prompt;
      const before = await stored(prompt.id);
      expectError(await t.call('PUT', `/prompt/${prompt.id}`, { token: other.admin.token, body: { name: 'Hijacked', apiKey: 'sk-theirs' } }), 404, 'ERR_NO_PROMPT_FOUND');
      expectError(await t.call('DELETE', `/prompt/${prompt.id}`, { token: other.admin.token }), 404, 'ERR_NO_PROMPT_FOUND');
      expect(await stored(prompt.id)).to.deep.equal(before);
    });

    it("queues and connections take only the company's own prompts", async () => {
      const theirs = (await create({ name: 'Their assistant', prompt: INSTRUCTIONS, apiKey: KEY, queueId: otherQueue.id }, other.admin.token)).body as Prompt;
      const connection = await sandboxConnection(t, tenant.admin);
      const queueAnswer = await t.call('PUT', `/queue/${queue.id}`, { token: admin(), body: { promptId: theirs.id } });
      expectError(queueAnswer, 404, 'ERR_NO_PROMPT_FOUND');
      expect(queueAnswer.body.field).to.equal('promptId');
      expectError(await t.call('PUT', `/whatsapp/${connection.id}`, { token: admin(), body: { promptId: theirs.id } }), 404, 'ERR_NO_PROMPT_FOUND');
      expectError(await t.call('POST', '/queue', { token: admin(), body: { name: 'With theirs', color: '#123456', greetingMessage: 'Hi', promptId: theirs.id } }), 404, 'ERR_NO_PROMPT_FOUND');
      const mine = (await t.call('GET', '/prompt', { token: admin() })).body.prompts[0] as Prompt;
      expect((await t.call('PUT', `/whatsapp/${connection.id}`, { token: admin(), body: { promptId: mine.id } })).body.promptId).to.equal(mine.id);
    });
  });

  describe('deleting', () => {
    it('answers { message }; the queue and the connections that named it answer without one', async () => {
      const prompt = (await create(fields({ name: 'Short lived', queueId: queue.id }))).body as Prompt;
      const connection = await sandboxConnection(t, tenant.admin);
      await t.call('PUT', `/whatsapp/${connection.id}`, { token: admin(), body: { promptId: prompt.id } });
      const answer = await t.call('DELETE', `/prompt/${prompt.id}`, { token: admin() });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.deep.equal({ message: 'Prompt deleted.' });
      expect((await queueOf(queue.id)).promptId).to.equal(null);
      expect((await t.call('GET', `/whatsapp/${connection.id}`, { token: admin() })).body.promptId).to.equal(null);
      expectError(await t.call('GET', `/prompt/${prompt.id}`, { token: admin() }), 404, 'ERR_NO_PROMPT_FOUND');
      expectError(await t.call('DELETE', `/prompt/${prompt.id}`, { token: admin() }), 404, 'ERR_NO_PROMPT_FOUND');
    });

    it('deleting a queue leaves its prompts without a sector (the dialog asks for one again)', async () => {
      const doomed = await createQueue(t, tenant.admin, { name: 'Doomed' });
      const prompt = (await create(fields({ name: 'Orphan to be', queueId: doomed.id }))).body as Prompt;
      expect((await t.call('DELETE', `/queue/${doomed.id}`, { token: admin() })).status).to.equal(204);
      const after = (await t.call('GET', `/prompt/${prompt.id}`, { token: admin() })).body as Prompt;
      expect(after).to.include({ queueId: null, queue: null });
    });
  });

  describe('live', () => {
    it('create, update and delete reach the company on the prompt channel, with the key masked, and no other company', async () => {
      const colleague = await listen(t, tenant.adminEmail, tenant.password, 'prompt');
      const stranger = await listen(t, other.adminEmail, other.password, 'prompt');
      try {
        const created = (await create(fields({ name: 'Live prompt' }))).body as Prompt;
        await waitFor(colleague.events, (e) => e.action === 'create' && (e.prompt as Prompt).id === created.id);
        await t.call('PUT', `/prompt/${created.id}`, { token: admin(), body: { name: 'Live prompt 2' } });
        await waitFor(colleague.events, (e) => e.action === 'update' && (e.prompt as Prompt).name === 'Live prompt 2');
        await t.call('DELETE', `/prompt/${created.id}`, { token: admin() });
        await waitFor(colleague.events, (e) => e.action === 'delete' && e.promptId === created.id);
        expect(JSON.stringify(colleague.events)).to.not.include(KEY);
        await settle();
        expect(stranger.events).to.deep.equal([]);
      } finally {
        await Promise.all([colleague.client.disconnect(), stranger.client.disconnect()]);
      }
    });
  });
});
