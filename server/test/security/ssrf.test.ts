/**
 * Server-side request forgery (issue 29 item 1), attacked through the public API as a company
 * admin: every address the server calls for a company pointed at a real listener on 127.0.0.1, in
 * every written form, is refused at save; what a save cannot tell (a name resolving to loopback, a
 * value stored before this check, a redirect from an allowed server, media a Typebot links) is
 * refused at the call; the listener never sees a connection, and a refusal reads the same whatever
 * was behind the address, so the delivery log is no port scanner. The app runs with an allow-list
 * naming only the two stand-ins an operator would allow (a redirector and a Typebot).
 */
import { expect } from 'chai';
import { PLAN_FLAGS, type IntegrationDelivery } from '@atende/shared';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../scripts/testing/openaiStandIn.js';
import { QueueIntegrationModel } from '../../src/domains/queueIntegrations/model.js';
import { REFUSED_ADDRESS, type Resolve } from '../../src/platform/net/guard.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, loginSuper, unique, type Tenant } from '../support/fixtures.js';
import { graphOf } from '../support/flowFixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { text, typebotStandIn } from '../support/integrationStandIns.js';
import { listen, redirector, type Listener } from '../support/listener.js';
import { privateForms } from '../support/privateAddresses.js';

/** A name the company gives that resolves to loopback (the test's DNS; a save cannot know it). */
const INTRANET = 'intranet.ssrf.test';
const resolveHost: Resolve = async (name) => {
  if (name === INTRANET) return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};
const image = (url: string) => ({ id: `img-${url.length}`, type: 'image', content: { url } });

describe('server-side request forgery: no address a company gives reaches a private network (issue 29)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let tenant: Tenant;
  let target: Listener;
  let closedPort: number;
  let hop: Listener;
  let typebot: Awaited<ReturnType<typeof typebotStandIn>>;
  let ai: OpenAiStandIn;

  before(async () => {
    target = await listen();
    const closed = await listen();
    closedPort = closed.port;
    await closed.close();
    hop = await redirector(() => `${target.origin}/internal`, 307);
    typebot = await typebotStandIn({
      pictures: () => ({
        messages: [text('Here are the pictures'), image(`${hop.origin}/photo.png`), image(`${target.origin}/direct.png`), image(`http://${INTRANET}:${target.port}/named.png`)],
        input: null,
      }),
    });
    ai = await startOpenAiStandIn();
    t = await startTestApp(
      'ssrf',
      {
        ATENDE_OUTBOUND_ALLOW: `127.0.0.1:${hop.port} 127.0.0.1:${new URL(typebot.url).port}`,
        // The operator's own endpoint, private and not in the allow-list: prompts naming none use it.
        ATENDE_OPENAI_BASE_URL: ai.baseURL,
        ATENDE_INTEGRATION_ATTEMPTS: '1',
        ATENDE_INTEGRATION_TIMEOUT_MS: '3000',
        ATENDE_SANDBOX_ACK_MS: '20',
        ATENDE_LANGUAGE: 'en',
      },
      { resolveHost },
    );
    const superUser = await loginSuper(t);
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true]));
    const plan = await t.call('POST', '/plans', { token: superUser.token, body: { name: unique('SSRF '), users: 5, connections: 20, queues: 20, value: 1, ...flags } });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(201);
    tenant = await createTenant(t, superUser, { planId: plan.body.id });
    await t.call('PUT', '/settings/sendGreetingMessageOneQueues', { token: tenant.admin.token, body: { value: 'disabled' } });
  });
  after(async () => {
    await t?.stop();
    await Promise.all([target, hop, typebot, ai].map((server) => server?.close()));
  });
  afterEach(() => {
    expect(target.connections, 'connections the listener received').to.equal(0);
  });

  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { token: tenant.admin.token, ...(body === undefined ? {} : { body }) });
  const prompt = (queueId: string, extra: Record<string, unknown> = {}) => ({ name: unique('Assistant '), prompt: 'You are the assistant of ACME: answer every question in one short sentence.', apiKey: ai.apiKey, queueId, ...extra });
  const deliveries = async (integrationId: string): Promise<IntegrationDelivery[]> => (await call('GET', `/queueIntegration/${integrationId}/deliveries`)).body.deliveries;

  async function integration(body: Record<string, unknown>): Promise<string> {
    const answer = await call('POST', '/queueIntegration', { name: unique('Tool '), ...body });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body.id as string;
  }

  it('refuses at save, with 400 ERR_OUTBOUND_ADDRESS_REFUSED naming the field, every written form of a local or private address in every address field', async () => {
    const queue = await createQueue(t, tenant.admin);
    const flow = (await call('POST', '/flowbuilder', { name: unique('Flow ') })).body;
    const saved = await integration({ type: 'webhook', urlN8N: `${hop.origin}/hook` });
    const savedPrompt = (await call('POST', '/prompt', prompt(queue.id))).body;
    const attempts: { label: string; send: (form: string) => Promise<{ status: number; body: any }>; field: string }[] = [
      { label: 'webhook', send: (form) => call('POST', '/queueIntegration', { type: 'webhook', name: unique('Hook '), urlN8N: form }), field: 'urlN8N' },
      { label: 'n8n', send: (form) => call('POST', '/queueIntegration', { type: 'n8n', name: unique('n8n '), urlN8N: form }), field: 'urlN8N' },
      { label: 'typebot', send: (form) => call('POST', '/queueIntegration', { type: 'typebot', name: unique('Bot '), urlN8N: form, typebotSlug: 'sales' }), field: 'urlN8N' },
      { label: 'integration update', send: (form) => call('PUT', `/queueIntegration/${saved}`, { urlN8N: form }), field: 'urlN8N' },
      { label: 'prompt', send: (form) => call('POST', '/prompt', prompt(queue.id, { baseURL: form })), field: 'baseURL' },
      { label: 'prompt update', send: (form) => call('PUT', `/prompt/${savedPrompt.id}`, { baseURL: form }), field: 'baseURL' },
      { label: "company's endpoint", send: (form) => call('PUT', '/settings/openAiBaseUrl', { value: form }), field: 'value' },
      {
        label: "flow's Typebot block",
        send: (form) => call('POST', '/flowbuilder/flow', { idFlow: flow.id, ...graphOf([['1', 'start'], ['tb', 'typebot', { typebotIntegration: { name: 'Bot', urlN8N: form, typebotSlug: 'sales' } }]], [['1', 'tb']]) }),
        field: 'nodes.1.data.typebotIntegration.urlN8N',
      },
      {
        label: "flow's OpenAI block",
        send: (form) => call('POST', '/flowbuilder/flow', { idFlow: flow.id, ...graphOf([['1', 'start'], ['ai', 'openai', { typebotIntegration: { name: 'AI', prompt: 'Be brief.', apiKey: 'sk-x', baseURL: form } }]], [['1', 'ai']]) }),
        field: 'nodes.1.data.typebotIntegration.baseURL',
      },
    ];
    const failures: string[] = [];
    for (const attempt of attempts) {
      for (const form of privateForms(target.port)) {
        const answer = await attempt.send(form);
        if (answer.status !== 400 || answer.body.error !== 'ERR_OUTBOUND_ADDRESS_REFUSED' || answer.body.field !== attempt.field) failures.push(`${attempt.label} ${form}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
    const refused = await call('POST', '/queueIntegration', { type: 'webhook', name: 'Hook', urlN8N: `http://127.0.0.1:${target.port}/` });
    expect(refused.body.message).to.equal('This address leads to a private, local or reserved network, which the server does not call. Use a public address (the operator can allow private ones).');
    // Nothing was stored: the company's integrations are the one saved at the allowed address.
    expect((await call('GET', '/queueIntegration')).body.queueIntegrations.map((each: { id: string }) => each.id)).to.deep.equal([saved]);
    // Credentials and other schemes are refused by the field's own rule.
    for (const form of [`http://user:secret@${hop.host}:${hop.port}/`, 'ftp://example.com/', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/']) {
      const answer = await call('POST', '/queueIntegration', { type: 'webhook', name: unique('Hook '), urlN8N: form });
      expect([answer.status, answer.body.error, answer.body.field], form).to.deep.equal([400, 'ERR_VALIDATION', 'urlN8N']);
    }
    // What the operator allows, and names a save cannot check, are kept.
    expect((await call('PUT', '/settings/openAiBaseUrl', { value: `http://${INTRANET}:${target.port}/v1` })).status).to.equal(200);
    expect((await call('PUT', '/settings/openAiBaseUrl', { value: '' })).status).to.equal(200);
  });

  it('refuses at every call a stored name that resolves to loopback, or a value stored before the check; the delivery log cannot tell an open port from a closed one', async () => {
    const open = await integration({ type: 'webhook', urlN8N: `http://${INTRANET}:${target.port}/hook` });
    const closed = await integration({ type: 'n8n', urlN8N: `http://${INTRANET}:${closedPort}/hook` });
    const older = await integration({ type: 'webhook', urlN8N: `${hop.origin}/hook` });
    // As an older version could have stored it.
    await QueueIntegrationModel.updateOne({ companyId: tenant.companyId, _id: older }, { $set: { urlN8N: `http://127.0.0.1:${target.port}/hook` } });
    await call('GET', '/queueIntegration');
    const logs: IntegrationDelivery[][] = [];
    for (const integrationId of [open, closed, older]) {
      const connection = await sandboxConnection(t, tenant.admin, { integrationId });
      await customerSays(t, tenant.admin, connection.id, customerNumber(), 'Hello?');
      logs.push(await eventually(async () => {
        const log = await deliveries(integrationId);
        return log[0]?.status === 'failed' ? log : null;
      }, 15_000, 'the delivery given up'));
    }
    const seen = logs.map((log) => log[0]!.attempts.map((attempt) => ({ statusCode: attempt.statusCode, error: attempt.error })));
    expect(seen).to.deep.equal([0, 1, 2].map(() => [{ statusCode: null, error: REFUSED_ADDRESS }]));
  });

  it("refuses a Typebot's redirect to a local port at that hop, and never fetches the media it links from a private address, directly or redirected", async () => {
    const redirected = await integration({ type: 'typebot', urlN8N: hop.origin, typebotSlug: 'pictures', typebotDelayMessage: 0 });
    const line = await sandboxConnection(t, tenant.admin, { integrationId: redirected });
    const number = customerNumber();
    await customerSays(t, tenant.admin, line.id, number, 'hi');
    const failed = await eventually(async () => {
      const ticket = await ticketOf(t, tenant.admin, number);
      return ticket?.integrationRun?.state === 'failed' ? ticket : null;
    }, 15_000, 'the Typebot failure on the ticket');
    expect(failed.integrationRun.detail).to.include(REFUSED_ADDRESS);
    expect(hop.requests.map((request) => request.path)).to.deep.equal(['/api/v1/typebots/pictures/startChat']);

    const pictures = await integration({ type: 'typebot', urlN8N: typebot.url, typebotSlug: 'pictures', typebotDelayMessage: 0, typebotUnknownMessage: 'Picture unavailable' });
    const other = await sandboxConnection(t, tenant.admin, { integrationId: pictures });
    const customer = customerNumber();
    await customerSays(t, tenant.admin, other.id, customer, 'pictures please');
    const received = await eventually(async () => {
      const sent = await outboxOf(t, tenant.admin, other.id, customer);
      return sent.length >= 4 ? sent : null;
    }, 15_000, 'what the Typebot said');
    expect(received.map((message) => message.body)).to.deep.equal(['Here are the pictures', 'Picture unavailable', 'Picture unavailable', 'Picture unavailable']);
    expect(hop.requests.map((request) => request.path)).to.include('/photo.png');
  });

  it("shows an AI prompt's refused endpoint on the ticket; the operator's own private endpoint serves prompts that name none, and no company can name it", async () => {
    const queue = await createQueue(t, tenant.admin);
    const created = await call('POST', '/prompt', prompt(queue.id, { baseURL: `http://${INTRANET}:${target.port}/v1` }));
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const line = await sandboxConnection(t, tenant.admin, { queueIds: [queue.id] });
    const number = customerNumber();
    await customerSays(t, tenant.admin, line.id, number, 'Hello?');
    const failed = await eventually(async () => {
      const ticket = await ticketOf(t, tenant.admin, number);
      return ticket?.aiError ? ticket : null;
    }, 10_000, 'the error on the ticket');
    expect(failed.aiError).to.include({ code: 'addressRefused', status: null });

    const own = await createQueue(t, tenant.admin);
    expect((await call('POST', '/prompt', prompt(own.id))).status).to.equal(201);
    const ownLine = await sandboxConnection(t, tenant.admin, { queueIds: [own.id] });
    const customer = customerNumber();
    ai.answer('Answered by the operator endpoint.');
    await customerSays(t, tenant.admin, ownLine.id, customer, 'Hello there');
    const sent = await eventually(async () => {
      const bodies = (await outboxOf(t, tenant.admin, ownLine.id, customer)).map((message) => message.body);
      return bodies.length > 0 ? bodies : null;
    }, 10_000, 'the answer');
    expect(sent).to.deep.equal(['Answered by the operator endpoint.']);
    const naming = await call('POST', '/prompt', prompt(own.id, { baseURL: ai.baseURL }));
    expect([naming.status, naming.body.error]).to.deep.equal([400, 'ERR_OUTBOUND_ADDRESS_REFUSED']);
  });
});
