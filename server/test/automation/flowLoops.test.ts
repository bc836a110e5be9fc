/**
 * Issue 29 item 13: a loop without a wait sent 99 messages per trigger, and a loop with an interval
 * wrote to a silent customer until someone stopped it. A run now has a budget between two messages
 * of the customer (FLOW_RUN_BLOCKS_MAX blocks, FLOW_RUN_MESSAGES_MAX messages); spent, the run ends
 * 'loopLimit' and the ticket says why. The editor shows such loops as problems.
 */
import { expect } from 'chai';
import { FLOW_RUN_BLOCKS_MAX, FLOW_RUN_MESSAGES_MAX } from '@atende/shared';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { graphOf, storeCampaign, storeFlow } from '../support/flowFixtures.js';
import { customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { FlowRunModel } from '../../src/automation/flows/runModel.js';

describe('flow loops end at the run budget, with the reason on the ticket (issue 29 item 13)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let tenant: Tenant;
  let whatsappId: string;
  let phrase = 0;

  before(async () => {
    t = await startTestApp('flowloops', { ATENDE_SANDBOX_ACK_MS: '20' });
    tenant = await createTenant(t, await loginSuper(t));
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
  });
  after(() => t?.stop());

  const texts = async (number: string) => (await outboxOf(t, tenant.admin, whatsappId, number)).map((m) => m.body);
  const ticket = (number: string) => eventually(() => ticketOf(t, tenant.admin, number), 5_000, `ticket of ${number}`);

  /** Starts the graph by a phrase campaign; answers the customer's number. */
  async function run(graph: ReturnType<typeof graphOf>, name = 'Looping flow'): Promise<string> {
    phrase += 1;
    await storeCampaign(tenant.companyId, await storeFlow(tenant.companyId, graph, { name }), whatsappId, `loop test ${phrase}`);
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, `loop test ${phrase}`);
    return number;
  }

  /** Waits until the customer got `count` messages, then checks that no more come. */
  async function receivedExactly(number: string, count: number): Promise<void> {
    await eventually(async () => ((await texts(number)).length >= count ? true : null), 10_000, `${count} messages`);
    await settle(1_000);
    expect(await texts(number)).to.have.length(count);
  }

  async function endedWith(number: string, ms: number) {
    return eventually(async () => {
      const found = await ticket(number);
      return found.flowRun === null && found.flowEnd ? found.flowEnd : null;
    }, ms, 'the run ended with a reason');
  }

  it(`a loop without a wait sends ${FLOW_RUN_MESSAGES_MAX} messages, then ends 'loopLimit' and the ticket says so`, async () => {
    const number = await run(graphOf([['1', 'start'], ['say', 'message', { label: 'Are you there?' }]], [['1', 'say'], ['say', 'say']]), 'Spinning flow');
    const flowEnd = await endedWith(number, 10_000);
    expect(flowEnd).to.include({ reason: 'loopLimit', flowName: 'Spinning flow', nodeId: 'say' });
    await receivedExactly(number, FLOW_RUN_MESSAGES_MAX);
    expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId })).to.equal(0);
  });

  it(`a loop through blocks that send nothing stops after ${FLOW_RUN_BLOCKS_MAX} blocks`, async () => {
    const number = await run(graphOf([['1', 'start'], ['dice', 'randomizer', { percent: 50 }]], [['1', 'dice'], ['dice', 'dice', 'a'], ['dice', 'dice', 'b']]));
    expect(await endedWith(number, 10_000)).to.include({ reason: 'loopLimit', nodeId: 'dice' });
    expect(await texts(number)).to.deep.equal([]);
  });

  it('a loop whose only wait is an interval stops writing to a silent customer', async () => {
    const burst = Array.from({ length: 5 }, (_, index) => ({ number: `message${index}`, type: 'message', value: `news ${index}` }));
    const number = await run(
      graphOf(
        [
          ['1', 'start'],
          ['wait', 'interval', { sec: 1 }],
          ['news', 'singleBlock', { seq: burst.map((element) => element.number), elements: burst }],
        ],
        [['1', 'wait'], ['wait', 'news'], ['news', 'wait']],
      ),
    );
    expect(await endedWith(number, 20_000)).to.include({ reason: 'loopLimit', nodeId: 'news' });
    await receivedExactly(number, FLOW_RUN_MESSAGES_MAX);
  });

  it('a customer who keeps answering keeps the flow going: the budget counts from their last message', async () => {
    const number = await run(
      graphOf(
        [
          ['1', 'start'],
          ['ask', 'question', { typebotIntegration: { message: 'Next item?', answerKey: 'item' } }],
          ['got', 'message', { label: 'Noted {{item}}' }],
        ],
        [['1', 'ask'], ['ask', 'got'], ['got', 'ask']],
      ),
    );
    const rounds = FLOW_RUN_MESSAGES_MAX;
    for (let round = 1; round <= rounds; round += 1) {
      await eventually(async () => ((await texts(number)).length === 2 * round - 1 ? true : null), 5_000, `question ${round}`);
      await customerSays(t, tenant.admin, whatsappId, number, `item ${round}`);
    }
    await eventually(async () => ((await texts(number)).length === 2 * rounds + 1 ? true : null), 5_000, 'the last question');
    const still = await ticket(number);
    expect(still.flowRun).to.include({ nodeId: 'ask', waiting: 'answer' });
    expect(still.flowEnd).to.equal(null);
  });

  it('a new flow on the ticket clears the reason; closing the ticket clears it too', async () => {
    const number = await run(graphOf([['1', 'start'], ['say', 'message', { label: 'again' }]], [['1', 'say'], ['say', 'say']]));
    await endedWith(number, 10_000);
    phrase += 1;
    await storeCampaign(tenant.companyId, await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Fine now?', answerKey: 'x' } }]], [['1', 'ask']])), whatsappId, `loop test ${phrase}`);
    await customerSays(t, tenant.admin, whatsappId, number, `loop test ${phrase}`);
    const restarted = await eventually(async () => {
      const found = await ticket(number);
      return found.flowRun?.waiting === 'answer' ? found : null;
    }, 5_000, 'the new run');
    expect(restarted.flowEnd).to.equal(null);

    const other = await run(graphOf([['1', 'start'], ['say', 'message', { label: 'once more' }]], [['1', 'say'], ['say', 'say']]));
    const looped = await ticket(other);
    await endedWith(other, 10_000);
    const closed = await t.call('PUT', `/tickets/${looped.id}`, { token: tenant.admin.token, body: { status: 'closed' } });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(200);
    expect(closed.body.flowEnd).to.equal(null);
  });

  describe('in the simulator and the editor', () => {
    let listener: Listener;
    let flowId: string;
    before(async () => {
      listener = await listen(t, tenant.adminEmail, tenant.password, 'flowSimulator');
      flowId = (await t.call('POST', '/flowbuilder', { token: tenant.admin.token, body: { name: 'Loops in the editor' } })).body.id;
    });
    after(() => listener?.client.disconnect());

    it("the simulation of a loop ends 'loopLimit'", async () => {
      const started = await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, ...graphOf([['1', 'start'], ['say', 'message', { label: 'spin' }]], [['1', 'say'], ['say', 'say']]) } });
      expect(started.status).to.equal(201);
      const end = await waitFor(listener.events, (e: any) => e.simulationId === started.body.simulationId && e.action === 'end', 10_000);
      expect((end as any).reason).to.equal('loopLimit');
      expect(listener.events.filter((e: any) => e.simulationId === started.body.simulationId && e.action === 'message')).to.have.length(FLOW_RUN_MESSAGES_MAX);
    });

    it('saving answers a loop that waits only on intervals as cycleWithoutAnswer on its interval, a loop without any wait as cycleWithoutWait', async () => {
      const intervalLoop = graphOf(
        [
          ['1', 'start'],
          ['hello', 'message', { label: 'hello' }],
          ['wait', 'interval', { sec: 5 }],
        ],
        [['1', 'hello'], ['hello', 'wait'], ['wait', 'hello']],
      );
      const saved = await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...intervalLoop } });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect(saved.body.problems).to.deep.equal([{ code: 'cycleWithoutAnswer', nodeId: 'wait' }]);
      const spinning = graphOf([['1', 'start'], ['hello', 'message', { label: 'hello' }]], [['1', 'hello'], ['hello', 'hello']]);
      const again = await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...spinning } });
      expect(again.body.problems).to.deep.equal([{ code: 'cycleWithoutWait', nodeId: 'hello' }]);
      const asking = graphOf(
        [
          ['1', 'start'],
          ['ask', 'question', { typebotIntegration: { message: 'More?', answerKey: 'more' } }],
          ['wait', 'interval', { sec: 5 }],
        ],
        [['1', 'ask'], ['ask', 'wait'], ['wait', 'ask']],
      );
      expect((await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...asking } })).body.problems).to.deep.equal([]);
    });
  });
});
