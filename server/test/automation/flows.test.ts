import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, loginSuper, MISSING_ID, type Tenant } from '../support/fixtures.js';
import { graphOf, storeCampaign, storeFlow } from '../support/flowFixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';
import { FlowRunModel } from '../../src/automation/flows/runModel.js';
import { FlowModel } from '../../src/domains/flows/model.js';
import { storeUpload } from '../../src/platform/uploads.js';

const GREETING = 'Welcome to ACME (greeting)';

describe('flow engine: blocks run in live conversations on a sandbox connection', () => {
  let t: TestApp;
  let tenant: Tenant;
  let whatsappId: string;
  let queue: { id: string; name: string };

  before(async () => {
    t = await startTestApp('flows', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    // Room for the connections and queues the tests add.
    const plan = await t.call('POST', '/plans', { token: superUser.token, body: { name: 'Flows plan', users: 5, connections: 6, queues: 6, value: 1 } });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(201);
    tenant = await createTenant(t, superUser, { planId: plan.body.id });
    queue = await createQueue(t, tenant.admin, { name: 'Flow queue', greetingMessage: '' });
    whatsappId = (await sandboxConnection(t, tenant.admin, { greetingMessage: GREETING })).id;
  });
  after(() => t?.stop());

  const texts = async (number: string) => (await outboxOf(t, tenant.admin, whatsappId, number)).map((m) => m.body);
  async function receivedAll(number: string, expected: string[], ms = 5_000): Promise<string[]> {
    return eventually(async () => {
      const got = await texts(number);
      return got.length >= expected.length ? got : null;
    }, ms, `${expected.length} messages to ${number}`);
  }
  const ticket = (number: string) => eventually(() => ticketOf(t, tenant.admin, number), 5_000, `ticket of ${number}`);
  async function flowRunOf(number: string) {
    return (await ticket(number)).flowRun as { flowId: string; nodeId: string; waiting: string | null } | null;
  }
  async function waitingOn(number: string, nodeId: string, waiting: string) {
    return eventually(async () => {
      const run = await flowRunOf(number);
      return run?.nodeId === nodeId && run.waiting === waiting ? run : null;
    }, 5_000, `${number} waiting on ${nodeId}`);
  }
  const runEnded = (number: string) => eventually(async () => ((await flowRunOf(number)) === null ? true : null), 5_000, 'run ended');
  async function useDefaultFlow(flowId: string | null) {
    const answer = await t.call('PUT', `/whatsapp/${whatsappId}`, { token: tenant.admin.token, body: { flowId } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.flowId).to.equal(flowId);
  }

  describe('the default flow of a connection', () => {
    after(() => useDefaultFlow(null));

    it('message, question with {{answerKey}}, condition on the answer, menu (re-asked, chosen by text), randomizer: then finished; no greeting', async () => {
      const graph = graphOf(
        [
          ['1', 'start'],
          ['hello', 'message', { label: 'Hello {{firstName}}!' }],
          ['ask', 'question', { typebotIntegration: { message: 'What is your name?', answerKey: 'who' } }],
          ['known', 'condition', { key: 'who', condition: 'equals', value: 'ANA' }],
          ['back', 'message', { label: 'Hi {{who}}, welcome back' }],
          ['new', 'message', { label: 'Nice to meet you {{who}}' }],
          ['menu', 'menu', { message: 'Choose, {{who}}:', arrayOption: [{ number: 1, value: 'Sales' }, { number: 2, value: 'Support' }] }],
          ['dice', 'randomizer', { percent: 100 }],
          ['sales', 'message', { label: 'Sales it is' }],
          ['never', 'message', { label: 'never sent' }],
          ['support', 'message', { label: 'Support it is' }],
        ],
        [
          ['1', 'hello'],
          ['hello', 'ask'],
          ['ask', 'known'],
          ['known', 'back', 'true'],
          ['known', 'new', 'false'],
          ['back', 'menu'],
          ['new', 'menu'],
          ['menu', 'dice', 'a1'],
          ['menu', 'support', 'a2'],
          ['dice', 'sales', 'a'],
          ['dice', 'never', 'b'],
        ],
      );
      await useDefaultFlow(await storeFlow(tenant.companyId, graph));
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, 'hi there');
      await receivedAll(number, ['Hello', 'What is your name?']);
      expect(await texts(number)).to.deep.equal([`Hello Customer!`, 'What is your name?']);
      const waiting = await waitingOn(number, 'ask', 'answer');
      expect(waiting).to.include({ nodeId: 'ask', waiting: 'answer' });
      expect((await ticket(number)).chatbot).to.equal(false);

      await customerSays(t, tenant.admin, whatsappId, number, 'Ána');
      await receivedAll(number, ['', '', 'back', 'menu']);
      expect((await texts(number)).slice(2)).to.deep.equal(['Hi Ána, welcome back', 'Choose, Ána:\n\n*1* - Sales\n*2* - Support']);
      await waitingOn(number, 'menu', 'menu');

      await customerSays(t, tenant.admin, whatsappId, number, '7');
      const [reasked] = (await receivedAll(number, ['', '', '', '', 'reask'])).slice(4);
      expect(reasked).to.match(/^(Opção inválida|Invalid option|Opción inválida)/);
      expect(reasked).to.match(/\n\nChoose, Ána:\n\n\*1\* - Sales\n\*2\* - Support$/);

      await customerSays(t, tenant.admin, whatsappId, number, '  SALES ');
      await receivedAll(number, ['', '', '', '', '', 'sales']);
      expect((await texts(number))[5]).to.equal('Sales it is');
      await runEnded(number);
      expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId, ticketId: (await ticket(number)).id })).to.equal(0);
      await settle(200);
      expect(await texts(number)).to.not.include(GREETING);
      expect(await texts(number)).to.not.include('never sent');
    });

    it('two customers in the same flow at once keep their own answers', async () => {
      const graph = graphOf(
        [
          ['1', 'start'],
          ['ask', 'question', { typebotIntegration: { message: 'Your city?', answerKey: 'city' } }],
          ['bye', 'message', { label: 'Noted: {{city}}' }],
        ],
        [
          ['1', 'ask'],
          ['ask', 'bye'],
        ],
      );
      await useDefaultFlow(await storeFlow(tenant.companyId, graph));
      const numbers = [customerNumber(), customerNumber(), customerNumber()];
      await Promise.all(numbers.map((number) => customerSays(t, tenant.admin, whatsappId, number, 'hello')));
      await Promise.all(numbers.map((number) => waitingOn(number, 'ask', 'answer')));
      await Promise.all(numbers.map((number, i) => customerSays(t, tenant.admin, whatsappId, number, `City ${i}`)));
      for (const [i, number] of numbers.entries()) {
        expect(await receivedAll(number, ['Your city?', 'Noted'])).to.deep.equal(['Your city?', `Noted: City ${i}`]);
        await runEnded(number);
      }
    });

    it('while a flow runs on a connection with several queues, the queue chatbot never speaks nor routes', async () => {
      const other = await createQueue(t, tenant.admin, { name: 'Second queue' });
      const line = await sandboxConnection(t, tenant.admin, { queueIds: [queue.id, other.id], greetingMessage: GREETING });
      const flowId = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Pick a number', answerKey: 'n' } }], ['bye', 'message', { label: 'You said {{n}}' }]], [['1', 'ask'], ['ask', 'bye']]));
      expect((await t.call('PUT', `/whatsapp/${line.id}`, { token: tenant.admin.token, body: { flowId } })).status).to.equal(200);
      const number = customerNumber();
      await customerSays(t, tenant.admin, line.id, number, 'hi');
      await waitingOn(number, 'ask', 'answer');
      await customerSays(t, tenant.admin, line.id, number, '1');
      await runEnded(number);
      await settle(200);
      expect((await outboxOf(t, tenant.admin, line.id, number)).map((m) => m.body)).to.deep.equal(['Pick a number', 'You said 1']);
      expect(await ticket(number)).to.include({ queueId: null, chatbot: false });
    });

    it('an inactive default flow never starts: the greeting goes out as before', async () => {
      await useDefaultFlow(await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['m', 'message', { label: 'from the flow' }]], [['1', 'm']]), { active: false }));
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, 'hello');
      expect(await receivedAll(number, [GREETING])).to.deep.equal([GREETING]);
      expect(await flowRunOf(number)).to.equal(null);
    });

    it('a connection refuses a flow of another company as its default flow', async () => {
      const other = await createTenant(t, await loginSuper(t));
      const foreign = await storeFlow(other.companyId, null);
      const answer = await t.call('PUT', `/whatsapp/${whatsappId}`, { token: tenant.admin.token, body: { flowId: foreign } });
      expect(answer.status).to.equal(404);
      expect(answer.body.error).to.equal('ERR_NO_FLOW_FOUND');
    });
  });

  describe('phrase-triggered flow campaigns', () => {
    it('a message equal to the phrase (accents, case, spaces aside) starts the flow; another phrase restarts with its flow', async () => {
      const first = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Which product?', answerKey: 'product' } }], ['m', 'message', { label: 'unreached' }]], [['1', 'ask'], ['ask', 'm']]));
      const second = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['m', 'message', { label: 'Second flow here' }]], [['1', 'm']]));
      await storeCampaign(tenant.companyId, first, whatsappId, 'Quero comprár');
      await storeCampaign(tenant.companyId, second, whatsappId, 'suporte técnico');
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, '  QUERO   compRAR ');
      // The new ticket opened with the phrase: the flow speaks, not the greeting.
      expect(await receivedAll(number, ['Which product?'])).to.deep.equal(['Which product?']);
      const run = await waitingOn(number, 'ask', 'answer');
      expect(run.flowId).to.equal(first);
      await customerSays(t, tenant.admin, whatsappId, number, 'Suporte Tecnico');
      expect(await receivedAll(number, ['', 'Second flow here'])).to.deep.equal(['Which product?', 'Second flow here']);
      await runEnded(number);
      await settle(200);
      expect(await texts(number)).to.not.include('unreached');
    });

    it('a phrase of an inactive flow, of a disabled campaign, or of another connection starts nothing', async () => {
      const inactive = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['m', 'message', { label: 'inactive flow' }]], [['1', 'm']]), { active: false });
      const active = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['m', 'message', { label: 'other flow' }]], [['1', 'm']]));
      await storeCampaign(tenant.companyId, inactive, whatsappId, 'sleeping');
      await storeCampaign(tenant.companyId, active, whatsappId, 'switched off', false);
      const elsewhere = await sandboxConnection(t, tenant.admin);
      await storeCampaign(tenant.companyId, active, elsewhere.id, 'elsewhere');
      for (const phrase of ['sleeping', 'switched off', 'elsewhere']) {
        const number = customerNumber();
        await customerSays(t, tenant.admin, whatsappId, number, phrase);
        expect(await receivedAll(number, [GREETING]), phrase).to.deep.equal([GREETING]);
        expect(await flowRunOf(number)).to.equal(null);
      }
    });
  });

  describe('blocks', () => {
    let phrase = 0;
    /** A flow started by its own phrase on a new ticket; answers the customer's number. */
    async function run(graph: ReturnType<typeof graphOf>): Promise<string> {
      phrase += 1;
      await storeCampaign(tenant.companyId, await storeFlow(tenant.companyId, graph), whatsappId, `start block test ${phrase}`);
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, `start block test ${phrase}`);
      return number;
    }

    it('menu: after three invalid answers the run ends (menuRetries) and the ticket waits for agents', async () => {
      const number = await run(graphOf([['1', 'start'], ['menu', 'menu', { message: 'Pick', arrayOption: [{ number: 1, value: 'One' }] }], ['m', 'message', { label: 'one' }]], [['1', 'menu'], ['menu', 'm', 'a1']]));
      await waitingOn(number, 'menu', 'menu');
      for (const wrong of ['x', 'y', 'z']) await customerSays(t, tenant.admin, whatsappId, number, wrong);
      await runEnded(number);
      await settle(200);
      const got = await texts(number);
      expect(got).to.have.length(3);
      expect(got[0]).to.equal('Pick\n\n*1* - One');
      expect((await ticket(number)).status).to.equal('pending');
    });

    it('content block: text, an interval (Agenda job) and an image in seq order; a media block; conditions on the last message', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      const image = await storeUpload(tenant.companyId, { filename: 'photo.png', bytes: png });
      const number = await run(
        graphOf(
          [
            ['1', 'start'],
            ['cond', 'condition', { key: '', condition: 'regex', value: '^start block test \\d+$' }],
            ['seq', 'singleBlock', { seq: ['message0', 'interval1', 'img2'], elements: [{ number: 'img2', type: 'img', value: image.fileName }, { number: 'interval1', type: 'interval', value: '1' }, { number: 'message0', type: 'message', value: 'first the text' }] }],
            ['pic', 'img', { url: image.fileName }],
            ['no', 'message', { label: 'regex did not match' }],
          ],
          [
            ['1', 'cond'],
            ['cond', 'seq', 'true'],
            ['cond', 'no', 'false'],
            ['seq', 'pic'],
          ],
        ),
      );
      const started = Date.now();
      await waitingOn(number, 'seq', 'interval');
      expect(await texts(number)).to.deep.equal(['first the text']);
      // A message during the interval is kept as the last answer; the interval still ends.
      await customerSays(t, tenant.admin, whatsappId, number, 'still there?');
      const outbox = await eventually(async () => {
        const got = await outboxOf(t, tenant.admin, whatsappId, number);
        return got.length >= 3 ? (got as unknown as { body: string; media: { kind: string } | null }[]) : null;
      }, 8_000, 'the content after the interval');
      expect(Date.now() - started).to.be.greaterThan(900);
      expect(outbox.map((m) => m.media?.kind ?? 'text')).to.deep.equal(['text', 'image', 'image']);
      await runEnded(number);
    });

    it("an interval's job fired several times sends the rest once", async () => {
      const number = await run(graphOf([['1', 'start'], ['a', 'message', { label: 'before' }], ['wait', 'interval', { sec: 1 }], ['b', 'message', { label: 'after' }]], [['1', 'a'], ['a', 'wait'], ['wait', 'b']]));
      await waitingOn(number, 'wait', 'interval');
      const waiting = await FlowRunModel.findOne({ companyId: tenant.companyId, ticketId: (await ticket(number)).id }).lean();
      const data = { companyId: tenant.companyId, runId: String(waiting!._id), version: waiting!.waitVersion };
      await Promise.all([t.app.jobs.now('flowResume', data), t.app.jobs.now('flowResume', data), t.app.jobs.now('flowResume', data)]);
      await runEnded(number);
      await settle(1_500);
      expect(await texts(number)).to.deep.equal(['before', 'after']);
    });

    it('ticket block: the ticket moves to the queue and leaves the flow', async () => {
      const number = await run(graphOf([['1', 'start'], ['m', 'message', { label: 'Passing you on' }], ['tk', 'ticket', { queueId: queue.id, name: queue.name }]], [['1', 'm'], ['m', 'tk']]));
      const moved = await eventually(async () => {
        const found = await ticket(number);
        return found.queueId === queue.id ? found : null;
      }, 5_000, 'ticket in the queue');
      expect(moved).to.include({ status: 'pending', flowRun: null, chatbot: false });
      expect(await texts(number)).to.deep.equal(['Passing you on']);
    });

    it('typebot blocks end the run (failed) until their integration exists; a loop without a wait ends it too', async () => {
      const typebot = await run(graphOf([['1', 'start'], ['tb', 'typebot', { typebotIntegration: { name: 'bot' } }], ['m', 'message', { label: 'after typebot' }]], [['1', 'tb'], ['tb', 'm']]));
      const loop = await run(
        graphOf(
          [
            ['1', 'start'],
            ['c1', 'condition', { key: '', condition: 'contains', value: 'start' }],
            ['c2', 'randomizer', { percent: 50 }],
          ],
          [
            ['1', 'c1'],
            ['c1', 'c2', 'true'],
            ['c1', 'c2', 'false'],
            ['c2', 'c1', 'a'],
            ['c2', 'c1', 'b'],
          ],
        ),
      );
      await runEnded(typebot);
      await runEnded(loop);
      await settle(200);
      expect(await texts(typebot)).to.deep.equal([]);
      expect(await texts(loop)).to.deep.equal([]);
    });

    it('a flow deleted while it runs ends the run at the next message', async () => {
      const graph = graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Still there?', answerKey: 'x' } }], ['m', 'message', { label: 'yes' }]], [['1', 'ask'], ['ask', 'm']]);
      phrase += 1;
      const flowId = await storeFlow(tenant.companyId, graph);
      await storeCampaign(tenant.companyId, flowId, whatsappId, `start block test ${phrase}`);
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, `start block test ${phrase}`);
      await waitingOn(number, 'ask', 'answer');
      await FlowModel.deleteOne({ companyId: tenant.companyId, _id: flowId });
      await customerSays(t, tenant.admin, whatsappId, number, 'yes');
      await runEnded(number);
      expect(await texts(number)).to.deep.equal(['Still there?']);
    });
  });
  describe('agents and a running flow', () => {
    let phrase = 0;
    let flowId: string;
    before(async () => {
      flowId = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Tell me more', answerKey: 'more' } }], ['m', 'message', { label: 'Thanks from the flow' }]], [['1', 'ask'], ['ask', 'm']]));
    });

    async function started(): Promise<{ number: string; ticketId: string }> {
      phrase += 1;
      await storeCampaign(tenant.companyId, flowId, whatsappId, `agent test ${phrase}`);
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, `agent test ${phrase}`);
      await waitingOn(number, 'ask', 'answer');
      return { number, ticketId: (await ticket(number)).id as string };
    }

    it('the ticket shows the run live; an agent accepting the ticket ends it and the flow says nothing more', async () => {
      const listener = await listen(t, tenant.adminEmail, tenant.password, 'ticket');
      try {
        const { number, ticketId } = await started();
        const event = (await waitFor(listener.events, (e: any) => e.action === 'update' && e.ticket?.id === ticketId && e.ticket.flowRun?.waiting === 'answer')) as any;
        expect(event.ticket.flowRun).to.include({ flowId, nodeId: 'ask', waiting: 'answer' });
        const accepted = await t.call('PUT', `/tickets/${ticketId}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
        expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
        expect(accepted.body.flowRun).to.equal(null);
        await waitFor(listener.events, (e: any) => e.action === 'update' && e.ticket?.id === ticketId && e.ticket.status === 'open' && e.ticket.flowRun === null);
        expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId, ticketId })).to.equal(0);
        await customerSays(t, tenant.admin, whatsappId, number, 'here is more');
        await settle(300);
        expect(await texts(number)).to.deep.equal(['Tell me more']);
      } finally {
        listener.client.disconnect();
      }
    });

    it('a ticket closed or transferred leaves the flow too', async () => {
      const closing = await started();
      expect((await t.call('PUT', `/tickets/${closing.ticketId}`, { token: tenant.admin.token, body: { status: 'closed' } })).status).to.equal(200);
      expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId, ticketId: closing.ticketId })).to.equal(0);
      const moving = await started();
      const moved = await t.call('PUT', `/tickets/${moving.ticketId}`, { token: tenant.admin.token, body: { queueId: queue.id, userId: null } });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      expect(moved.body).to.include({ queueId: queue.id, flowRun: null });
      expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId, ticketId: moving.ticketId })).to.equal(0);
    });

    it("the connection's auto-transfer leaves a ticket alone while its flow runs", async () => {
      const { number, ticketId } = await started();
      expect((await t.call('PUT', `/whatsapp/${whatsappId}`, { token: tenant.admin.token, body: { timeToTransfer: 1, transferQueueId: queue.id } })).status).to.equal(200);
      try {
        await t.app.inbox.timers.sweep(new Date(Date.now() + 5 * 60_000));
        expect(await ticket(number)).to.include({ id: ticketId, queueId: null });
        expect((await flowRunOf(number))?.waiting).to.equal('answer');
      } finally {
        expect((await t.call('PUT', `/whatsapp/${whatsappId}`, { token: tenant.admin.token, body: { timeToTransfer: 0, transferQueueId: null } })).status).to.equal(200);
      }
    });

    it('DELETE /tickets/{id}/flow stops it for agents who see the ticket; another company gets 404, a user who cannot see it 403', async () => {
      const { number, ticketId } = await started();
      const other = await createTenant(t, await loginSuper(t));
      expectError(await t.call('DELETE', `/tickets/${ticketId}/flow`, { token: other.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
      const agent = await createMember(t, tenant, 'user');
      expectError(await t.call('DELETE', `/tickets/${ticketId}/flow`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/tickets/${MISSING_ID}/flow`, { token: tenant.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
      expect((await t.call('DELETE', '/tickets/not-an-id/flow', { token: tenant.admin.token })).status).to.equal(400);
      expect(await flowRunOf(number)).to.not.equal(null);

      const stopped = await t.call('DELETE', `/tickets/${ticketId}/flow`, { token: tenant.admin.token });
      expect(stopped.status, JSON.stringify(stopped.body)).to.equal(200);
      expect(stopped.body.ticket).to.include({ id: ticketId, flowRun: null, status: 'pending' });
      expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId, ticketId })).to.equal(0);
      await customerSays(t, tenant.admin, whatsappId, number, 'anyone?');
      await settle(300);
      expect(await texts(number)).to.deep.equal(['Tell me more']);
    });
  });
  describe('replayed messages (the phone back online)', () => {
    it('a new ticket from a replay starts the default flow; a replayed answer never advances it, a live one does', async () => {
      const line = await sandboxConnection(t, tenant.admin, { greetingMessage: GREETING });
      const flowId = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Your city?', answerKey: 'city' } }], ['bye', 'message', { label: 'Noted: {{city}}' }]], [['1', 'ask'], ['ask', 'bye']]));
      expect((await t.call('PUT', `/whatsapp/${line.id}`, { token: tenant.admin.token, body: { flowId } })).status).to.equal(200);
      const connectivity = async (online: boolean) => expect((await t.call('POST', `/sandbox/${line.id}/connectivity`, { token: tenant.admin.token, body: { online } })).status).to.equal(200);
      const held = async (from: string, body: string) => expect((await t.call('POST', `/sandbox/${line.id}/messages`, { token: tenant.admin.token, body: { from, name: 'Replayed', body } })).status).to.equal(202);
      const sent = async (number: string) => (await outboxOf(t, tenant.admin, line.id, number)).map((m) => m.body);
      const number = customerNumber();

      await connectivity(false);
      await held(number, 'hello from the past');
      await connectivity(true);
      expect(await eventually(async () => ((await sent(number)).length > 0 ? sent(number) : null), 5_000, 'the flow asked')).to.deep.equal(['Your city?']);
      await waitingOn(number, 'ask', 'answer');

      await connectivity(false);
      await held(number, 'Paris');
      await connectivity(true);
      await eventually(async () => ((await ticket(number)).lastMessage === 'Paris' ? true : null), 5_000, 'the replayed answer stored');
      await settle(300);
      expect(await sent(number)).to.deep.equal(['Your city?']);
      await waitingOn(number, 'ask', 'answer');

      await customerSays(t, tenant.admin, line.id, number, 'Rome');
      expect(await eventually(async () => ((await sent(number)).length === 2 ? sent(number) : null), 5_000, 'the live answer taken')).to.deep.equal(['Your city?', 'Noted: Rome']);
    });
  });
});
