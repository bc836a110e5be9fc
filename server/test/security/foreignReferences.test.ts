/**
 * Another company's ids in a request body (issue 29 item 12): a company's staff, writing to their
 * own entities, name the other company's prompt, integration, connection, queue, user... The
 * ticket update is attacked by hand; then a sweep generated from the route table does it for every
 * id field of every body, and checks that nothing changed in either company.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { settle } from '../support/realtimeFixtures.js';
import { idFieldsOf, namingAt, NOT_REFERENCES, referenceOf, REFERENCE_SAMPLES } from '../support/sweep/references.js';
import { inBatches, send, type SweepRequest } from '../support/sweep/requests.js';
import { entityOf, fillPath, PLAIN_PARAMS, PLATFORM_ENTITIES, routeKey, sweepRoutes, TENANT_ENTITIES } from '../support/sweep/routes.js';
import { HANDLER_SCHEMAS, SAMPLES } from '../support/sweep/samples.js';
import { buildWorld, snapshot, type World } from '../support/sweep/world.js';

function report(line: string): void {
  process.stdout.write(`      ${line}\n`);
}

describe("another company's ids in a request body are refused (issue 29)", function () {
  this.timeout(300_000);
  let t: TestApp;
  let world: World;
  let baseline: string;
  const companies = () => [world.a.companyId, world.b.companyId, world.plain.companyId];

  before(async () => {
    t = await startTestApp('foreignrefs', { ATENDE_SANDBOX_ACK_MS: '20' });
    world = await buildWorld(t);
    // Connection health gathers traffic and writes it once a second.
    await settle(1_500);
    baseline = await snapshot(companies());
  });
  after(() => t?.stop());

  it("PUT /tickets/{id} refuses another company's prompt, integration, connection, queue and user, and leaves the ticket as it was", async () => {
    const { a, b } = world;
    const update = (body: Record<string, unknown>) => t.call('PUT', `/tickets/${b.ids.ticket}`, { token: b.admin.token, body });
    const before = (await t.call('GET', `/tickets/${b.ids.ticket}`, { token: b.admin.token })).body;
    const refusals = [
      [{ promptId: a.ids.prompt }, 'ERR_NO_PROMPT_FOUND'],
      [{ integrationId: a.ids.queueIntegration }, 'ERR_NO_INTEGRATION_FOUND'],
      [{ integrationId: a.ids.queueIntegration, useIntegration: true }, 'ERR_NO_INTEGRATION_FOUND'],
      [{ whatsappId: a.ids.whatsapp }, 'ERR_NO_WAPP_FOUND'],
      [{ queueId: a.ids.queue }, 'ERR_NO_QUEUE_FOUND'],
      [{ userId: a.ids.user, status: 'open' }, 'ERR_NO_USER_FOUND'],
    ] as const;
    for (const [body, error] of refusals) {
      const answer = await update(body);
      expect([answer.status, answer.body.error], JSON.stringify(body)).to.deep.equal([404, error]);
    }
    const after = (await t.call('GET', `/tickets/${b.ids.ticket}`, { token: b.admin.token })).body;
    expect(after).to.deep.equal(before);
    expect(await snapshot(companies()) === baseline, 'nothing changed in either company').to.equal(true);
  });

  it("sweep: every id field of every body, given another company's id by a company's admin, is refused and changes nothing", async () => {
    const { a, b } = world;
    const routes = sweepRoutes(t.app.server).filter((route) => route.auth === 'required' || route.auth === 'connection');
    const unknown: string[] = [];
    const cases: { label: string; field: string; request: SweepRequest }[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      const schema = HANDLER_SCHEMAS[key] ?? route.schemas.payload;
      const fields = idFieldsOf(schema).filter((path) => !NOT_REFERENCES[`${key} ${path}`]);
      if (fields.length === 0 || route.access.super) continue;
      const pathIds: Record<string, string> = {};
      for (const param of route.params) {
        const entity = entityOf(route, param);
        pathIds[param] = entity ? b.ids[entity] : PLAIN_PARAMS[param]!;
      }
      for (const path of fields) {
        const sample = (REFERENCE_SAMPLES[`${key} ${path}`] ?? REFERENCE_SAMPLES[key] ?? SAMPLES[key])?.(b.ids);
        const entity = referenceOf(key, path);
        if (!entity) {
          unknown.push(`${key} ${path}`);
          continue;
        }
        if ((PLATFORM_ENTITIES as readonly string[]).includes(entity)) continue;
        const token = route.auth === 'connection' ? b.ids.whatsappToken : b.admin.token;
        const request: SweepRequest = { method: route.method, path: fillPath(route, pathIds), token };
        if (route.multipartOnly) {
          request.multipart = { ...sample?.multipart, [path]: a.ids[entity] };
          if (sample?.fileField) request.fileField = sample.fileField;
        } else {
          request.payload = namingAt(sample?.payload ?? {}, path.split('.'), a.ids[entity]);
          if (request.payload === null) {
            unknown.push(`${key} ${path}: no sample holds it; add one in test/support/sweep/references.ts REFERENCE_SAMPLES`);
            continue;
          }
        }
        cases.push({ label: `${key} ${path} = company A's ${entity}`, field: path, request });
      }
    }
    expect(unknown, `id fields the sweep cannot name (test/support/sweep/references.ts):\n${unknown.join('\n')}`).to.deep.equal([]);
    const aIds = TENANT_ENTITIES.map((entity) => a.ids[entity]);
    const answers = await inBatches(cases, ({ request }) => send(t, request));
    const failures = cases.flatMap(({ label, field, request }, index) => {
      const answer = answers[index]!;
      const leaked = aIds.filter((id) => answer.text.includes(id) && !JSON.stringify(request.payload ?? request.multipart).includes(id));
      const named = answer.body.field ?? '';
      const aboutIt = answer.status !== 400 || answer.body.error !== 'ERR_VALIDATION' || named.replace(/\.\d+/g, '.*') === field || named === field.split('.')[0];
      return [400, 403, 404].includes(answer.status) && aboutIt && leaked.length === 0 ? [] : [`${label}: ${answer.status} ${answer.text.slice(0, 160)}`];
    });
    report(`foreign-reference sweep: ${new Set(cases.map((each) => each.label.split(' ').slice(0, 2).join(' '))).size} routes, ${cases.length} requests`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    await settle(200);
    expect(await snapshot(companies()) === baseline, 'nothing changed in either company').to.equal(true);
  });

  it("a company's own prompt and integration are still taken by a ticket update; an imported flow keeps no other company's queue", async () => {
    const { a, b } = world;
    const answer = await t.call('PUT', `/tickets/${b.ids.ticket}`, { token: b.admin.token, body: { promptId: b.ids.prompt, integrationId: b.ids.queueIntegration } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body).to.include({ promptId: b.ids.prompt, integrationId: b.ids.queueIntegration });
    const at = { x: 0, y: 0 };
    const block = (queueId: string) => ({ id: 'ai', type: 'openai', position: at, data: { typebotIntegration: { name: 'AI', prompt: 'Be brief.', apiKey: 'sk-x', queueId } } });
    const flow = (queueId: string) => ({ nodes: [{ id: '1', type: 'start', position: at, data: {} }, block(queueId)], connections: [{ id: 'e1', source: '1', target: 'ai', sourceHandle: 'a', targetHandle: null }] });
    const saved = await t.call('POST', '/flowbuilder/flow', { token: b.admin.token, body: { idFlow: b.ids.flow, ...flow(a.ids.queue) } });
    expect([saved.status, saved.body.error, saved.body.field]).to.deep.equal([404, 'ERR_NO_QUEUE_FOUND', 'nodes.1.data.typebotIntegration.queueId']);
    const imported = await t.call('POST', '/flowbuilder/import', { token: b.admin.token, body: { format: 'atende-flow', version: 1, name: 'Imported', flow: flow(a.ids.queue) } });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    const stored = await t.call('GET', `/flowbuilder/flow/${imported.body.id}`, { token: b.admin.token });
    expect(stored.body.flow.flow.nodes[1].data.typebotIntegration.queueId).to.equal('');
    const own = await t.call('POST', '/flowbuilder/flow', { token: b.admin.token, body: { idFlow: b.ids.flow, ...flow(b.ids.queue) } });
    expect(own.status, JSON.stringify(own.body)).to.equal(200);
  });
});
