/**
 * Sweeps generated from the route table (issue 13): tenancy (another company's staff against every
 * id of a company, and every realtime channel), the privilege matrix (every profile against every
 * route's declared access) and bad input (generated from every route's joi schemas). Each ends by
 * checking that nothing of the attacked data changed. One app and one world for all of them.
 */
import { expect } from 'chai';
import Nes from '@hapi/nes/lib/client.js';
import { CHANNELS } from '../../src/platform/realtime.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { customerSays, customerNumber } from '../support/inboxFixtures.js';
import { settle } from '../support/realtimeFixtures.js';
import { paramValues, payloadCases, queryCases, type BadInput } from '../support/sweep/badInputs.js';
import { encodeQuery, inBatches, send, type SweepAnswer, type SweepRequest } from '../support/sweep/requests.js';
import { entityOf, fillPath, PLAIN_PARAMS, PLATFORM_ENTITIES, QUERY_ENTITIES, routeKey, sweepRoutes, TENANT_ENTITIES, type Entity, type SweepRoute } from '../support/sweep/routes.js';
import { HANDLER_SCHEMAS, SAMPLES, type Sample } from '../support/sweep/samples.js';
import { buildWorld, snapshot, type Company, type Ids, type World } from '../support/sweep/world.js';
import type { Session } from '../support/fixtures.js';

const isTenant = (entity: Entity | undefined) => (TENANT_ENTITIES as readonly string[]).includes(entity ?? '');
const isPlatform = (entity: Entity | undefined) => (PLATFORM_ENTITIES as readonly string[]).includes(entity ?? '');

/** Path values naming the company's entities (or the platform's), or a reason the sweep cannot. */
function pathValues(route: SweepRoute, ids: Ids): Record<string, string> {
  const values: Record<string, string> = {};
  for (const param of route.params) {
    const entity = entityOf(route, param);
    const value = entity ? ids[entity] : PLAIN_PARAMS[param];
    if (value === undefined) throw new Error(`${routeKey(route)}: the sweeps do not know what {${param}} names; add it to test/support/sweep/routes.ts`);
    values[param] = value;
  }
  return values;
}

function sampleOf(route: SweepRoute, ids: Ids): Sample | undefined {
  return SAMPLES[routeKey(route)]?.(ids);
}

/** The request a sample makes (its query, body or multipart form). */
function sampleRequest(route: SweepRoute, path: string, sample: Sample | undefined): Omit<SweepRequest, 'token'> {
  return {
    method: route.method,
    path,
    ...(sample?.query ? { query: encodeQuery(sample.query) } : {}),
    ...(sample?.payload !== undefined ? { payload: sample.payload } : {}),
    ...(sample?.multipart ? { multipart: sample.multipart } : {}),
    ...(sample?.fileField ? { fileField: sample.fileField } : {}),
  };
}

/** Every id a company owns, as they could appear in an answer. */
function ownedIds(company: Company): string[] {
  return [...TENANT_ENTITIES.map((entity) => company.ids[entity]), company.ids.ticketUuid, company.ids.whatsappToken];
}

function report(line: string): void {
  process.stdout.write(`      ${line}\n`);
}

describe('sweeps generated from the route table (issue 13)', function () {
  this.timeout(300_000);
  let t: TestApp;
  let world: World;
  let routes: SweepRoute[];
  let baseline: string;
  const companies = () => [world.a.companyId, world.b.companyId, world.plain.companyId];

  before(async () => {
    t = await startTestApp('sweeps', { ATENDE_SANDBOX_ACK_MS: '20' });
    world = await buildWorld(t);
    routes = sweepRoutes(t.app.server);
    // Connection health gathers traffic and writes it once a second.
    await settle(1_500);
    baseline = await snapshot(companies());
    await settle(300);
    expect(await snapshot(companies()), 'the world is at rest before the sweeps').to.equal(baseline);
  });
  after(() => t?.stop());

  async function expectUnchanged(): Promise<void> {
    await settle(200);
    expect(await snapshot(companies()) === baseline, 'the data is as it was before the sweep').to.equal(true);
  }

  it("tenancy: another company's admin, supervisor and user are refused every id of a company, and change nothing", async () => {
    const { a, b } = world;
    const attackers = [b.admin, b.supervisor, b.user];
    const aIds = new Set(TENANT_ENTITIES.map((entity) => a.ids[entity]));
    /**
     * An id in the path must be refused (403, 404). Ids in a body may also be refused as invalid
     * (400). A list filtered by another company's id may answer the caller's own (200), or nothing.
     */
    type Kind = 'path' | 'body' | 'listing';
    const ALLOWED: Record<Kind, number[]> = { path: [403, 404], body: [400, 403, 404], listing: [200, 400, 403, 404] };
    const cases: { route: SweepRoute; request: Omit<SweepRequest, 'token'>; kind: Kind }[] = [];
    for (const route of routes.filter((each) => each.auth === 'required')) {
      const entities = route.params.map((param) => entityOf(route, param));
      if (entities.some(isPlatform) && !entities.some(isTenant)) continue;
      const sample = sampleOf(route, a.ids);
      const path = fillPath(route, pathValues(route, a.ids));
      const namesA = entities.some(isTenant) || [...aIds].some((id) => JSON.stringify(sample ?? {}).includes(id));
      const kind: Kind = entities.some(isTenant) ? 'path' : route.method === 'GET' ? 'listing' : 'body';
      if (namesA) cases.push({ route, request: sampleRequest(route, path, sample), kind });
      // Lists filtered by an id: asking for the other company's answers one's own (or nothing).
      const queryKeys = Object.keys((route.schemas.query?.describe() as { keys?: Record<string, unknown> } | undefined)?.keys ?? {}).filter((key) => QUERY_ENTITIES[key]);
      if (!namesA && queryKeys.length > 0) {
        const query = { ...sample?.query };
        for (const key of queryKeys) {
          const { entity, list } = QUERY_ENTITIES[key]!;
          query[key] = list ? JSON.stringify([a.ids[entity]]) : a.ids[entity];
        }
        cases.push({ route, request: { ...sampleRequest(route, path, sample), query: encodeQuery(query) }, kind: 'listing' });
      }
    }
    const requests = cases.flatMap((each) => attackers.map((attacker) => ({ ...each, attacker })));
    const answers = await inBatches(requests, ({ request, attacker }) => send(t, { ...request, token: attacker.token }));
    const failures = requests.flatMap(({ route, kind, attacker }, i) => {
      const answer = answers[i]!;
      const allowed = ALLOWED[kind];
      const leaked = [...aIds].filter((id) => answer.text.includes(id));
      return allowed.includes(answer.status) && leaked.length === 0 ? [] : [`${routeKey(route)} as ${attacker.user.profile}: ${answer.status} ${answer.text.slice(0, 160)}`];
    });
    report(`tenancy sweep: ${new Set(cases.map((c) => routeKey(c.route))).size} routes, ${requests.length} requests`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    await expectUnchanged();
  });

  it("tenancy: every realtime channel refuses another company's users", async () => {
    const { a, b } = world;
    const refusals: string[] = [];
    let attempts = 0;
    for (const attacker of [b.admin, b.supervisor, b.user]) {
      const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
      await client.connect({ auth: { headers: { authorization: `Bearer ${attacker.token}` } }, reconnect: false });
      try {
        for (const channel of CHANNELS) {
          attempts += 1;
          const outcome = await client.subscribe(`/company/${a.companyId}/${channel}`, () => undefined).then(
            () => 'subscribed',
            (err: { statusCode?: number }) => String(err.statusCode),
          );
          if (outcome !== '403') refusals.push(`${channel} as ${attacker.user.profile}: ${outcome}`);
        }
      } finally {
        await client.disconnect();
      }
    }
    report(`realtime sweep: ${CHANNELS.length} channels, ${attempts} subscriptions`);
    expect(refusals).to.deep.equal([]);
  });

  it('privilege matrix: every profile on every route gets what the route declares, and nothing changes', async () => {
    const { a, superUser, plain } = world;
    type Who = { label: string; session: Session | null; super: boolean; profile: string | null; flags: boolean };
    const everyone: Who[] = [
      { label: 'anonymous', session: null, super: false, profile: null, flags: true },
      { label: 'user', session: a.user, super: false, profile: 'user', flags: true },
      { label: 'supervisor', session: a.supervisor, super: false, profile: 'supervisor', flags: true },
      { label: 'admin', session: a.admin, super: false, profile: 'admin', flags: true },
      { label: 'super', session: superUser, super: true, profile: 'admin', flags: true },
      { label: 'admin without plan features', session: plain.admin, super: false, profile: 'admin', flags: false },
    ];
    /** What the route declares for someone: passes the access layer, or its refusal. */
    function expected(route: SweepRoute, who: Who): { status: number; error?: string } {
      if (!who.session || route.auth === 'connection') return { status: 401, error: 'ERR_UNAUTHENTICATED' };
      const { access } = route;
      if (!who.super && (access.super || (access.profiles && !access.profiles.includes(who.profile as never)))) return { status: 403, error: 'ERR_NO_PERMISSION' };
      if (!who.super && access.planFlag && !who.flags) return { status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' };
      const validated = route.schemas.params || route.schemas.query || route.schemas.payload;
      return validated ? { status: 400, error: 'ERR_VALIDATION' } : { status: 200 };
    }
    /** A request that passes authentication and fails validation: it never reaches a handler. */
    function spoiled(route: SweepRoute): Omit<SweepRequest, 'token'> {
      const values = Object.fromEntries(route.params.map((param) => [param, 'not-valid']));
      const path = fillPath(route, values);
      // A body the route can parse: hapi parses it before the access check.
      if (route.multipartOnly) return { method: route.method, path, multipart: { sweep: '1' }, withoutFile: true };
      if (route.schemas.params) return { method: route.method, path };
      if (route.schemas.query) return { method: route.method, path, query: 'sweep=1' };
      if (route.schemas.payload) return { method: route.method, path, payload: { sweep: 1 } };
      return { method: route.method, path };
    }
    const matrix = routes.filter((route) => route.auth === 'required' || route.auth === 'connection');
    const unvalidatedWrites = matrix.filter((route) => route.method !== 'GET' && !route.schemas.params && !route.schemas.query && !route.schemas.payload);
    expect(unvalidatedWrites.map(routeKey), 'writes without any validation').to.deep.equal([]);
    const requests = matrix.flatMap((route) => everyone.map((who) => ({ route, who, expect: expected(route, who) })));
    const answers: SweepAnswer[] = await inBatches(requests, ({ route, who }) => send(t, { ...spoiled(route), ...(who.session ? { token: who.session.token } : {}) }));
    const failures = requests.flatMap(({ route, who, expect: wanted }, i) => {
      const answer = answers[i]!;
      const ok = answer.status === wanted.status && (wanted.error === undefined || answer.body.error === wanted.error);
      return ok ? [] : [`${routeKey(route)} as ${who.label}: wanted ${wanted.status} ${wanted.error ?? ''}, got ${answer.status} ${answer.text.slice(0, 160)}`];
    });
    report(`privilege matrix: ${matrix.length} routes x ${everyone.length} callers = ${requests.length} requests`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    await expectUnchanged();
  });

  it('bad input: no route answers 5xx or accepts what its schema refuses, and nothing changes', async () => {
    const { a, superUser } = world;
    const cases: { route: SweepRoute; request: SweepRequest; input: BadInput | null; label: string }[] = [];
    const missing: string[] = [];
    for (const route of routes.filter((each) => each.auth !== 'try')) {
      const payloadSchema = HANDLER_SCHEMAS[routeKey(route)] ?? route.schemas.payload;
      if (!route.schemas.params && !route.schemas.query && !payloadSchema) continue;
      const sample = sampleOf(route, a.ids);
      const needsSample = (payloadSchema && !route.multipartOnly) || Object.values((route.schemas.query?.describe() as { keys?: Record<string, { flags?: { presence?: string } }> } | undefined)?.keys ?? {}).some((key) => key.flags?.presence === 'required');
      if (needsSample && !sample) missing.push(routeKey(route));
      const token = route.auth === 'connection' ? a.ids.whatsappToken : route.auth === 'none' ? undefined : route.access.super ? superUser.token : a.admin.token;
      const values = pathValues(route, a.ids);
      const base = { ...sampleRequest(route, fillPath(route, values), sample), ...(token ? { token } : {}) };
      for (const param of route.params) {
        for (const bad of paramValues()) {
          cases.push({ route, input: null, label: `{${param}}: ${bad.label}`, request: { ...base, path: fillPath(route, { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)])), [param]: bad.value }, true) } });
        }
      }
      if (route.schemas.query) {
        for (const input of queryCases(route.schemas.query, sample ?? {})) cases.push({ route, input, label: input.label, request: { ...base, ...input.request } });
      }
      if (payloadSchema) {
        for (const input of payloadCases(payloadSchema, route.multipartOnly ? {} : (sample ?? {}))) {
          const { payload: _payload, multipart: _multipart, ...rest } = base;
          cases.push({ route, input, label: input.label, request: { ...rest, ...input.request } });
        }
      }
    }
    expect(missing, 'routes without a valid sample in test/support/sweep/samples.ts').to.deep.equal([]);
    const answers = await inBatches(cases, ({ request }) => send(t, request));
    const failures = cases.flatMap(({ route, input, label }, i) => {
      const answer = answers[i]!;
      if (answer.status >= 500 || (answer.status < 400 && !input?.mayPass)) return [`${routeKey(route)} ${label}: ${answer.status} ${answer.text.slice(0, 160)}`];
      const named = answer.body.field ?? '';
      const aboutIt = !input?.field || answer.body.error !== 'ERR_VALIDATION' || named === input.field || named.startsWith(`${input.field}.`);
      return aboutIt ? [] : [`${routeKey(route)} ${label}: refused for ${named} instead of ${input?.field}`];
    });
    report(`bad-input sweep: ${new Set(cases.map((c) => routeKey(c.route))).size} routes, ${cases.length} requests`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    await expectUnchanged();
  });

  it("tenancy: a company's activity reaches none of another company's sockets", async () => {
    const { a, b } = world;
    const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
    await client.connect({ auth: { headers: { authorization: `Bearer ${b.admin.token}` } }, reconnect: false });
    const heard: string[] = [];
    try {
      for (const channel of CHANNELS) await client.subscribe(`/company/${b.companyId}/${channel}`, (message) => heard.push(`${channel}: ${JSON.stringify(message)}`));
      await customerSays(t, a.admin, a.ids.whatsapp, customerNumber(), 'Only for company A');
      expect((await t.call('POST', '/contacts', { token: a.admin.token, body: { name: 'Only A', number: customerNumber() } })).status).to.equal(201);
      expect((await t.call('PUT', `/tickets/${a.ids.ticket}`, { token: a.admin.token, body: { status: 'open', userId: a.admin.user.id } })).status).to.equal(200);
      await settle(800);
    } finally {
      await client.disconnect();
    }
    expect(heard.filter((event) => ownedIds(a).some((id) => event.includes(id)) || event.includes('Only'))).to.deep.equal([]);
  });
});
