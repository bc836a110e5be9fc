/**
 * The AI assistant end to end: customers write on a sandbox connection, prompts answer through a
 * local OpenAI-compatible stand-in (scripts/testing/openaiStandIn.ts), and what each side got is
 * checked: the requests the endpoint received, what the customer's phone received, the ticket.
 */
import { expect } from 'chai';
import { createI18n, type Prompt } from '@atende/shared';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../scripts/testing/openaiStandIn.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { standIn } from '../support/integrationStandIns.js';
import { SAMPLES } from '../support/backofficeFixtures.js';
import { createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { settle } from '../support/realtimeFixtures.js';

const INSTRUCTIONS = 'You are the assistant of ACME Shoes. Answer in one short sentence and never invent prices.';
const en = createI18n('en');

describe('AI prompts answer customers on a sandbox connection (local OpenAI stand-in)', () => {
  let t: TestApp;
  let ai: OpenAiStandIn;
  let tenant: Tenant;
  let planId: string;

  before(async () => {
    ai = await startOpenAiStandIn();
    t = await startTestApp('aiprompts', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_LANGUAGE: 'en', ATENDE_OPENAI_TIMEOUT_MS: '1500' });
    const superUser = await loginSuper(t);
    const plan = await t.call('POST', '/plans', { token: superUser.token, body: { name: 'AI plan', users: 5, connections: 20, queues: 20, value: 1, useOpenAi: true, useIntegrations: true } });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(201);
    planId = plan.body.id;
    tenant = await createTenant(t, superUser, { planId });
    // One queue per connection here: the ticket goes straight into it, without the queue's greeting.
    await t.call('PUT', '/settings/sendGreetingMessageOneQueues', { token: tenant.admin.token, body: { value: 'disabled' } });
  });
  beforeEach(() => ai.reset());
  after(async () => {
    await t?.stop();
    await ai?.close();
  });

  const admin = () => tenant.admin;

  async function createPrompt(queueId: string, extra: Record<string, unknown> = {}): Promise<Prompt> {
    const body = { name: `Assistant ${customerNumber().slice(-6)}`, prompt: INSTRUCTIONS, apiKey: ai.apiKey, queueId, baseURL: ai.baseURL, model: 'gpt-4o-mini', maxTokens: 120, temperature: 0.2, ...extra };
    const answer = await t.call('POST', '/prompt', { token: admin().token, body });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body as Prompt;
  }

  /** A connection whose one queue is answered by a prompt. */
  async function promptedLine(promptExtra: Record<string, unknown> = {}) {
    const queue = await createQueue(t, admin(), { name: `Queue ${customerNumber().slice(-6)}` });
    const prompt = await createPrompt(queue.id, promptExtra);
    const whatsappId = (await sandboxConnection(t, admin(), { queueIds: [queue.id] })).id;
    return { queue, prompt, whatsappId };
  }

  const bodies = async (whatsappId: string, number: string) => (await outboxOf(t, admin(), whatsappId, number)).map((message) => message.body);
  async function received(whatsappId: string, number: string, count: number, ms = 8_000): Promise<string[]> {
    return eventually(async () => {
      const got = await bodies(whatsappId, number);
      return got.length >= count ? got : null;
    }, ms, `${count} messages to ${number}`);
  }
  const ticket = (number: string) => eventually(() => ticketOf(t, admin(), number), 5_000, `ticket of ${number}`);
  const chats = (count: number) => eventually(async () => (ai.chats.length >= count ? ai.chats : null), 8_000, `${count} chat requests`);

  it('leaves a queue that also has an integration to the integration: the model is not asked', async () => {
    const receiver = await standIn(() => ({ status: 200 }));
    try {
      const hook = await t.call('POST', '/queueIntegration', { token: admin().token, body: { type: 'webhook', name: 'Both hook', urlN8N: `${receiver.url}/hooks/both` } });
      expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
      const { queue, whatsappId } = await promptedLine();
      const updated = await t.call('PUT', `/queue/${queue.id}`, { token: admin().token, body: { integrationId: hook.body.id } });
      expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
      const number = customerNumber();
      ai.answer('The model must not answer here.');
      await customerSays(t, admin(), whatsappId, number, 'Is anyone there?');
      await eventually(async () => (receiver.requests.length > 0 ? receiver.requests : null), 10_000, 'the integration heard the customer');
      await settle(1_500);
      expect(ai.chats, 'the model was not asked').to.have.length(0);
      expect(await bodies(whatsappId, number)).to.not.include('The model must not answer here.');
    } finally {
      await receiver.close();
    }
  });

  it('answers a new customer in the queue: system prompt, history, model, max_tokens, temperature and key sent; the reply goes out through the connection', async () => {
    const { queue, prompt, whatsappId } = await promptedLine();
    const number = customerNumber();
    ai.answer('We sell shoes for every season.');
    await customerSays(t, admin(), whatsappId, number, 'Hello, what do you sell?');
    expect(await received(whatsappId, number, 1)).to.deep.equal(['We sell shoes for every season.']);
    const [request] = ai.chats;
    expect(request).to.deep.include({ authorization: `Bearer ${ai.apiKey}`, model: 'gpt-4o-mini', max_tokens: 120, temperature: 0.2 });
    expect(request!.messages).to.deep.equal([
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: 'Hello, what do you sell?' },
    ]);
    const answered = await eventually(async () => {
      const current = await ticket(number);
      return current.promptId === prompt.id ? current : null;
    }, 5_000, 'the ticket names its prompt');
    expect(answered).to.include({ status: 'pending', queueId: queue.id, handedOver: false, aiError: null });
  });

  it('reads the last maxMessages messages as user and assistant turns', async () => {
    const { whatsappId } = await promptedLine({ maxMessages: 3 });
    const number = customerNumber();
    for (const [index, text] of ['First question', 'Second question', 'Third question'].entries()) {
      await customerSays(t, admin(), whatsappId, number, text);
      await received(whatsappId, number, index + 1);
    }
    expect(ai.chats[1]!.messages.slice(1)).to.deep.equal([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'Echo: First question' },
      { role: 'user', content: 'Second question' },
    ]);
    expect(ai.chats[2]!.messages).to.deep.equal([
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: 'Second question' },
      { role: 'assistant', content: 'Echo: Second question' },
      { role: 'user', content: 'Third question' },
    ]);
  });

  it('a customer writing fast gets the answers in order; what came meanwhile is answered together', async () => {
    const { whatsappId } = await promptedLine();
    const number = customerNumber();
    const release = ai.hold();
    await customerSays(t, admin(), whatsappId, number, 'one');
    await chats(1);
    await customerSays(t, admin(), whatsappId, number, 'two');
    await customerSays(t, admin(), whatsappId, number, 'three');
    release();
    expect(await received(whatsappId, number, 2)).to.deep.equal(['Echo: one', 'Echo: three']);
    // In the order things happened: the first answer went out after 'two' and 'three' arrived.
    expect(ai.chats[1]!.messages.slice(1).map((message) => message.content)).to.deep.equal(['one', 'two', 'three', 'Echo: one']);
    await settle(500);
    expect(ai.chats).to.have.length(2);
  });

  it('the phrase for a human hands over: told, flagged, waiting in its queue, then silent until closed; a new ticket is answered again', async () => {
    const { queue, whatsappId } = await promptedLine();
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Hi there');
    await received(whatsappId, number, 1);
    await customerSays(t, admin(), whatsappId, number, 'Can I talk to a HUMAN, please?');
    expect((await received(whatsappId, number, 2))[1]).to.equal(en.t('inbox.aiHandover'));
    const handed = await eventually(async () => ((await ticket(number)).handedOver ? ticket(number) : null), 5_000, 'handed over');
    expect(handed).to.include({ status: 'pending', queueId: queue.id, userId: null });
    await customerSays(t, admin(), whatsappId, number, 'Hello? Anyone?');
    await settle(600);
    expect(ai.chats).to.have.length(1);
    expect(await bodies(whatsappId, number)).to.have.length(2);
    const closed = await t.call('PUT', `/tickets/${handed.id}`, { token: admin().token, body: { status: 'closed' } });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(200);
    expect(closed.body.handedOver).to.equal(false);
    await customerSays(t, admin(), whatsappId, number, 'Back again');
    expect((await received(whatsappId, number, 3))[2]).to.equal('Echo: Back again');
  });

  it('an agent who accepts the ticket has the conversation to themselves', async () => {
    const { whatsappId } = await promptedLine();
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Hello');
    await received(whatsappId, number, 1);
    const current = await ticket(number);
    expect((await t.call('PUT', `/tickets/${current.id}`, { token: admin().token, body: { status: 'open', userId: admin().user.id } })).status).to.equal(200);
    await customerSays(t, admin(), whatsappId, number, 'Are you a person?');
    await settle(600);
    expect(ai.chats).to.have.length(1);
  });

  describe('failures are shown on the ticket and the message stays for the agents', () => {
    const cases: { label: string; arrange(): void; code: string; status: number | null }[] = [
      { label: 'a server error (500)', arrange: () => ai.fail(500), code: 'server', status: 500 },
      { label: 'a refused key (401)', arrange: () => ai.fail(401), code: 'auth', status: 401 },
      { label: 'a rate limit (429)', arrange: () => ai.fail(429), code: 'rateLimit', status: 429 },
      { label: 'no answer in time', arrange: () => ai.delay(3_000), code: 'timeout', status: null },
    ];
    for (const each of cases) {
      it(`${each.label}: the ticket shows it; the next message is answered once the endpoint works and the error goes`, async () => {
        const { whatsappId } = await promptedLine();
        const number = customerNumber();
        each.arrange();
        await customerSays(t, admin(), whatsappId, number, 'Is anybody there?');
        const failed = await eventually(async () => {
          const current = await ticket(number);
          return current.aiError ? current : null;
        }, 8_000, 'the error on the ticket');
        expect(failed.aiError).to.include({ code: each.code, status: each.status });
        expect(failed).to.include({ status: 'pending', unreadMessages: 1, lastMessage: 'Is anybody there?' });
        expect(await bodies(whatsappId, number)).to.deep.equal([]);
        ai.reset();
        await customerSays(t, admin(), whatsappId, number, 'Hello again');
        expect(await received(whatsappId, number, 1)).to.deep.equal(['Echo: Hello again']);
        expect(ai.chats.at(-1)!.messages.slice(1).map((message) => message.content)).to.deep.equal(['Is anybody there?', 'Hello again']);
        await eventually(async () => ((await ticket(number)).aiError === null ? true : null), 5_000, 'the error cleared');
      });
    }

    it('an endpoint nobody listens at: unreachable', async () => {
      const { whatsappId } = await promptedLine({ baseURL: 'http://127.0.0.1:9/v1' });
      const number = customerNumber();
      await customerSays(t, admin(), whatsappId, number, 'Hello?');
      const failed = await eventually(async () => ((await ticket(number)).aiError ? ticket(number) : null), 8_000, 'the error on the ticket');
      expect(failed.aiError).to.include({ code: 'unreachable', status: null });
    });
  });

  describe('audio', () => {
    const voice = { mediaType: 'audio', media: { data: SAMPLES.ogg(2_000).toString('base64'), mimeType: 'audio/ogg', fileName: 'voice.ogg' } };

    it("is transcribed by the endpoint's transcription API and answered as text", async () => {
      const { whatsappId } = await promptedLine();
      const number = customerNumber();
      ai.transcription('Do you have red boots?');
      await customerSays(t, admin(), whatsappId, number, '', voice);
      expect(await received(whatsappId, number, 1)).to.deep.equal(['Echo: Do you have red boots?']);
      expect(ai.transcriptions).to.have.length(1);
      expect(ai.transcriptions[0]).to.include({ model: 'whisper-1', authorization: `Bearer ${ai.apiKey}` });
      expect(ai.transcriptions[0]!.fileName).to.match(/\.ogg$/);
      expect(ai.transcriptions[0]!.bytes).to.equal(2_000);
      // Read as text from then on, without transcribing again.
      await customerSays(t, admin(), whatsappId, number, 'Size 38');
      await received(whatsappId, number, 2);
      expect(ai.chats[1]!.messages.slice(1).map((message) => message.content)).to.deep.equal(['Do you have red boots?', 'Echo: Do you have red boots?', 'Size 38']);
      expect(ai.transcriptions).to.have.length(1);
    });

    it('an endpoint without transcriptions: the customer is told the audio was not understood, in the company language', async () => {
      const { whatsappId } = await promptedLine();
      const number = customerNumber();
      ai.transcription(null);
      await customerSays(t, admin(), whatsappId, number, '', voice);
      expect(await received(whatsappId, number, 1)).to.deep.equal([en.t('inbox.aiAudioNotUnderstood')]);
      expect(ai.chats).to.have.length(0);
      expect((await ticket(number)).aiError).to.equal(null);
    });

    it('a spoken request for a human hands over too', async () => {
      const { whatsappId } = await promptedLine();
      const number = customerNumber();
      ai.transcription('I want to talk to an agent');
      await customerSays(t, admin(), whatsappId, number, '', voice);
      expect(await received(whatsappId, number, 1)).to.deep.equal([en.t('inbox.aiHandover')]);
      expect((await ticket(number)).handedOver).to.equal(true);
      expect(ai.chats).to.have.length(0);
    });
  });

  it('replayed messages (written while the phone was offline) are never answered; the next live one is, with them as history', async () => {
    const { whatsappId } = await promptedLine();
    const number = customerNumber();
    expect((await t.call('POST', `/sandbox/${whatsappId}/connectivity`, { token: admin().token, body: { online: false } })).status).to.equal(200);
    const held = await t.call('POST', `/sandbox/${whatsappId}/messages`, { token: admin().token, body: { from: number, name: 'Offline customer', body: 'Written offline' } });
    expect(held.status, JSON.stringify(held.body)).to.equal(202);
    expect((await t.call('POST', `/sandbox/${whatsappId}/connectivity`, { token: admin().token, body: { online: true } })).status).to.equal(200);
    await ticket(number);
    await settle(800);
    expect(ai.chats).to.have.length(0);
    await customerSays(t, admin(), whatsappId, number, 'Written live');
    expect(await received(whatsappId, number, 1)).to.deep.equal(['Echo: Written live']);
    expect(ai.chats[0]!.messages.slice(1).map((message) => message.content)).to.deep.equal(['Written offline', 'Written live']);
  });

  it("a connection's prompt answers tickets without a queue, and its phrase hands over into the prompt's sector", async () => {
    const sector = await createQueue(t, admin(), { name: `Sector ${customerNumber().slice(-6)}` });
    const prompt = await createPrompt(sector.id, { humanPhrase: 'operator' });
    const whatsappId = (await sandboxConnection(t, admin(), { promptId: prompt.id })).id;
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Good morning');
    expect(await received(whatsappId, number, 1)).to.deep.equal(['Echo: Good morning']);
    expect((await ticket(number)).queueId).to.equal(null);
    // The prompt's own phrase replaces the defaults.
    await customerSays(t, admin(), whatsappId, number, 'I want a human');
    expect(await received(whatsappId, number, 2)).to.deep.equal(['Echo: Good morning', 'Echo: I want a human']);
    await customerSays(t, admin(), whatsappId, number, 'Operator please');
    expect((await received(whatsappId, number, 3))[2]).to.equal(en.t('inbox.aiHandover'));
    const handed = await eventually(async () => ((await ticket(number)).handedOver ? ticket(number) : null), 5_000, 'handed over');
    expect(handed).to.include({ queueId: sector.id, status: 'pending' });
    await settle(400);
    expect(ai.chats).to.have.length(2);
  });

  it("a ticket sent into a queue with a prompt has the customer's last message answered at once, unless an agent answered it", async () => {
    const plain = await createQueue(t, admin(), { name: `Plain ${customerNumber().slice(-6)}` });
    const prompted = await createQueue(t, admin(), { name: `Bot ${customerNumber().slice(-6)}` });
    await createPrompt(prompted.id);
    const whatsappId = (await sandboxConnection(t, admin(), { queueIds: [plain.id] })).id;
    const waiting = customerNumber();
    await customerSays(t, admin(), whatsappId, waiting, 'Can someone help me?');
    const first = await ticket(waiting);
    await settle(300);
    expect(ai.chats).to.have.length(0);
    expect((await t.call('PUT', `/tickets/${first.id}`, { token: admin().token, body: { queueId: prompted.id, userId: null } })).status).to.equal(200);
    expect(await received(whatsappId, waiting, 1)).to.deep.equal(['Echo: Can someone help me?']);

    const helped = customerNumber();
    await customerSays(t, admin(), whatsappId, helped, 'Where is my order?');
    const second = await ticket(helped);
    await t.call('PUT', `/tickets/${second.id}`, { token: admin().token, body: { status: 'open', userId: admin().user.id } });
    expect((await t.call('POST', `/messages/${second.id}`, { token: admin().token, body: { body: 'It ships today.' } })).status).to.equal(201);
    await t.call('PUT', `/tickets/${second.id}`, { token: admin().token, body: { queueId: prompted.id, userId: null } });
    await settle(600);
    expect(ai.chats).to.have.length(1);
  });

  it("a plan without useOpenAi silences the company's prompts: the chatbot has the ticket", async () => {
    const { queue, whatsappId } = await promptedLine();
    const superUser = await loginSuper(t);
    const setFlag = (useOpenAi: boolean) => t.call('PUT', `/plans/${planId}`, { token: superUser.token, body: { useOpenAi } });
    expect((await setFlag(false)).status).to.equal(200);
    try {
      const number = customerNumber();
      await customerSays(t, admin(), whatsappId, number, 'Anyone there?');
      await eventually(async () => ((await ticket(number)).queueId === queue.id ? true : null), 5_000, 'the chatbot put the ticket in its queue');
      await settle(600);
      expect(ai.chats).to.have.length(0);
    } finally {
      await setFlag(true);
    }
  });

  it("the company's default endpoint (setting openAiBaseUrl) serves prompts that name none", async () => {
    const { whatsappId } = await promptedLine({ baseURL: '' });
    expect((await t.call('PUT', '/settings/openAiBaseUrl', { token: admin().token, body: { value: ai.baseURL } })).status).to.equal(200);
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Default endpoint?');
    expect(await received(whatsappId, number, 1)).to.deep.equal(['Echo: Default endpoint?']);
  });
});
