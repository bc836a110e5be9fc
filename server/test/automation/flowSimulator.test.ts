import { expect } from 'chai';
import { createI18n } from '@atende/shared';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Tenant } from '../support/fixtures.js';
import { graphOf, storeFlow } from '../support/flowFixtures.js';
import { eventually } from '../support/inboxFixtures.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { FlowRunModel } from '../../src/automation/flows/runModel.js';
import { MessageModel } from '../../src/domains/messages/model.js';
import { TicketModel } from '../../src/domains/tickets/model.js';

describe('flow simulator: the same engine on the graph being edited, events to the author only', () => {
  let t: TestApp;
  let tenant: Tenant;
  let flowId: string;
  let author: Listener;
  let colleague: Listener;
  let colleagueSession: Awaited<ReturnType<typeof createMember>>;

  const graph = graphOf(
    [
      ['1', 'start'],
      ['hello', 'message', { label: 'Hello {{firstName}}' }],
      ['ask', 'question', { typebotIntegration: { message: 'Your order?', answerKey: 'order' } }],
      ['wait', 'interval', { sec: 1 }],
      ['pic', 'img', { url: '0123456789abcdef0123456789abcdef.png' }],
      ['menu', 'menu', { message: 'Order {{order}}: confirm?', arrayOption: [{ number: 1, value: 'Yes' }, { number: 2, value: 'No' }] }],
      ['yes', 'message', { label: 'Confirmed' }],
      ['no', 'message', { label: 'Cancelled' }],
    ],
    [
      ['1', 'hello'],
      ['hello', 'ask'],
      ['ask', 'wait'],
      ['wait', 'pic'],
      ['pic', 'menu'],
      ['menu', 'yes', 'a1'],
      ['menu', 'no', 'a2'],
    ],
  );

  before(async () => {
    t = await startTestApp('flowsim');
    tenant = await createTenant(t, await loginSuper(t));
    // The saved flow differs from the edited graph: the simulator runs what is being edited.
    flowId = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['m', 'message', { label: 'saved version' }]], [['1', 'm']]));
    colleagueSession = await createMember(t, tenant, 'admin');
    author = await listen(t, tenant.adminEmail, tenant.password, 'flowSimulator');
    colleague = await listen(t, colleagueSession.email, 'member-pass', 'flowSimulator');
  });
  after(async () => {
    author?.client.disconnect();
    colleague?.client.disconnect();
    await t?.stop();
  });

  const bodies = (simulationId: string) => author.events.filter((e: any) => e.simulationId === simulationId && e.action === 'message').map((e: any) => `${e.message.fromMe ? 'bot' : 'me'}: ${e.message.body}`);

  it('runs the edited graph: messages, question, interval, media, menu; node moves; end; only the author hears it', async () => {
    const started = await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, ...graph } });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const { simulationId } = started.body;
    await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'answer');
    const [hello, ask] = bodies(simulationId);
    // The author stands for the customer: {{firstName}} is theirs.
    expect(hello).to.match(/^bot: Hello [^{ ]+$/);
    expect(ask).to.equal('bot: Your order?');

    const said = await t.call('POST', `/flowbuilder/simulator/${simulationId}/message`, { token: tenant.admin.token, body: { body: 'A-17' } });
    expect(said.status, JSON.stringify(said.body)).to.equal(200);
    expect(said.body.message).to.include({ fromMe: false, body: 'A-17', mediaType: 'chat' });
    const interval = (await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'interval')) as any;
    expect(interval).to.deep.include({ nodeId: 'wait', variables: { order: 'A-17' } });
    const menu = (await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'menu', 6_000)) as any;
    expect(menu.nodeId).to.equal('menu');
    const media = author.events.find((e: any) => e.simulationId === simulationId && e.action === 'message' && e.message.mediaType === 'image') as any;
    expect(media.message.mediaUrl).to.match(new RegExp(`^/public/${tenant.companyId}/0123456789abcdef0123456789abcdef\\.png\\?expires=\\d+&signature=`));
    expect(bodies(simulationId).at(-1)).to.equal('bot: Order A-17: confirm?\n\n*1* - Yes\n*2* - No');

    await t.call('POST', `/flowbuilder/simulator/${simulationId}/message`, { token: tenant.admin.token, body: { body: '2' } });
    const end = (await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'end')) as any;
    expect(end.reason).to.equal('finished');
    expect(bodies(simulationId).at(-1)).to.equal('bot: Cancelled');
    expect(author.events.some((e: any) => e.simulationId === simulationId && e.action === 'node' && e.nodeId === 'yes')).to.equal(false);
    expect(author.events.some((e: any) => e.simulationId === simulationId && e.action === 'node' && e.nodeId === 'no')).to.equal(true);
    expect(await FlowRunModel.countDocuments({ companyId: tenant.companyId, runKey: `s:${simulationId}` })).to.equal(0);
    // No ticket, no message, no outbox: nothing of the inbox.
    expect(await TicketModel.countDocuments({ companyId: tenant.companyId })).to.equal(0);
    expect(await MessageModel.countDocuments({ companyId: tenant.companyId })).to.equal(0);

    await settle(200);
    expect(colleague.events.filter((e: any) => e.simulationId === simulationId)).to.deep.equal([]);
    expectError(await t.call('POST', `/flowbuilder/simulator/${simulationId}/message`, { token: tenant.admin.token, body: { body: 'again' } }), 404, 'ERR_NO_FLOW_SIMULATION_FOUND');
  });

  it("another user, even of the same company, cannot write in or end someone's simulation; another company's flow is not found", async () => {
    const started = await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, ...graph } });
    const { simulationId } = started.body;
    await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'answer');
    expectError(await t.call('POST', `/flowbuilder/simulator/${simulationId}/message`, { token: colleagueSession.token, body: { body: 'hijack' } }), 404, 'ERR_NO_FLOW_SIMULATION_FOUND');
    expectError(await t.call('DELETE', `/flowbuilder/simulator/${simulationId}`, { token: colleagueSession.token }), 404, 'ERR_NO_FLOW_SIMULATION_FOUND');
    const other = await createTenant(t, await loginSuper(t));
    expectError(await t.call('DELETE', `/flowbuilder/simulator/${simulationId}`, { token: other.admin.token }), 404, 'ERR_NO_FLOW_SIMULATION_FOUND');
    expectError(await t.call('POST', '/flowbuilder/simulator', { token: other.admin.token, body: { flowId, ...graph } }), 404, 'ERR_NO_FLOW_FOUND');
    expectError(await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId: MISSING_ID, ...graph } }), 404, 'ERR_NO_FLOW_FOUND');

    const ended = await t.call('DELETE', `/flowbuilder/simulator/${simulationId}`, { token: tenant.admin.token });
    expect(ended.status).to.equal(204);
    const end = (await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'end')) as any;
    expect(end.reason).to.equal('stopped');
    expect(author.events.filter((e: any) => e.simulationId === simulationId && e.action === 'message').map((e: any) => e.message.body)).to.not.include('hijack');
  });

  it('refuses a bad graph or body with 400', async () => {
    expectInvalid(await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, nodes: [{ id: 'x', type: 'bogus', position: { x: 0, y: 0 }, data: {} }], connections: [] } }), 'nodes.0.type');
    expectInvalid(await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, nodes: graph.nodes.filter((n) => n.type !== 'start'), connections: [] } }), 'nodes');
    expectInvalid(await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId: 'nope', ...graph } }), 'flowId');
    expectInvalid(await t.call('POST', `/flowbuilder/simulator/${MISSING_ID}/message`, { token: tenant.admin.token, body: { body: '' } }), 'body');
    expect((await t.call('POST', '/flowbuilder/simulator', { body: { flowId, ...graph } })).status).to.equal(401);
  });

  it('a simulation idle for an hour is dropped by the sweep', async () => {
    const started = await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, ...graph } });
    const { simulationId } = started.body;
    await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'answer');
    await FlowRunModel.updateOne({ companyId: tenant.companyId, runKey: `s:${simulationId}` }, { $set: { lastActivityAt: new Date(Date.now() - 2 * 3_600_000) } });
    await t.app.jobs.now('flowSimulationSweep', {});
    const end = (await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'end', 5_000)) as any;
    expect(end).to.include({ reason: 'stopped', detail: 'idle' });
    await eventually(async () => (await FlowRunModel.countDocuments({ companyId: tenant.companyId, runKey: `s:${simulationId}` })) === 0, 2_000, 'run gone');
  });
  it('the OpenAI block: the simulator calls no model, says where it would answer, and the phrase for a human leaves by the exit', async () => {
    const withAi = graphOf(
      [
        ['1', 'start'],
        ['ai', 'openai', { typebotIntegration: { name: 'Bot', prompt: 'You help.', apiKey: 'sk-...abcd', maxTokens: 100, temperature: 1, maxMessages: 10, queueId: null } }],
        ['bye', 'message', { label: 'Passing you to a person' }],
      ],
      [
        ['1', 'ai'],
        ['ai', 'bye'],
      ],
    );
    const started = await t.call('POST', '/flowbuilder/simulator', { token: tenant.admin.token, body: { flowId, ...withAi } });
    const { simulationId } = started.body;
    await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'node' && e.waiting === 'ai');
    expect(bodies(simulationId)).to.deep.equal([`bot: ${createI18n('pt').t('inbox.aiSimulated')}`]);
    await t.call('POST', `/flowbuilder/simulator/${simulationId}/message`, { token: tenant.admin.token, body: { body: 'Quero um atendente' } });
    const end = (await waitFor(author.events, (e: any) => e.simulationId === simulationId && e.action === 'end')) as any;
    expect(end.reason).to.equal('finished');
    expect(bodies(simulationId).at(-1)).to.equal('bot: Passing you to a person');
  });
});
