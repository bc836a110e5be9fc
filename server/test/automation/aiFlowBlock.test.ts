/**
 * The flow builder's OpenAI block runs through the AI assistant: the model answers while the run
 * waits on the block, until the customer's phrase for a human moves the flow on (or, without an
 * exit, hands over to the agents). Against the local OpenAI-compatible stand-in.
 */
import { expect } from 'chai';
import { createI18n, PROMPT_DEFAULTS, type FlowGraph } from '@atende/shared';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../scripts/testing/openaiStandIn.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { graphOf } from '../support/flowFixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { settle } from '../support/realtimeFixtures.js';

const BLOCK_PROMPT = 'You are the shoe shop bot of the flow. Be brief.';
const HANDOFF = 'An agent will continue the conversation.';
const en = createI18n('en');

describe("the flow's OpenAI block talks through the AI assistant (local OpenAI stand-in)", () => {
  let t: TestApp;
  let ai: OpenAiStandIn;
  let tenant: Tenant;
  let whatsappId: string;
  let queue: { id: string; name: string };

  before(async () => {
    ai = await startOpenAiStandIn();
    t = await startTestApp('aiflow', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_LANGUAGE: 'en' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    queue = await createQueue(t, tenant.admin, { name: 'Humans' });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
  });
  beforeEach(() => ai.reset());
  after(async () => {
    await t?.stop();
    await ai?.close();
  });

  const admin = () => tenant.admin;
  const block = (extra: Record<string, unknown> = {}) =>
    ['ai', 'openai', { typebotIntegration: { name: 'Shoe bot', prompt: BLOCK_PROMPT, apiKey: ai.apiKey, baseURL: ai.baseURL, voice: 'texto', maxTokens: 80, temperature: 0.5, maxMessages: 5, queueId: null, ...extra } }] as const;

  /** Saves the graph through the API (the block's key is sealed there) and makes it the connection's default flow. */
  async function defaultFlow(graph: FlowGraph): Promise<void> {
    const flow = await t.call('POST', '/flowbuilder', { token: admin().token, body: { name: `Bot ${customerNumber().slice(-6)}` } });
    const saved = await t.call('POST', '/flowbuilder/flow', { token: admin().token, body: { idFlow: flow.body.id, ...graph } });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect((await t.call('PUT', `/whatsapp/${whatsappId}`, { token: admin().token, body: { flowId: flow.body.id } })).status).to.equal(200);
  }

  async function received(number: string, count: number): Promise<string[]> {
    return eventually(async () => {
      const got = (await outboxOf(t, admin(), whatsappId, number)).map((message) => message.body);
      return got.length >= count ? got : null;
    }, 8_000, `${count} messages to ${number}`);
  }
  const ticket = (number: string) => eventually(() => ticketOf(t, admin(), number), 5_000, `ticket of ${number}`);

  it("answers with the block's prompt and limits while the run waits there; the phrase for a human follows the block's exit", async () => {
    await defaultFlow(graphOf([['1', 'start'], [...block()], ['bye', 'message', { label: HANDOFF }]], [['1', 'ai'], ['ai', 'bye']]));
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Hi');
    expect(await received(number, 1)).to.deep.equal(['Echo: Hi']);
    expect(ai.chats[0]).to.deep.include({ authorization: `Bearer ${ai.apiKey}`, model: PROMPT_DEFAULTS.model, max_tokens: 80, temperature: 0.5 });
    expect(ai.chats[0]!.messages).to.deep.equal([
      { role: 'system', content: BLOCK_PROMPT },
      { role: 'user', content: 'Hi' },
    ]);
    expect((await ticket(number)).flowRun).to.include({ nodeId: 'ai', waiting: 'ai' });

    await customerSays(t, admin(), whatsappId, number, 'When do you open?');
    expect(await received(number, 2)).to.deep.equal(['Echo: Hi', 'Echo: When do you open?']);
    expect(ai.chats[1]!.messages.slice(1).map((message) => message.content)).to.deep.equal(['Hi', 'Echo: Hi', 'When do you open?']);

    await customerSays(t, admin(), whatsappId, number, 'Please, a human');
    expect(await received(number, 3)).to.deep.equal(['Echo: Hi', 'Echo: When do you open?', HANDOFF]);
    await eventually(async () => ((await ticket(number)).flowRun === null ? true : null), 5_000, 'the run ended');
    await customerSays(t, admin(), whatsappId, number, 'Still there?');
    await settle(500);
    expect(ai.chats).to.have.length(2);
    expect((await ticket(number)).handedOver).to.equal(false);
  });

  it("without an exit the phrase hands over: the customer is told, the ticket waits flagged in the block's queue", async () => {
    await defaultFlow(graphOf([['1', 'start'], [...block({ queueId: queue.id })]], [['1', 'ai']]));
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Hello bot');
    await received(number, 1);
    await customerSays(t, admin(), whatsappId, number, 'I need an agent');
    expect((await received(number, 2))[1]).to.equal(en.t('inbox.aiHandover'));
    const handed = await eventually(async () => {
      const current = await ticket(number);
      return current.handedOver && current.flowRun === null ? current : null;
    }, 5_000, 'handed over');
    expect(handed).to.include({ queueId: queue.id, status: 'pending', userId: null });
    expect(ai.chats).to.have.length(1);
  });

  it('an agent who accepts the ticket ends the run: the model answers no more', async () => {
    await defaultFlow(graphOf([['1', 'start'], [...block()]], [['1', 'ai']]));
    const number = customerNumber();
    await customerSays(t, admin(), whatsappId, number, 'Hello');
    await received(number, 1);
    const current = await ticket(number);
    expect((await t.call('PUT', `/tickets/${current.id}`, { token: admin().token, body: { status: 'open', userId: admin().user.id } })).status).to.equal(200);
    await customerSays(t, admin(), whatsappId, number, 'Are you human?');
    await settle(600);
    expect(ai.chats).to.have.length(1);
    expect((await ticket(number)).flowRun).to.equal(null);
  });

  it("a failure of the block's endpoint shows on the ticket and the run keeps waiting for the next message", async () => {
    await defaultFlow(graphOf([['1', 'start'], [...block()]], [['1', 'ai']]));
    const number = customerNumber();
    ai.fail(500, 1);
    await customerSays(t, admin(), whatsappId, number, 'Hello?');
    const failed = await eventually(async () => ((await ticket(number)).aiError ? ticket(number) : null), 8_000, 'the error on the ticket');
    expect(failed.aiError).to.include({ code: 'server', status: 500 });
    expect(failed.flowRun).to.include({ waiting: 'ai' });
    await customerSays(t, admin(), whatsappId, number, 'Hello again');
    expect(await received(number, 1)).to.deep.equal(['Echo: Hello again']);
  });
});
