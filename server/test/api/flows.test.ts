import { readdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { expect } from 'chai';
import { ApiError, createApiClient, memorySession, type ApiClient } from '@atende/shared/client';
import { FLOW_MEDIA_LIMITS, PAGE_SIZE, type FlowGraph } from '@atende/shared';
import { mediaFilePath } from '../../src/platform/uploads.js';
import { createSealer } from '../../src/platform/sealing.js';
import { FlowModel, type FlowDoc } from '../../src/domains/flows/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { SAMPLES, type FileToSend } from '../support/backofficeFixtures.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { edge, node, START, validGraph } from '../support/flowFixtures.js';

/** The client's error for a call expected to fail. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome, 'the call should fail').to.be.instanceOf(ApiError);
  return outcome as ApiError;
}

describe('flows (/flowbuilder)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };
  let api: ApiClient;
  let queue: { id: string; name: string };
  let live: Listener;

  before(async () => {
    t = await startTestApp('flows');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
    queue = await createQueue(t, tenant.admin, { name: 'Vendas' });
    api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: supervisor.email, password: 'member-pass' });
    live = await listen(t, agent.email, 'member-pass', 'flowbuilder');
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  const admin = () => tenant.admin.token;
  const files = (...list: FileToSend[]) => list.map((file) => ({ file: new Blob([file.bytes]), name: file.name }));

  describe('the list and the flows themselves', () => {
    let sales: { id: string };

    it('creates flows for admins and supervisors (active, no graph), pushed live to every user', async () => {
      const created = await t.call('POST', '/flowbuilder', { token: admin(), body: { name: '  Vendas  ' } });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.body).to.include({ name: 'Vendas', active: true, companyId: tenant.companyId, userId: tenant.admin.user.id });
      sales = created.body;
      const pushed = await waitFor(live.events, (event) => event.action === 'create' && (event as { flow?: { id: string } }).flow?.id === sales.id);
      expect(pushed).to.deep.include({ action: 'create' });
      expect((await api.flows.createFlow('Suporte')).name).to.equal('Suporte');
      expectError(await t.call('POST', '/flowbuilder', { token: agent.token, body: { name: 'Not mine' } }), 403, 'ERR_NO_PERMISSION');
    });

    it('validates the name as the spec bounds it (2 to 50, required)', async () => {
      for (const body of [{}, { name: 'x' }, { name: 'x'.repeat(51) }, { name: 12 }]) expectInvalid(await t.call('POST', '/flowbuilder', { token: admin(), body }), 'name');
    });

    it('lists by name for every user of the company, searched and paged; never another company', async () => {
      for (let n = 0; n < PAGE_SIZE; n += 1) await t.call('POST', '/flowbuilder', { token: admin(), body: { name: `Lote ${String(n).padStart(2, '0')}` } });
      const first = await t.call('GET', '/flowbuilder', { token: agent.token });
      expect(first.status).to.equal(200);
      expect(first.body.flows).to.have.length(PAGE_SIZE);
      expect(first.body.hasMore).to.equal(true);
      expect(first.body.flows[0].name).to.equal('Lote 00');
      expect(first.body.flows[0]).to.not.have.property('flow');
      const second = await api.flows.listFlows({ pageNumber: 2 });
      expect(second.flows.map((flow) => flow.name)).to.deep.equal(['Suporte', 'Vendas']);
      expect(second.hasMore).to.equal(false);
      const search = await t.call('GET', '/flowbuilder?searchParam=VEND', { token: agent.token });
      expect(search.body.flows.map((flow: { id: string }) => flow.id)).to.deep.equal([sales.id]);
      expect((await t.call('GET', '/flowbuilder', { token: other.admin.token })).body).to.deep.equal({ flows: [], hasMore: false });
    });

    it('renames and switches a flow (PUT with flowId); another company gets not found, users no permission', async () => {
      const renamed = await api.flows.updateFlow(sales.id, { name: 'Vendas 2026', active: false });
      expect(renamed).to.include({ id: sales.id, name: 'Vendas 2026', active: false });
      await waitFor(live.events, (event) => event.action === 'update' && (event as { flow?: { active: boolean } }).flow?.active === false);
      expectInvalid(await t.call('PUT', '/flowbuilder', { token: admin(), body: { flowId: sales.id } }), 'payload');
      expectError(await t.call('PUT', '/flowbuilder', { token: other.admin.token, body: { flowId: sales.id, name: 'Mine now' } }), 404, 'ERR_NO_FLOW_FOUND');
      expectError(await t.call('PUT', '/flowbuilder', { token: agent.token, body: { flowId: sales.id, active: true } }), 403, 'ERR_NO_PERMISSION');
      expect((await api.flows.updateFlow(sales.id, { name: 'Vendas', active: true })).active).to.equal(true);
    });
  });

  describe('the graph', () => {
    let flow: { id: string };

    before(async () => {
      flow = await api.flows.createFlow('Atendimento');
    });

    it('answers flow.flow null until the first save', async () => {
      const { flow: loaded } = await api.flows.getFlow(flow.id);
      expect(loaded).to.include({ id: flow.id, name: 'Atendimento', flow: null });
      expect(loaded.mediaUrls).to.deep.equal({});
    });

    it('saves a graph and answers the problems that do not refuse it; every user reads it back', async () => {
      const graph = validGraph(queue.id);
      const saved = await t.call('POST', '/flowbuilder/flow', { token: supervisor.token, body: { idFlow: flow.id, ...graph } });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect(saved.body.problems).to.deep.equal([{ code: 'exitUnconnected', nodeId: 'menu1', handle: 'a2' }]);
      expect(saved.body.flow.flow.nodes).to.have.length(graph.nodes.length);
      const read = await t.call('GET', `/flowbuilder/flow/${flow.id}`, { token: agent.token });
      expect(read.status).to.equal(200);
      expect(read.body.flow.flow).to.deep.equal(saved.body.flow.flow);
      expect(read.body.flow.flow.nodes.find((each: { id: string }) => each.id === 'menu1').data.arrayOption).to.deep.equal([
        { number: 1, value: 'Comprar' },
        { number: 2, value: 'Falar com alguém' },
      ]);
    });

    it("stores the OpenAI blocks' keys sealed and answers them masked; the mask sent back (or a duplicated block's) keeps the key; exports carry none", async () => {
      const KEY = 'sk-block-0123456789abcdefghij';
      const openai = (id: string, apiKey: string) => node(id, 'openai', { typebotIntegration: { name: 'Bot', prompt: 'You help.', apiKey, maxTokens: 100, temperature: 1, maxMessages: 10, queueId: null } });
      const keyed = await api.flows.createFlow('Com chave');
      const keyOf = (graph: FlowGraph, id: string) => (graph.nodes.find((each) => each.id === id)!.data as { typebotIntegration: { apiKey: string } }).typebotIntegration.apiKey;
      const storedKey = async (id: string) => {
        const doc = await FlowModel.findOne({ companyId: tenant.companyId, _id: keyed.id }).lean<FlowDoc>();
        return keyOf(doc!.flow!, id);
      };
      const saved = await api.flows.saveFlow({ idFlow: keyed.id, nodes: [START, openai('ai1', KEY)], connections: [edge('1', 'ai1')] } as unknown as FlowGraph & { idFlow: string });
      expect(keyOf(saved.flow.flow!, 'ai1')).to.equal('sk-...ghij');
      const sealed = await storedKey('ai1');
      expect(sealed.startsWith('v1:')).to.equal(true);
      expect(createSealer(t.config.secretKey).open(sealed)).to.equal(KEY);
      const read = (await api.flows.getFlow(keyed.id)).flow.flow!;
      expect(JSON.stringify(read)).to.not.include(KEY);
      // The editor saves what it read, with a copy of the block: both keep the key.
      const copy = { ...read.nodes[1]!, id: 'ai2' } as FlowGraph['nodes'][number];
      await api.flows.saveFlow({ idFlow: keyed.id, nodes: [...read.nodes, copy], connections: read.connections } as FlowGraph & { idFlow: string });
      expect(await storedKey('ai1')).to.equal(sealed);
      expect(createSealer(t.config.secretKey).open(await storedKey('ai2'))).to.equal(KEY);
      const exported = await t.call('GET', `/flowbuilder/${keyed.id}/export`, { token: admin() });
      expect(JSON.stringify(exported.body)).to.not.include(KEY);
      const imported = await api.flows.importFlow({ ...exported.body, name: 'Importada com chave' });
      expect(keyOf((await api.flows.getFlow(imported.id)).flow.flow!, 'ai1')).to.equal('');
      // The block's optional endpoint is an http(s) address, as a prompt's.
      const badEndpoint = node('ai1', 'openai', { typebotIntegration: { name: 'Bot', prompt: 'You help.', apiKey: KEY, baseURL: 'ftp://models.example.com' } });
      expectInvalid(await t.call('POST', '/flowbuilder/flow', { token: admin(), body: { idFlow: keyed.id, nodes: [START, badEndpoint], connections: [edge('1', 'ai1')] } }), 'nodes.1.data.typebotIntegration.baseURL');
    });

    it('refuses a graph without a start, with two starts or with a dangling edge (400 ERR_FLOW_INVALID with the problems)', async () => {
      const message = node('m1', 'message', { label: 'Olá' });
      const cases = [
        { nodes: [message], connections: [], code: 'startMissing' },
        { nodes: [START, { ...START, id: '2' }], connections: [edge('1', '2')], code: 'startDuplicated' },
        { nodes: [START, message], connections: [edge('1', 'm1'), edge('m1', 'gone')], code: 'danglingEdge' },
      ];
      for (const { code, ...graph } of cases) {
        const refused = await t.call('POST', '/flowbuilder/flow', { token: admin(), body: { idFlow: flow.id, ...graph } });
        expectError(refused, 400, 'ERR_FLOW_INVALID');
        expect(refused.body.problems.map((problem: { code: string }) => problem.code), code).to.include(code);
      }
      // Nothing of the refused saves was stored.
      expect((await api.flows.getFlow(flow.id)).flow.flow?.nodes.map((each) => each.id)).to.include('menu1');
    });

    it('validates nodes by their type with the shared schema', async () => {
      const cases: [unknown, string][] = [
        [[START, node('i1', 'interval', { sec: 121 })], 'nodes.1.data.sec'],
        [[START, node('r1', 'randomizer', { percent: 55 })], 'nodes.1.data.percent'],
        [[START, node('x', 'teleport', {})], 'nodes.1.type'],
        [[START, node('m1', 'message', { label: 'Oi', $where: 'sleep(1)' })], 'nodes.1.data.$where'],
      ];
      for (const [nodes, field] of cases) {
        const answer = await t.call('POST', '/flowbuilder/flow', { token: admin(), body: { idFlow: flow.id, nodes, connections: [] } });
        expectInvalid(answer, field);
      }
      // The editor's own keys pass through, but not nested without end.
      let deep: Record<string, unknown> = { label: 'end' };
      for (let level = 0; level < 20; level += 1) deep = { inner: deep };
      const nested = await t.call('POST', '/flowbuilder/flow', { token: admin(), body: { idFlow: flow.id, nodes: [START, node('m1', 'message', { label: 'Oi', extra: deep })], connections: [] } });
      expectError(nested, 400, 'ERR_VALIDATION');
      expect(nested.body).to.include({ rule: 'object.depth' });
      expect(nested.body.field).to.match(/^nodes\.1\.data\.extra(\.inner)+$/);
    });

    it("refuses another company's flow, queue or media, and paths as media names", async () => {
      const graph = validGraph(queue.id);
      expectError(await t.call('POST', '/flowbuilder/flow', { token: other.admin.token, body: { idFlow: flow.id, ...graph } }), 404, 'ERR_NO_FLOW_FOUND');
      expectError(await t.call('GET', `/flowbuilder/flow/${flow.id}`, { token: other.admin.token }), 404, 'ERR_NO_FLOW_FOUND');
      expectError(await t.call('POST', '/flowbuilder/flow', { token: agent.token, body: { idFlow: flow.id, ...graph } }), 403, 'ERR_NO_PERMISSION');
      const foreignQueue = await createQueue(t, other.admin);
      const withQueue = await t.call('POST', '/flowbuilder/flow', { token: admin(), body: { idFlow: flow.id, ...validGraph(foreignQueue.id) } });
      expectError(withQueue, 404, 'ERR_NO_QUEUE_FOUND');
      expect(withQueue.body.nodeId).to.equal('ticket1');
      const theirs = await api.flows.uploadFlowMedia('img', files({ name: 'x.png', bytes: SAMPLES.png() }));
      const otherApi = createApiClient({ baseUrl: t.url, session: memorySession() });
      await otherApi.auth.login({ email: other.adminEmail, password: other.password });
      const foreignImage = (await otherApi.flows.uploadFlowMedia('img', files({ name: 'y.png', bytes: SAMPLES.png() }))).name;
      for (const url of [foreignImage, '../../secrets.json', `${theirs.name}/../${theirs.name}`, 'nothere0000000000000000000000000.png']) {
        const graphWithImage = { nodes: [START, node('img1', 'img', { url })], connections: [edge('1', 'img1')] };
        const answer = await t.call('POST', '/flowbuilder/flow', { token: admin(), body: { idFlow: flow.id, ...graphWithImage } });
        expectError(answer, 400, 'ERR_FLOW_MEDIA_INVALID');
        expect(answer.body).to.include({ nodeId: 'img1', field: 'url' });
      }
    });

    it("keeps the company's own media by stored name and answers signed addresses for them", async () => {
      const image = await api.flows.uploadFlowMedia('img', files({ name: 'banner.png', bytes: SAMPLES.png(300) }));
      const content = await api.flows.uploadFlowMedia('content', files({ name: 'voz.ogg', bytes: SAMPLES.ogg() }));
      const graph = {
        nodes: [
          START,
          node('img1', 'img', { url: image.name }),
          node('c1', 'singleBlock', { seq: ['message0', 'audio1'], elements: [{ number: 'message0', type: 'message', value: 'Oi' }, { number: 'audio1', type: 'audio', value: content.names[0], original: 'voz.ogg' }] }),
        ],
        connections: [edge('1', 'img1'), edge('img1', 'c1')],
      };
      const saved = await api.flows.saveFlow({ idFlow: flow.id, ...(graph as unknown as FlowGraph) });
      expect(saved.problems).to.deep.equal([]);
      const { flow: loaded } = await api.flows.getFlow(flow.id);
      expect(Object.keys(loaded.mediaUrls ?? {}).sort()).to.deep.equal([image.name, content.names[0]].sort());
      const served = await fetch(`${t.url}${loaded.mediaUrls![image.name]}`);
      expect(served.status).to.equal(200);
      expect(Buffer.from(await served.arrayBuffer())).to.deep.equal(SAMPLES.png(300));
    });
  });

  describe('block media uploads', () => {
    const stored = (name: string) => readFile(mediaFilePath(tenant.companyId, name));

    it('stores an image and an audio (one file each) and answers { name, url }', async () => {
      const image = await api.flows.uploadFlowMedia('img', files({ name: 'logo.jpeg', bytes: SAMPLES.jpeg() }));
      expect(image.name).to.match(/^[0-9a-f]{32}\.jpeg$/);
      expect(image.url).to.match(new RegExp(`^/public/${tenant.companyId}/${image.name}\\?expires=`));
      expect(await stored(image.name)).to.deep.equal(SAMPLES.jpeg());
      for (const [name, bytes] of [['a.ogg', SAMPLES.ogg()], ['b.mp3', SAMPLES.mp3Id3()], ['c.opus', SAMPLES.ogg()]] as const) {
        expect((await api.flows.uploadFlowMedia('audio', files({ name, bytes }))).name.endsWith(name.slice(1))).to.equal(true);
      }
    });

    it('content takes several files of every kind and answers their names in order', async () => {
      const answer = await api.flows.uploadFlowMedia('content', files({ name: '1.png', bytes: SAMPLES.png() }, { name: '2.mp4', bytes: SAMPLES.mp4() }, { name: '3.mp3', bytes: SAMPLES.mp3Frame() }));
      expect(answer.names.map((name) => name.split('.')[1])).to.deep.equal(['png', 'mp4', 'mp3']);
      expect(answer.urls).to.have.length(3);
      expect(await stored(answer.names[1]!)).to.deep.equal(SAMPLES.mp4());
    });

    it("refuses other formats and the kind's wrong format (ERR_INVALID_MEDIA)", async () => {
      for (const [kind, name, bytes] of [
        ['img', 'x.webp', SAMPLES.webp()],
        ['img', 'x.mp3', SAMPLES.mp3Id3()],
        ['audio', 'x.m4a', SAMPLES.m4a()],
        ['content', 'x.pdf', SAMPLES.pdf()],
        ['img', 'x.png', SAMPLES.jpeg()],
      ] as const) {
        const error = await failure(api.flows.uploadFlowMedia(kind, files({ name, bytes })));
        expect(error.code, `${kind} ${name}`).to.equal('ERR_INVALID_MEDIA');
      }
    });

    it("answers the spec's too-large texts by kind, and a content upload stores all or nothing", async () => {
      const cases = [
        ['img', 'big.png', SAMPLES.png(FLOW_MEDIA_LIMITS.img.maxBytes + 1), 'ERR_FLOW_IMAGE_TOO_LARGE', 'File is too large! 2MB maximum'],
        ['audio', 'big.ogg', SAMPLES.ogg(FLOW_MEDIA_LIMITS.audio.maxBytes + 1), 'ERR_FLOW_AUDIO_TOO_LARGE', 'File is too large! 5MB maximum'],
        ['content', 'big.mp4', SAMPLES.mp4(FLOW_MEDIA_LIMITS.video.maxBytes + 1), 'ERR_FLOW_VIDEO_TOO_LARGE', 'File is too large! 20MB maximum'],
      ] as const;
      for (const [kind, name, bytes, code, message] of cases) {
        const error = await failure(api.flows.uploadFlowMedia(kind, files({ name, bytes })));
        expect(error.status, name).to.equal(413);
        expect(error.code).to.equal(code);
        expect(error.message).to.equal(message);
      }
      // Exactly at the limit is fine; a recorded blob without an extension is named by its content.
      const image = (await api.flows.uploadFlowMedia('img', files({ name: 'edge.png', bytes: SAMPLES.png(FLOW_MEDIA_LIMITS.img.maxBytes) }))).name;
      expect(image).to.match(/\.png$/);
      expect((await api.flows.uploadFlowMedia('audio', files({ name: 'blob', bytes: SAMPLES.ogg() }))).name).to.match(/\.ogg$/);
      const big = await failure(api.flows.uploadFlowMedia('audio', files({ name: 'blob', bytes: SAMPLES.ogg(FLOW_MEDIA_LIMITS.audio.maxBytes + 1) })));
      expect(big.code).to.equal('ERR_FLOW_AUDIO_TOO_LARGE');
      const before = await readdir(dirname(mediaFilePath(tenant.companyId, image)));
      const mixed = await failure(api.flows.uploadFlowMedia('content', files({ name: 'ok.png', bytes: SAMPLES.png() }, { name: 'big.png', bytes: SAMPLES.png(FLOW_MEDIA_LIMITS.img.maxBytes + 1) })));
      expect(mixed.code).to.equal('ERR_FLOW_IMAGE_TOO_LARGE');
      const wrongKind = await failure(api.flows.uploadFlowMedia('content', files({ name: 'ok.mp4', bytes: SAMPLES.mp4() }, { name: 'notes.pdf', bytes: SAMPLES.pdf() })));
      expect(wrongKind.code).to.equal('ERR_INVALID_MEDIA');
      expect((await readdir(dirname(mediaFilePath(tenant.companyId, image)))).sort(), 'nothing of a refused content upload stays').to.deep.equal(before.sort());
    });

    it('img and audio take exactly one file; medias is required; users may not upload', async () => {
      const two = await failure(api.flows.uploadFlowMedia('img', files({ name: 'a.png', bytes: SAMPLES.png() }, { name: 'b.png', bytes: SAMPLES.png() })));
      expect(two.data).to.include({ error: 'ERR_VALIDATION', field: 'medias' });
      const none = await failure(api.flows.uploadFlowMedia('content', []));
      expect(none.data).to.include({ error: 'ERR_VALIDATION', field: 'medias' });
      const userApi = createApiClient({ baseUrl: t.url, session: memorySession() });
      await userApi.auth.login({ email: agent.email, password: 'member-pass' });
      expect((await failure(userApi.flows.uploadFlowMedia('img', files({ name: 'a.png', bytes: SAMPLES.png() })))).code).to.equal('ERR_NO_PERMISSION');
    });
  });

  describe('duplicate, export and import, delete', () => {
    let source: { id: string; name: string };

    before(async () => {
      source = await api.flows.createFlow('Boas-vindas');
      await api.flows.saveFlow({ idFlow: source.id, ...(validGraph(queue.id) as unknown as FlowGraph) });
    });

    it('duplicates with the graph, named "<name> (2)", then "(3)"; another company gets not found', async () => {
      const copy = await api.flows.duplicateFlow(source.id);
      expect(copy.name).to.equal('Boas-vindas (2)');
      expect((await api.flows.getFlow(copy.id)).flow.flow).to.deep.equal((await api.flows.getFlow(source.id)).flow.flow);
      expect((await api.flows.duplicateFlow(copy.id)).name).to.equal('Boas-vindas (3)');
      const long = await api.flows.createFlow('x'.repeat(50));
      expect((await api.flows.duplicateFlow(long.id)).name).to.equal(`${'x'.repeat(46)} (2)`);
      expectError(await t.call('POST', '/flowbuilder/duplicate', { token: other.admin.token, body: { flowId: source.id } }), 404, 'ERR_NO_FLOW_FOUND');
      expectError(await t.call('POST', '/flowbuilder/duplicate', { token: agent.token, body: { flowId: source.id } }), 403, 'ERR_NO_PERMISSION');
    });

    it('exports a flow with media as names and imports it back under a free name, in this and another company', async () => {
      const exported = await t.call('GET', `/flowbuilder/${source.id}/export`, { token: agent.token });
      expect(exported.status).to.equal(200);
      expect(exported.body).to.include({ format: 'atende-flow', version: 1, name: 'Boas-vindas', active: true });
      const imported = await api.flows.importFlow(exported.body);
      expect(imported.name).to.equal('Boas-vindas (4)');
      expect((await api.flows.getFlow(imported.id)).flow.flow).to.deep.equal(exported.body.flow);

      // Elsewhere the queue is found by its name and files it does not hold are emptied.
      const image = await api.flows.uploadFlowMedia('img', files({ name: 'a.png', bytes: SAMPLES.png() }));
      const withImage = { ...exported.body, flow: { nodes: [...exported.body.flow.nodes, node('img1', 'img', { url: image.name })], connections: [...exported.body.flow.connections, edge('m1', 'img1')] } };
      expectError(await t.call('POST', '/flowbuilder/import', { token: other.admin.token, body: withImage }), 404, 'ERR_NO_QUEUE_FOUND');
      const theirQueue = await createQueue(t, other.admin, { name: 'VENDAS' });
      const elsewhere = await t.call('POST', '/flowbuilder/import', { token: other.admin.token, body: withImage });
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).to.equal(201);
      expect(elsewhere.body).to.include({ name: 'Boas-vindas', companyId: other.companyId });
      const theirs = (await t.call('GET', `/flowbuilder/flow/${elsewhere.body.id}`, { token: other.admin.token })).body.flow.flow;
      expect(theirs.nodes.find((each: { id: string }) => each.id === 'ticket1').data.queueId).to.equal(theirQueue.id);
      expect(theirs.nodes.find((each: { id: string }) => each.id === 'img1').data.url).to.equal('');
    });

    it('refuses exports of another shape or with a graph that cannot run', async () => {
      const base = { format: 'atende-flow', version: 1, name: 'Importado', active: true, flow: null };
      expect((await t.call('POST', '/flowbuilder/import', { token: admin(), body: base })).status).to.equal(201);
      expectInvalid(await t.call('POST', '/flowbuilder/import', { token: admin(), body: { ...base, format: 'other' } }), 'format');
      expectInvalid(await t.call('POST', '/flowbuilder/import', { token: admin(), body: { ...base, version: 2 } }), 'version');
      expectError(await t.call('POST', '/flowbuilder/import', { token: admin(), body: { ...base, flow: { nodes: [], connections: [] } } }), 400, 'ERR_FLOW_INVALID');
      expectError(await t.call('GET', `/flowbuilder/${source.id}/export`, { token: other.admin.token }), 404, 'ERR_NO_FLOW_FOUND');
      expectError(await t.call('POST', '/flowbuilder/import', { token: agent.token, body: base }), 403, 'ERR_NO_PERMISSION');
    });

    it('refuses deleting a flow a phrase campaign or a connection starts (409 ERR_FLOW_IN_USE), deletes it after, live', async () => {
      const connection = await t.call('POST', '/whatsapp', { token: admin(), body: { name: 'Linha', provider: 'sandbox' } });
      const campaign = await api.flows.createFlowCampaign({ name: 'Promo', flowId: source.id, whatsappId: connection.body.id, phrase: 'quero' });
      const inUse = await t.call('DELETE', `/flowbuilder/${source.id}`, { token: admin() });
      expectError(inUse, 409, 'ERR_FLOW_IN_USE');
      expect(inUse.body).to.include({ campaigns: 1, connections: 0 });
      await api.flows.deleteFlowCampaign(campaign.id);
      // A connection's default flow holds it too.
      await t.call('PUT', `/whatsapp/${connection.body.id}`, { token: admin(), body: { flowId: source.id } });
      expect((await t.call('DELETE', `/flowbuilder/${source.id}`, { token: admin() })).body).to.include({ error: 'ERR_FLOW_IN_USE', campaigns: 0, connections: 1 });
      await t.call('PUT', `/whatsapp/${connection.body.id}`, { token: admin(), body: { flowId: null } });
      expectError(await t.call('DELETE', `/flowbuilder/${source.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/flowbuilder/${source.id}`, { token: other.admin.token }), 404, 'ERR_NO_FLOW_FOUND');
      await api.flows.deleteFlow(source.id);
      await waitFor(live.events, (event) => event.action === 'delete' && (event as { flowId?: string }).flowId === source.id);
      expectError(await t.call('GET', `/flowbuilder/flow/${source.id}`, { token: admin() }), 404, 'ERR_NO_FLOW_FOUND');
      expectError(await t.call('DELETE', `/flowbuilder/${MISSING_ID}`, { token: admin() }), 404, 'ERR_NO_FLOW_FOUND');
    });
  });
});
