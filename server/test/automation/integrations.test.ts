/**
 * Queue integrations end to end (issue 16): customers write to sandbox connections, the runners
 * talk to local stand-ins of the tools (a webhook receiver, an n8n-like workflow replying through
 * the send API, a Typebot server, a Dialogflow endpoint reached by the official client) and what
 * they answer reaches the customer through the outbound lanes.
 */
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { PLAN_FLAGS, type IntegrationDelivery, type IntegrationWebhookEvent } from '@atende/shared';
import { IntegrationSessionModel } from '../../src/automation/integrations/sessionModel.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { SAMPLES } from '../support/backofficeFixtures.js';
import { createTenant, loginSuper, unique, type Tenant } from '../support/fixtures.js';
import { graphOf, storeFlow } from '../support/flowFixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { choice, dialogflowStandIn, serviceAccountKey, standIn, text, textInput, typebotStandIn, type Answer, type Recorded, type StandIn } from '../support/integrationStandIns.js';
import { settle } from '../support/realtimeFixtures.js';

const RETRY_MS = 300;
const ATTEMPTS = 3;

describe('queue integrations answer customers through the sandbox (issue 16)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let tenant: Tenant;
  /** The queue the tools hand tickets over to, by its name. */
  let support: { id: string; name: string };
  let receiver: StandIn;
  let typebot: Awaited<ReturnType<typeof typebotStandIn>>;
  let dialogflow: StandIn;
  /** What the webhook receiver answers (per test). */
  let behave: (request: Recorded) => Answer | Promise<Answer> = () => ({ status: 200 });
  const key = serviceAccountKey('atende-agent');
  /** What the Dialogflow agent answers a text. */
  let agent: (text: string) => Record<string, unknown> = () => ({});

  before(async () => {
    receiver = await standIn((request) => behave(request));
    typebot = await typebotStandIn({
      sales: (answers) => {
        if (answers.length === 0) return { messages: [text('Hi, **welcome** to ACME!'), text('What do you need?')], input: choice('Buy', 'Support') };
        if (answers.length === 1) return { messages: [text(`You chose ${answers[0]}.`), { id: 'img', type: 'image', content: { url: `${typebot.url}/media/logo.png` } }, text('Your name?')], input: textInput() };
        return { messages: [text(`Thanks ${answers[1]}, an agent will talk to you.`)], input: null };
      },
      transfer: () => ({ messages: [text('Passing you to support'), text('#{"transfer": true, "queue": "Support desk"}')], input: null }),
    }, { 'logo.png': { bytes: SAMPLES.png(), contentType: 'image/png' } });
    dialogflow = await dialogflowStandIn(() => [key], (query) => agent(query.text));
    t = await startTestApp('integrationsrun', {
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_DIALOGFLOW_URL: dialogflow.url,
      ATENDE_INTEGRATION_RETRY_MS: String(RETRY_MS),
      ATENDE_INTEGRATION_ATTEMPTS: String(ATTEMPTS),
      ATENDE_INTEGRATION_TIMEOUT_MS: '3000',
    });
    const superUser = await loginSuper(t);
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true]));
    const plan = await t.call('POST', '/plans', { token: superUser.token, body: { name: unique('Integrations '), users: 5, connections: 20, queues: 12, value: 1, ...flags } });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(201);
    tenant = await createTenant(t, superUser, { planId: plan.body.id });
    support = await createQueue(t, tenant.admin, { name: 'Support desk', greetingMessage: '' });
  });
  after(async () => {
    await t?.stop();
    await Promise.all([receiver, typebot, dialogflow].map((server) => server?.close()));
  });

  const admin = () => tenant.admin;
  async function integration(body: Record<string, unknown>): Promise<{ id: string; newWebhookSecret: string | null }> {
    const answer = await t.call('POST', '/queueIntegration', { token: admin().token, body });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body;
  }
  const received = async (whatsappId: string, number: string) => (await outboxOf(t, admin(), whatsappId, number)).map((message) => message.body);
  async function receivedAtLeast(whatsappId: string, number: string, count: number, ms = 15_000): Promise<string[]> {
    return eventually(async () => {
      const got = await received(whatsappId, number);
      return got.length >= count ? got : null;
    }, ms, `${count} messages to ${number}`);
  }
  const ticket = (number: string) => eventually(() => ticketOf(t, admin(), number), 10_000, `ticket of ${number}`);
  async function runState(number: string, state: string): Promise<Record<string, any>> {
    return eventually(async () => {
      const found = await ticketOf(t, admin(), number);
      return found?.integrationRun?.state === state ? found : null;
    }, 15_000, `${number}'s integration ${state}`);
  }
  const eventsTo = (path: string) => receiver.requests.filter((request) => request.path === path);
  const deliveries = async (integrationId: string): Promise<IntegrationDelivery[]> => (await t.call('GET', `/queueIntegration/${integrationId}/deliveries`, { token: admin().token })).body.deliveries;

  describe('webhook and n8n', () => {
    it('POSTs each customer message as a signed event; nothing else answers; the delivery log records it', async () => {
      behave = () => ({ status: 200 });
      const hook = await integration({ type: 'webhook', name: 'Orders hook', urlN8N: `${receiver.url}/hooks/orders` });
      const connection = await sandboxConnection(t, admin(), { greetingMessage: 'Greeting that must not go', integrationId: hook.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'Where is my order?');
      const [request] = await eventually(async () => eventsTo('/hooks/orders'), 10_000, 'the event');
      const signature = createHmac('sha256', hook.newWebhookSecret!).update(request!.body).digest('hex');
      expect(request!.headers['x-atende-signature']).to.equal(signature);
      const event = JSON.parse(request!.body) as IntegrationWebhookEvent;
      expect(request!.headers['x-atende-delivery']).to.equal(event.deliveryId);
      expect(event).to.deep.include({ event: 'message', trigger: 'message' });
      expect(event.integration).to.deep.equal({ id: hook.id, name: 'Orders hook', type: 'webhook' });
      expect(event.company.id).to.equal(tenant.companyId);
      expect(event.connection).to.include({ id: connection.id, name: connection.name });
      expect(event.contact.number).to.equal(number);
      expect(event.message).to.include({ body: 'Where is my order?', mediaType: 'chat', mediaUrl: null, fromMe: false });
      expect(event.reply).to.deep.equal({ url: '/api/messages/send', number });
      const found = await runState(number, 'answering');
      expect(found).to.include({ status: 'pending', useIntegration: true, integrationId: hook.id, chatbot: false });
      expect(event.ticket).to.include({ id: found.id, uuid: found.uuid, status: 'pending' });
      await settle(300);
      expect(await received(connection.id, number)).to.deep.equal([]);
      // A photo: the event carries a signed link to it.
      await customerSays(t, admin(), connection.id, number, '', { mediaType: 'image', media: { data: SAMPLES.png().toString('base64'), mimeType: 'image/png', fileName: 'order.png' } });
      const photo = await eventually(async () => eventsTo('/hooks/orders')[1], 10_000, 'the photo event');
      const photoEvent = JSON.parse(photo.body) as IntegrationWebhookEvent;
      expect(photoEvent.message.mediaType).to.equal('image');
      expect(photoEvent.message.mediaUrl).to.match(new RegExp(`^/public/${tenant.companyId}/[0-9a-f]+\\.png\\?expires=\\d+&signature=`));
      expect((await fetch(`${t.url}${photoEvent.message.mediaUrl}`)).status).to.equal(200);
      const log = await eventually(async () => {
        const all = await deliveries(hook.id);
        return all.length === 2 && all.every((delivery) => delivery.status === 'delivered') ? all : null;
      }, 10_000, 'two delivered');
      expect(log[0]!.body).to.equal(photo.body);
      expect(log[1]!.attempts).to.have.length(1);
      expect(log[1]!.attempts[0]).to.include({ statusCode: 200, error: null });
      expect(log[1]!.attempts[0]!.durationMs).to.be.a('number');
    });

    it('retries a failed delivery with backoff (same body, same signature) and shows the failure on the ticket meanwhile', async () => {
      let calls = 0;
      behave = () => ((calls += 1) <= 2 ? { status: 500 } : { status: 200 });
      const hook = await integration({ type: 'webhook', name: 'Flaky hook', urlN8N: `${receiver.url}/hooks/flaky` });
      const connection = await sandboxConnection(t, admin(), { integrationId: hook.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'Hello?');
      const failed = await runState(number, 'failed');
      expect(failed.integrationRun.detail).to.match(/HTTP 500.*retrying/);
      const requests = await eventually(async () => (eventsTo('/hooks/flaky').length >= 3 ? eventsTo('/hooks/flaky') : null), 20_000, 'three attempts');
      expect(new Set(requests.map((request) => request.body)).size).to.equal(1);
      expect(new Set(requests.map((request) => request.headers['x-atende-signature'])).size).to.equal(1);
      // Backoff: the second retry waited about twice as long as the first (at least the configured delays).
      expect(requests[1]!.at - requests[0]!.at).to.be.at.least(RETRY_MS - 50);
      expect(requests[2]!.at - requests[1]!.at).to.be.at.least(2 * RETRY_MS - 50);
      await runState(number, 'answering');
      const [delivery] = await deliveries(hook.id);
      expect(delivery!.status).to.equal('delivered');
      expect(delivery!.attempts.map((attempt) => [attempt.statusCode, attempt.error])).to.deep.equal([
        [500, 'HTTP 500'],
        [500, 'HTTP 500'],
        [200, null],
      ]);
    });

    it(`gives up after ${ATTEMPTS} attempts (an endpoint down): failed in the log and on the ticket, the message stays for the agents`, async () => {
      const hook = await integration({ type: 'n8n', name: 'Down hook', urlN8N: 'http://127.0.0.1:9/unreachable' });
      const connection = await sandboxConnection(t, admin(), { integrationId: hook.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'Anyone?');
      const [delivery] = await eventually(async () => {
        const all = await deliveries(hook.id);
        return all[0]?.status === 'failed' ? all : null;
      }, 30_000, 'given up');
      expect(delivery!.attempts).to.have.length(ATTEMPTS);
      expect(delivery!.attempts.every((attempt) => attempt.statusCode === null && Boolean(attempt.error))).to.equal(true);
      const found = await eventually(async () => {
        const current = await ticketOf(t, admin(), number);
        return /gave up after 3 attempts/.test(current?.integrationRun?.detail ?? '') ? current : null;
      }, 10_000, 'the ticket says so');
      expect(found).to.include({ status: 'pending', lastMessage: 'Anyone?' });
    });

    it('an n8n workflow replies through the send API with the connection token; a reply in the answer is sent and its transfer honoured', async () => {
      const n8n = await integration({ type: 'n8n', name: 'n8n echo', urlN8N: `${receiver.url}/webhook/echo` });
      const connection = await sandboxConnection(t, admin(), { integrationId: n8n.id, queueIds: [support.id] });
      const { token } = (await t.call('GET', `/whatsapp/${connection.id}`, { token: admin().token })).body as { token: string };
      behave = async (request) => {
        if (request.path !== '/webhook/echo') return { status: 404 };
        const event = JSON.parse(request.body) as IntegrationWebhookEvent;
        if (event.message.body === 'agent please') return { json: { reply: ['One moment, passing you on.'], transfer: true, queue: 'Support desk' } };
        // As an n8n "HTTP Request" node would: the send API with the connection's token.
        const sent = await fetch(`${t.url}${event.reply.url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ number: event.reply.number, body: `Echo: ${event.message.body}` }) });
        return { status: sent.status === 200 ? 200 : 502 };
      };
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'ping');
      expect(await receivedAtLeast(connection.id, number, 1)).to.deep.equal(['Echo: ping']);
      const before = await ticket(number);
      await customerSays(t, admin(), connection.id, number, 'agent please');
      expect(await receivedAtLeast(connection.id, number, 2)).to.deep.equal(['Echo: ping', 'One moment, passing you on.']);
      const handedOver = await runState(number, 'handedOver');
      expect(handedOver).to.include({ id: before.id, status: 'pending', queueId: support.id, useIntegration: false, userId: null });
      expect(handedOver.integrationRun).to.include({ integrationId: n8n.id, detail: 'transfer' });
      // Handed over: the workflow hears no more of this ticket.
      const heard = eventsTo('/webhook/echo').length;
      await customerSays(t, admin(), connection.id, number, 'still there?');
      await settle(800);
      expect(eventsTo('/webhook/echo')).to.have.length(heard);
    });

    it('a rotated secret signs from then on; an agent who accepts the ticket stops the events; replays are never sent', async () => {
      behave = () => ({ status: 200 });
      const hook = await integration({ type: 'webhook', name: 'Rotated hook', urlN8N: `${receiver.url}/hooks/rotated` });
      const rotated = await t.call('POST', `/queueIntegration/${hook.id}/secret`, { token: admin().token });
      const connection = await sandboxConnection(t, admin(), { integrationId: hook.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'first');
      const [first] = await eventually(async () => eventsTo('/hooks/rotated'), 10_000, 'the event');
      expect(first!.headers['x-atende-signature']).to.equal(createHmac('sha256', rotated.body.newWebhookSecret).update(first!.body).digest('hex'));
      expect(first!.headers['x-atende-signature']).not.to.equal(createHmac('sha256', hook.newWebhookSecret!).update(first!.body).digest('hex'));
      const found = await ticket(number);
      expect((await t.call('PUT', `/tickets/${found.id}`, { token: admin().token, body: { status: 'open', userId: admin().user.id } })).status).to.equal(200);
      await customerSays(t, admin(), connection.id, number, 'to the agent');
      // Offline, then a replay of what arrived meanwhile: stored, never given to the integration.
      expect((await t.call('POST', `/sandbox/${connection.id}/connectivity`, { token: admin().token, body: { online: false } })).status).to.equal(200);
      const replayed = customerNumber();
      const queued = await t.call('POST', `/sandbox/${connection.id}/messages`, { token: admin().token, body: { from: replayed, name: 'Late', body: 'sent while offline' } });
      expect(queued.status, JSON.stringify(queued.body)).to.equal(202);
      expect((await t.call('POST', `/sandbox/${connection.id}/connectivity`, { token: admin().token, body: { online: true } })).status).to.equal(200);
      await eventually(() => ticketOf(t, admin(), replayed), 10_000, 'the replayed ticket');
      await settle(800);
      expect(eventsTo('/hooks/rotated')).to.have.length(1);
    });
  });

  describe('typebot', () => {
    it('the queue picked in the menu answers at once (startChat), choices by number (continueChat), images as files, messages spaced by the delay; its end hands over', async () => {
      const bot = await integration({ type: 'typebot', name: 'Sales typebot', urlN8N: typebot.url, typebotSlug: 'sales', typebotDelayMessage: 400 });
      const sales = await createQueue(t, admin(), { name: unique('Sales '), greetingMessage: 'Sales here', integrationId: bot.id });
      const other = await createQueue(t, admin(), { name: unique('Other '), greetingMessage: 'Other here' });
      const connection = await sandboxConnection(t, admin(), { greetingMessage: 'Choose a queue', queueIds: [sales.id, other.id] });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'hello');
      const menu = await receivedAtLeast(connection.id, number, 1);
      expect(menu[0]).to.contain('Choose a queue');
      const starts = typebot.requests.filter((request) => request.path.endsWith('/sales/startChat')).length;
      await customerSays(t, admin(), connection.id, number, menu[0]!.includes(`*1* - ${sales.name}`) ? '1' : '2');
      // The queue's greeting (no options: its bot answers) and the bot's first messages, in the bot's order.
      const greeted = await receivedAtLeast(connection.id, number, 5);
      expect(greeted).to.include('Sales here');
      expect(greeted.slice(1).filter((body) => body !== 'Sales here')).to.deep.equal(['Hi, *welcome* to ACME!', 'What do you need?', '*1* - Buy\n*2* - Support']);
      const start = typebot.requests.filter((request) => request.path.endsWith('/sales/startChat'));
      expect(start).to.have.length(starts + 1);
      expect(JSON.parse(start.at(-1)!.body)).to.deep.include({ isStreamEnabled: false, textBubbleContentFormat: 'markdown' });
      expect(JSON.parse(start.at(-1)!.body).prefilledVariables).to.include({ number });
      const found = await runState(number, 'answering');
      expect(found).to.include({ queueId: sales.id, chatbot: false, integrationId: bot.id });
      // The delay between the bot's messages.
      const outbox = (await outboxOf(t, admin(), connection.id, number)).filter((message) => message.body !== 'Sales here');
      const times = await Promise.all(outbox.slice(1).map(async (message) => (await t.call('GET', `/messages/${found.id}`, { token: admin().token })).body.messages.find((stored: { body: string }) => stored.body === message.body)?.createdAt as string));
      for (let i = 1; i < times.length; i += 1) expect(Date.parse(times[i]!) - Date.parse(times[i - 1]!)).to.be.at.least(350);

      await customerSays(t, admin(), connection.id, number, '2');
      const afterChoice = await receivedAtLeast(connection.id, number, 8);
      // The image reaches the phone without its file name as a caption (issue 30).
      expect(afterChoice.slice(5)).to.deep.equal(['You chose Support.', '', 'Your name?']);
      const continued = typebot.requests.filter((request) => /\/sessions\/[^/]+\/continueChat$/.test(request.path)).at(-1)!;
      expect(JSON.parse(continued.body).message).to.deep.equal({ type: 'text', text: 'Support' });
      const image = (await outboxOf(t, admin(), connection.id, number))[6]!;
      expect(image).to.deep.include({ body: '' });
      expect((image as unknown as { media: Record<string, unknown> }).media).to.include({ fileName: 'logo.png', kind: 'image' });

      await customerSays(t, admin(), connection.id, number, 'Ana');
      expect((await receivedAtLeast(connection.id, number, 9))[8]).to.equal('Thanks Ana, an agent will talk to you.');
      const handedOver = await runState(number, 'handedOver');
      expect(handedOver.integrationRun).to.include({ detail: 'end', integrationId: bot.id });
      expect(await IntegrationSessionModel.countDocuments({ companyId: tenant.companyId, ticketId: handedOver.id })).to.equal(0);
      const calls = typebot.requests.length;
      await customerSays(t, admin(), connection.id, number, 'hello again');
      await settle(800);
      expect(typebot.requests).to.have.length(calls);
    });

    it('keywords: restart says its message and starts over, finish hands over; a silent session expires', async () => {
      const bot = await integration({ type: 'typebot', name: 'Keyword typebot', urlN8N: typebot.url, typebotSlug: 'sales', typebotDelayMessage: 0, typebotExpires: 5, typebotKeywordRestart: '#restart', typebotKeywordFinish: '#sair', typebotRestartMessage: 'Starting over!' });
      const connection = await sandboxConnection(t, admin(), { integrationId: bot.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'hi');
      await receivedAtLeast(connection.id, number, 3);
      const found = await ticket(number);
      const session = await eventually(() => IntegrationSessionModel.findOne({ companyId: tenant.companyId, ticketId: found.id }).lean(), 5_000, 'the session');
      await customerSays(t, admin(), connection.id, number, '#RESTART');
      const restarted = await receivedAtLeast(connection.id, number, 7);
      expect(restarted.slice(3)).to.deep.equal(['Starting over!', 'Hi, *welcome* to ACME!', 'What do you need?', '*1* - Buy\n*2* - Support']);
      const second = await IntegrationSessionModel.findOne({ companyId: tenant.companyId, ticketId: found.id }).lean();
      expect(second!.typebotSessionId).not.to.equal(session.typebotSessionId);
      // Six minutes of silence (more than typebotExpires): the next message starts a new session.
      await IntegrationSessionModel.updateOne({ companyId: tenant.companyId, ticketId: found.id }, { $set: { lastActivityAt: new Date(Date.now() - 6 * 60_000) } });
      await customerSays(t, admin(), connection.id, number, '1');
      const expired = await receivedAtLeast(connection.id, number, 10);
      expect(expired.slice(7)).to.deep.equal(['Hi, *welcome* to ACME!', 'What do you need?', '*1* - Buy\n*2* - Support']);
      await customerSays(t, admin(), connection.id, number, ' #Sair ');
      const handedOver = await runState(number, 'handedOver');
      expect(handedOver.integrationRun.detail).to.equal('keyword');
      expect(await received(connection.id, number)).to.have.length(10);
    });

    it("a bot's transfer command hands the ticket to the queue it names; a Typebot that cannot be reached shows on the ticket", async () => {
      const bot = await integration({ type: 'typebot', name: 'Transfer typebot', urlN8N: typebot.url, typebotSlug: 'transfer', typebotDelayMessage: 0 });
      const connection = await sandboxConnection(t, admin(), { integrationId: bot.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'help');
      expect(await receivedAtLeast(connection.id, number, 1)).to.deep.equal(['Passing you to support']);
      const moved = await runState(number, 'handedOver');
      expect(moved.queueId).to.equal(support.id);
      expect(moved.integrationRun.detail).to.equal('transfer');

      const down = await integration({ type: 'typebot', name: 'Down typebot', urlN8N: 'http://127.0.0.1:9', typebotSlug: 'sales' });
      const broken = await sandboxConnection(t, admin(), { integrationId: down.id });
      const other = customerNumber();
      await customerSays(t, admin(), broken.id, other, 'hello?');
      const failed = await runState(other, 'failed');
      expect(failed.integrationRun.detail).to.match(/Typebot did not answer/);
      expect(failed).to.include({ status: 'pending', lastMessage: 'hello?' });
    });

    it("a flow's typebot block hands the conversation to that Typebot once the flow ended", async () => {
      const flowId = await storeFlow(
        tenant.companyId,
        graphOf(
          [
            ['1', 'start'],
            ['hi', 'message', { label: 'Flow says hi' }],
            ['tb', 'typebot', { typebotIntegration: { name: 'Flow typebot', urlN8N: typebot.url, typebotSlug: 'sales', typebotDelayMessage: 0, typebotExpires: 1 } }],
          ],
          [
            ['1', 'hi'],
            ['hi', 'tb'],
          ],
        ),
      );
      const connection = await sandboxConnection(t, admin(), { flowId });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'hello');
      expect(await receivedAtLeast(connection.id, number, 4)).to.deep.equal(['Flow says hi', 'Hi, *welcome* to ACME!', 'What do you need?', '*1* - Buy\n*2* - Support']);
      const found = await runState(number, 'answering');
      expect(found.flowRun).to.equal(null);
      expect(found.integrationRun).to.include({ integrationId: null, name: 'Flow typebot', type: 'typebot' });
      await customerSays(t, admin(), connection.id, number, '1');
      expect((await receivedAtLeast(connection.id, number, 7)).slice(4)).to.deep.equal(['You chose Buy.', '', 'Your name?']);
    });
  });

  describe('dialogflow', () => {
    it("gives each message to the agent in the integration's language (a session per ticket) and hands over when the conversation ends", async () => {
      agent = (said) =>
        said === 'bye'
          ? { fulfillmentMessages: [{ text: { text: ['Goodbye!'] } }], intent: { displayName: 'Goodbye', endInteraction: true } }
          : { fulfillmentMessages: [{ text: { text: [`You said: ${said}`, 'Anything else?'] } }], intent: { displayName: 'Echo' } };
      const bot = await integration({ type: 'dialogflow', name: 'Agent', projectName: 'atende-agent', language: 'es', jsonContent: key.json });
      const connection = await sandboxConnection(t, admin(), { integrationId: bot.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'hola');
      expect(await receivedAtLeast(connection.id, number, 2)).to.deep.equal(['You said: hola', 'Anything else?']);
      const found = await runState(number, 'answering');
      const asked = dialogflow.requests.at(-1)!;
      expect(asked.path).to.contain(`/v2/projects/atende-agent/agent/sessions/${found.id}:detectIntent`);
      expect(JSON.parse(asked.body).queryInput.text).to.deep.equal({ text: 'hola', languageCode: 'es' });
      await customerSays(t, admin(), connection.id, number, 'bye');
      expect((await receivedAtLeast(connection.id, number, 3))[2]).to.equal('Goodbye!');
      const handedOver = await runState(number, 'handedOver');
      expect(handedOver.integrationRun.detail).to.equal('end: Goodbye');
      const asks = dialogflow.requests.length;
      await customerSays(t, admin(), connection.id, number, 'one more thing');
      await settle(800);
      expect(dialogflow.requests).to.have.length(asks);
    });

    it('a payload transfer sends the ticket to the queue it names; refused credentials show on the ticket', async () => {
      agent = () => ({ fulfillmentMessages: [{ text: { text: ['Transferring you'] } }, { payload: { transfer: true, queue: 'Support desk' } }], intent: { displayName: 'Human' } });
      const bot = await integration({ type: 'dialogflow', name: 'Transfer agent', projectName: 'atende-agent', jsonContent: key.json });
      const connection = await sandboxConnection(t, admin(), { integrationId: bot.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'human');
      expect(await receivedAtLeast(connection.id, number, 1)).to.deep.equal(['Transferring you']);
      const moved = await runState(number, 'handedOver');
      expect(moved.queueId).to.equal(support.id);

      const stranger = serviceAccountKey('atende-agent');
      const refused = await integration({ type: 'dialogflow', name: 'Wrong key', projectName: 'atende-agent', jsonContent: stranger.json });
      const other = await sandboxConnection(t, admin(), { integrationId: refused.id });
      const customer = customerNumber();
      await customerSays(t, admin(), other.id, customer, 'hello');
      const failed = await runState(customer, 'failed');
      expect(failed.integrationRun.detail).to.match(/invalid authentication credentials/i);
    });
  });

  describe('flowbuilder', () => {
    it("an agent's transfer to its queue starts the flow at once; the flow's end hands the ticket over", async () => {
      const flowId = await storeFlow(
        tenant.companyId,
        graphOf(
          [
            ['1', 'start'],
            ['ask', 'question', { typebotIntegration: { message: 'Your order number?', answerKey: 'order' } }],
            ['done', 'message', { label: 'Order {{order}} noted.' }],
          ],
          [
            ['1', 'ask'],
            ['ask', 'done'],
          ],
        ),
      );
      const flowbuilder = await integration({ type: 'flowbuilder', name: 'Orders flow', flowId });
      const orders = await createQueue(t, admin(), { name: unique('Orders '), greetingMessage: 'Orders here', integrationId: flowbuilder.id });
      const connection = await sandboxConnection(t, admin());
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'I have a problem with an order');
      const found = await ticket(number);
      const moved = await t.call('PUT', `/tickets/${found.id}`, { token: admin().token, body: { queueId: orders.id, userId: null } });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      expect(await receivedAtLeast(connection.id, number, 1)).to.deep.equal(['Your order number?']);
      const running = await runState(number, 'answering');
      expect(running.flowRun).to.include({ flowId, waiting: 'answer' });
      await customerSays(t, admin(), connection.id, number, '4521');
      expect((await receivedAtLeast(connection.id, number, 2))[1]).to.equal('Order 4521 noted.');
      await eventually(async () => ((await ticketOf(t, admin(), number))?.flowRun === null ? true : null), 10_000, 'the flow ended');
      await customerSays(t, admin(), connection.id, number, 'thanks');
      const handedOver = await runState(number, 'handedOver');
      expect(handedOver.integrationRun.detail).to.equal('the flow ended');
      await settle(500);
      expect(await received(connection.id, number)).to.have.length(2);
    });
  });

  describe('surviving a restart', () => {
    it('a delivery left pending by a stopped server is made by the next one', async () => {
      let up = false;
      // Down and slow: the first attempt is still waiting when the server stops.
      behave = () => (up ? { status: 200 } : { status: 503, delayMs: 2_000 });
      const hook = await integration({ type: 'webhook', name: 'Restart hook', urlN8N: `${receiver.url}/hooks/restart` });
      const connection = await sandboxConnection(t, admin(), { integrationId: hook.id });
      const number = customerNumber();
      await customerSays(t, admin(), connection.id, number, 'before the restart');
      await eventually(async () => eventsTo('/hooks/restart'), 10_000, 'the first attempt');
      const databaseName = t.databaseName;
      await t.stop({ drop: false });
      up = true;
      t = await startTestApp('integrationsrun', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_DIALOGFLOW_URL: dialogflow.url, ATENDE_INTEGRATION_RETRY_MS: String(RETRY_MS), ATENDE_INTEGRATION_ATTEMPTS: '5', ATENDE_INTEGRATION_TIMEOUT_MS: '3000' }, { databaseName });
      const [delivery] = await eventually(async () => {
        const all = await deliveries(hook.id);
        return all[0]?.status === 'delivered' ? all : null;
      }, 20_000, 'delivered by the new server');
      expect(delivery!.attempts.at(-1)!.statusCode).to.equal(200);
      expect(delivery!.attempts[0]!.statusCode).to.equal(503);
      expect(new Set(eventsTo('/hooks/restart').map((request) => request.body)).size).to.equal(1);
    });
  });
});
