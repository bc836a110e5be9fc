/**
 * Issue 29 item 2: a regex condition is a pattern any company writes and any of its users runs in
 * the simulator. `(a|a)+$` against 29 characters held the event loop for 12 s on the built-in
 * engine, and each extra character doubles it: with 60 characters these tests would never end.
 * Patterns run on a linear-time engine; the ones it cannot run are refused at save time.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { graphOf, storeCampaign, storeFlow } from '../support/flowFixtures.js';
import { customerNumber, customerSays, eventually, outboxOf, sandboxConnection } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

const CATASTROPHIC = ['(a|a)+$', '^(a+)+$', '(a|aa)+$', '^(\\w+\\s?)*$', '(.*a){12}$'];
const SUBJECT = `${'a'.repeat(60)}!`;

function conditionGraph(pattern: string) {
  return graphOf(
    [
      ['1', 'start'],
      ['ask', 'question', { typebotIntegration: { message: 'Say something', answerKey: 'said' } }],
      ['cond', 'condition', { key: 'said', condition: 'regex', value: pattern }],
      ['yes', 'message', { label: 'matched' }],
      ['no', 'message', { label: 'did not match' }],
    ],
    [
      ['1', 'ask'],
      ['ask', 'cond'],
      ['cond', 'yes', 'true'],
      ['cond', 'no', 'false'],
    ],
  );
}

describe('user patterns run in linear time; patterns the engine cannot run are refused (issue 29 item 2)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let tenant: Tenant;
  let plainUser: Session & { email: string };
  let listener: Listener;
  let flowId: string;

  before(async () => {
    t = await startTestApp('patterns', { ATENDE_SANDBOX_ACK_MS: '20' });
    tenant = await createTenant(t, await loginSuper(t));
    plainUser = await createMember(t, tenant, 'user');
    listener = await listen(t, plainUser.email, 'member-pass', 'flowSimulator');
    flowId = (await t.call('POST', '/flowbuilder', { token: tenant.admin.token, body: { name: 'Patterns' } })).body.id;
  });
  after(async () => {
    listener?.client.disconnect();
    await t?.stop();
  });

  it('a plain user simulates catastrophic patterns against a 61-character answer: each ends at once, and the server keeps answering', async () => {
    for (const pattern of CATASTROPHIC) {
      const started = await t.call('POST', '/flowbuilder/simulator', { token: plainUser.token, body: { flowId, ...conditionGraph(pattern) } });
      expect(started.status, JSON.stringify(started.body)).to.equal(201);
      const { simulationId } = started.body as { simulationId: string };
      await waitFor(listener.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'answer', 10_000);
      const said = await t.call('POST', `/flowbuilder/simulator/${simulationId}/message`, { token: plainUser.token, body: { body: SUBJECT } });
      expect(said.status, JSON.stringify(said.body)).to.equal(200);
      const end = await waitFor(listener.events, (e: any) => e.simulationId === simulationId && e.action === 'end', 10_000);
      expect((end as any).reason, pattern).to.equal('finished');
      const replies = listener.events.filter((e: any) => e.simulationId === simulationId && e.action === 'message' && e.message.fromMe).map((e: any) => e.message.body);
      expect(replies, pattern).to.deep.equal(['Say something', 'did not match']);
      expect((await t.call('GET', '/tickets', { token: tenant.admin.token })).status).to.equal(200);
    }
  });

  it('a live flow with a catastrophic pattern answers a customer at once', async () => {
    const whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    const graph = graphOf(
      [
        ['1', 'start'],
        ['cond', 'condition', { key: '', condition: 'regex', value: '(a|a)+$' }],
        ['yes', 'message', { label: 'matched' }],
        ['no', 'message', { label: 'did not match' }],
      ],
      [
        ['1', 'cond'],
        ['cond', 'yes', 'true'],
        ['cond', 'no', 'false'],
      ],
    );
    await storeCampaign(tenant.companyId, await storeFlow(tenant.companyId, graph), whatsappId, `${'a'.repeat(60)}!`);
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, SUBJECT);
    const got = await eventually(async () => {
      const messages = await outboxOf(t, tenant.admin, whatsappId, number);
      return messages.length > 0 ? messages.map((m) => m.body) : null;
    }, 10_000, 'the flow answering');
    expect(got).to.deep.equal(['did not match']);
  });

  it('saving, importing or simulating a pattern with no linear-time form answers 400 ERR_FLOW_PATTERN_INVALID naming the block', async () => {
    for (const pattern of ['(a)\\1', 'a(?=b)', '(?<=(a|b))c', '.{300}', '([a-z']) {
      const graph = conditionGraph(pattern);
      const saved = await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...graph } });
      expectError(saved, 400, 'ERR_FLOW_PATTERN_INVALID');
      expect(saved.body, pattern).to.include({ nodeId: 'cond', field: 'nodes.2.data.value' });
      expect(saved.body.message).to.include('cond');
      const imported = await t.call('POST', '/flowbuilder/import', { token: tenant.admin.token, body: { format: 'atende-flow', version: 1, name: 'Imported patterns', flow: graph } });
      expectError(imported, 400, 'ERR_FLOW_PATTERN_INVALID');
      const simulated = await t.call('POST', '/flowbuilder/simulator', { token: plainUser.token, body: { flowId, ...graph } });
      expectError(simulated, 400, 'ERR_FLOW_PATTERN_INVALID');
    }
    const tooLong = await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...conditionGraph('a'.repeat(201)) } });
    expectError(tooLong, 400, 'ERR_VALIDATION');
    expect(tooLong.body.field).to.equal('nodes.2.data.value');
    // A long value is still fine for the other operators.
    const graph = conditionGraph('a'.repeat(201));
    (graph.nodes[2]!.data as { condition: string }).condition = 'contains';
    expect((await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...graph } })).status).to.equal(200);
    const fine = await t.call('POST', '/flowbuilder/flow', { token: tenant.admin.token, body: { idFlow: flowId, ...conditionGraph('^(sim|s|yes)$') } });
    expect(fine.status, JSON.stringify(fine.body)).to.equal(200);
  });
});
