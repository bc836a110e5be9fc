/**
 * Sweep generated from the route table (issue 29): every pattern-typed field (made with the
 * shared `userPattern()` helper) is probed with catastrophic patterns, and where the route runs
 * what it stores, the pattern is run against a text that a backtracking engine would need days
 * for. Each probe must be answered in bounded time (seconds, not the hours of a held event loop)
 * without 5xx, and the server must keep answering. A new route with a pattern field and no probe
 * below fails the sweep.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { graphOf } from '../support/flowFixtures.js';
import { eventually } from '../support/inboxFixtures.js';
import { CATASTROPHIC_PATTERNS, patternRoutes, PROBE_TEXT } from '../support/sweep/patterns.js';
import { send, type SweepAnswer, type SweepRequest } from '../support/sweep/requests.js';
import { routeKey, sweepRoutes } from '../support/sweep/routes.js';
import { HANDLER_SCHEMAS } from '../support/sweep/samples.js';
import { FlowRunModel } from '../../src/automation/flows/runModel.js';

/** A probe answers in seconds; a held event loop would take hours on these patterns. */
const BOUND_MS = 10_000;

interface ProbeContext {
  t: TestApp;
  tenant: Tenant;
  caller: Session;
  flowId: string;
}

interface Probe {
  /** The request that stores or runs the pattern. */
  request(context: ProbeContext, pattern: string): Omit<SweepRequest, 'token'>;
  /** After it was accepted: makes the server run the pattern against PROBE_TEXT. */
  run?(context: ProbeContext, answer: SweepAnswer): Promise<void>;
}

/** A question, then the pattern tried on its answer. */
const conditionGraph = (pattern: string) =>
  graphOf(
    [
      ['1', 'start'],
      ['ask', 'question', { typebotIntegration: { message: 'Say it', answerKey: 'said' } }],
      ['cond', 'condition', { key: 'said', condition: 'regex', value: pattern }],
      ['end', 'message', { label: 'done' }],
    ],
    [['1', 'ask'], ['ask', 'cond'], ['cond', 'end', 'true'], ['cond', 'end', 'false']],
  );

const PROBES: Record<string, Probe> = {
  'POST /api/flowbuilder/flow': { request: ({ flowId }, pattern) => ({ method: 'POST', path: '/api/flowbuilder/flow', payload: { idFlow: flowId, ...conditionGraph(pattern) } }) },
  'POST /api/flowbuilder/import': { request: (_context, pattern) => ({ method: 'POST', path: '/api/flowbuilder/import', payload: { format: 'atende-flow', version: 1, name: 'Pattern probe', flow: conditionGraph(pattern) } }) },
  'POST /api/flowbuilder/simulator': {
    request: ({ flowId }, pattern) => ({ method: 'POST', path: '/api/flowbuilder/simulator', payload: { flowId, ...conditionGraph(pattern) } }),
    async run({ t, tenant, caller }, answer) {
      const simulationId = answer.body.simulationId as string;
      await eventually(async () => (await FlowRunModel.findOne({ companyId: tenant.companyId, runKey: `s:${simulationId}` }).lean())?.waiting === 'answer', BOUND_MS, 'the simulation waiting');
      const said = await send(t, { method: 'POST', path: `/api/flowbuilder/simulator/${simulationId}/message`, payload: { body: PROBE_TEXT }, token: caller.token });
      expect(said.status, said.text).to.equal(200);
      await eventually(async () => !(await FlowRunModel.exists({ companyId: tenant.companyId, runKey: `s:${simulationId}` })), BOUND_MS, 'the simulation past the pattern');
    },
  },
};

describe('sweep: every pattern-typed field answers a catastrophic pattern in bounded time (issue 29)', function () {
  this.timeout(300_000);
  let t: TestApp;
  let context: ProbeContext;

  before(async () => {
    t = await startTestApp('sweepPatterns');
    const tenant = await createTenant(t, await loginSuper(t));
    const flowId = (await t.call('POST', '/flowbuilder', { token: tenant.admin.token, body: { name: 'Pattern sweep' } })).body.id as string;
    context = { t, tenant, caller: tenant.admin, flowId };
  });
  after(() => t?.stop());

  it('finds the pattern fields in the route table, and each has a probe', () => {
    const found = patternRoutes(sweepRoutes(t.app.server), HANDLER_SCHEMAS);
    const keys = found.map(({ route }) => routeKey(route)).sort();
    expect(keys, 'routes with a pattern field (add a probe in this file for a new one)').to.deep.equal(Object.keys(PROBES).sort());
    expect(found.find(({ route }) => routeKey(route) === 'POST /api/flowbuilder/flow')?.paths).to.deep.equal(['nodes[].data.value']);
  });

  it('each probe is answered without 5xx in bounded time, runs the pattern where the route runs it, and the server keeps answering', async () => {
    const { tenant } = context;
    const user = await createMember(t, tenant, 'user');
    const failures: string[] = [];
    let probes = 0;
    for (const [key, probe] of Object.entries(PROBES)) {
      for (const pattern of CATASTROPHIC_PATTERNS) {
        // Who may: the simulator is every user's, saving and importing are writers'.
        const caller = key.endsWith('/simulator') ? user : tenant.admin;
        const started = Date.now();
        const answer = await send(t, { ...probe.request(context, pattern), token: caller.token });
        if (answer.status >= 500 || (answer.status >= 400 && !String(answer.body.error ?? '').startsWith('ERR_'))) failures.push(`${key} ${pattern}: ${answer.status} ${answer.text.slice(0, 160)}`);
        if (answer.status < 300 && probe.run) await probe.run({ ...context, caller }, answer);
        const took = Date.now() - started;
        if (took > BOUND_MS) failures.push(`${key} ${pattern}: ${took} ms`);
        const health = await send(t, { method: 'GET', path: '/api/health' });
        if (health.status !== 200) failures.push(`${key} ${pattern}: health ${health.status}`);
        probes += 1;
      }
    }
    process.stdout.write(`      pattern sweep: ${Object.keys(PROBES).length} routes, ${probes} probes\n`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
