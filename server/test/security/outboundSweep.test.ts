/**
 * The address sweep generated from the route table (issue 29): every URL-typed field of every
 * route's schemas is found; each must be built with the shared `outboundUrl()` helper (or be
 * named, with the reason, as a URL the server never calls), and each is probed as a company admin
 * with local and private addresses: 400 ERR_OUTBOUND_ADDRESS_REFUSED naming it, nothing stored,
 * nothing reaching the listener. A new route with an address field is swept without a line here.
 */
import { expect } from 'chai';
import { PLAN_FLAGS } from '@atende/shared';
import type { Schema } from 'joi';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, loginSuper, unique, type Session, type Tenant } from '../support/fixtures.js';
import { listen, type Listener } from '../support/listener.js';
import { privateForms } from '../support/privateAddresses.js';
import { inBatches, send, type SweepRequest } from '../support/sweep/requests.js';
import { entityOf, fillPath, PLAIN_PARAMS, routeKey, sweepRoutes, type SweepRoute } from '../support/sweep/routes.js';
import { HANDLER_SCHEMAS, SAMPLES, type Sample } from '../support/sweep/samples.js';
import { isFieldAt, urlFieldsOf, withValueAt, type UrlField } from '../support/sweep/urlFields.js';
import { HANDLER_URL_ROUTES, NOT_CALLED, PUBLIC_URL, URL_SAMPLES } from '../support/sweep/urlSamples.js';
import { snapshot, type Ids } from '../support/sweep/world.js';

function report(line: string): void {
  process.stdout.write(`      ${line}\n`);
}

describe('sweep: every address field of the route table refuses private addresses (issue 29)', function () {
  this.timeout(300_000);
  let t: TestApp;
  let target: Listener;
  let superUser: Session;
  let tenant: Tenant;
  let ids: Partial<Ids>;
  let routes: SweepRoute[];

  before(async () => {
    target = await listen();
    // No allow-list: nothing private may be called.
    t = await startTestApp('outboundsweep', { ATENDE_OUTBOUND_ALLOW: '' });
    routes = sweepRoutes(t.app.server);
    superUser = await loginSuper(t);
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true]));
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, flags)).id });
    const call = async (path: string, body: unknown) => {
      const answer = await t.call('POST', path, { token: tenant.admin.token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).to.equal(201);
      return answer.body as { id: string };
    };
    const queue = await call('/queue', { name: unique('Queue '), color: '#123456' });
    const flow = await call('/flowbuilder', { name: unique('Flow ') });
    const prompt = await call('/prompt', { name: unique('Prompt '), prompt: 'You are the assistant of the company: answer in one short sentence.', apiKey: 'sk-sweep-0123456789', queueId: queue.id, baseURL: PUBLIC_URL });
    const queueIntegration = await call('/queueIntegration', { type: 'webhook', name: unique('Hook '), urlN8N: PUBLIC_URL });
    ids = { company: tenant.companyId, queue: queue.id, flow: flow.id, prompt: prompt.id, queueIntegration: queueIntegration.id };
  });
  after(async () => {
    await t?.stop();
    await target?.close();
  });

  /** The schema a route's body is checked with (its handler's where it checks it itself). */
  function bodySchema(route: SweepRoute): Schema | undefined {
    const key = routeKey(route);
    return HANDLER_URL_ROUTES[key]?.schema ?? HANDLER_SCHEMAS[key] ?? route.schemas.payload;
  }

  function fieldsOf(route: SweepRoute): { where: 'payload' | 'query'; field: UrlField }[] {
    return [...urlFieldsOf(bodySchema(route)).map((field) => ({ where: 'payload' as const, field })), ...urlFieldsOf(route.schemas.query).map((field) => ({ where: 'query' as const, field }))];
  }

  it('finds every URL field; each one the server calls is built with outboundUrl(), the others are named with the reason', () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    let outbound = 0;
    for (const route of routes) {
      for (const { where, field } of fieldsOf(route)) {
        const key = `${routeKey(route)} ${field.path}`;
        seen.add(key);
        if (field.outbound) outbound += 1;
        if (field.outbound && where === 'query') failures.push(`${key}: an address in a query (the sweep probes bodies only)`);
        if (!field.outbound && !NOT_CALLED[key]) failures.push(`${key}: a URL field not built with outboundUrl() (shared/src/schemas/outboundUrl.ts); if the server never calls it, say why in test/support/sweep/urlSamples.ts NOT_CALLED`);
        if (field.outbound && NOT_CALLED[key]) failures.push(`${key}: named as never called, yet an outboundUrl()`);
      }
    }
    for (const key of Object.keys(NOT_CALLED)) if (!seen.has(key)) failures.push(`${key}: named in NOT_CALLED but no longer a URL field of the route table`);
    report(`address sweep: ${seen.size} URL fields, ${outbound} of them addresses the server calls`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    // The known ones, so that a walker that finds nothing cannot pass.
    for (const key of ['POST /api/queueIntegration urlN8N', 'PUT /api/queueIntegration/{id} urlN8N', 'POST /api/prompt baseURL', 'PUT /api/settings/{key} value', 'POST /api/flowbuilder/flow nodes.*.data.typebotIntegration.urlN8N', 'POST /api/flowbuilder/flow nodes.*.data.typebotIntegration.baseURL']) {
      expect(seen, key).to.include(key);
    }
  });

  it('probes every address field with local and private addresses: 400 ERR_OUTBOUND_ADDRESS_REFUSED naming it, nothing stored, nothing reached', async () => {
    const probes = privateForms(target.port).filter((_form, index) => index % 4 === 0);
    const before = await snapshot([tenant.companyId]);
    const cases: { label: string; path: string; request: SweepRequest }[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const fields = fieldsOf(route).filter(({ where, field }) => where === 'payload' && field.outbound);
      if (fields.length === 0) continue;
      const key = routeKey(route);
      const handler = HANDLER_URL_ROUTES[key];
      const sample: Sample | undefined = handler?.sample ?? URL_SAMPLES[key]?.(ids as Ids) ?? SAMPLES[key]?.(ids as Ids);
      const values: Record<string, string> = {};
      for (const param of route.params) {
        const entity = entityOf(route, param);
        const value = handler?.params[param] ?? (entity ? ids[entity] : PLAIN_PARAMS[param]);
        if (value === undefined) failures.push(`${key}: the address sweep has no {${param}} (${entity ?? 'unknown'}); create one in its before()`);
        else values[param] = value;
      }
      if (Object.keys(values).length !== route.params.length) continue;
      const token = route.access.super ? superUser.token : tenant.admin.token;
      for (const { field } of fields) {
        for (const probe of probes) {
          const payload = withValueAt(sample?.payload, field.path.split('.'), probe);
          if (payload === null) {
            failures.push(`${key} ${field.path}: its sample carries no value there; add one in test/support/sweep/urlSamples.ts URL_SAMPLES`);
            break;
          }
          cases.push({ label: `${key} ${field.path} = ${probe}`, path: field.path, request: { method: route.method, path: fillPath(route, values), payload, token } });
        }
      }
    }
    const answers = await inBatches(cases, ({ request }) => send(t, request));
    cases.forEach(({ label, path }, index) => {
      const answer = answers[index]!;
      const ok = answer.status === 400 && answer.body.error === 'ERR_OUTBOUND_ADDRESS_REFUSED' && isFieldAt(answer.body.field ?? '', path);
      if (!ok) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
    });
    report(`address sweep: ${new Set(cases.map((each) => each.label.split(' = ')[0])).size} fields, ${cases.length} requests`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    expect(cases.length).to.be.greaterThan(0);
    expect(await snapshot([tenant.companyId]), 'nothing the probes sent was stored').to.equal(before);
    expect(target.connections, 'connections the listener received').to.equal(0);
  });
});
