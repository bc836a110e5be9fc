import { expect } from 'chai';
import { createApiClient, memorySession, type ApiClient } from '@atende/shared/client';
import mongoose from 'mongoose';
import { findPhraseCampaign } from '../../src/domains/flows/campaigns.js';
import { phraseKeysUpgrade } from '../../src/domains/flows/phraseKeysUpgrade.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

describe('phrase-triggered flow campaigns (/flowcampaign)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };
  let api: ApiClient;
  let live: Listener;
  let flowId: string;
  let lineA: string;
  let lineB: string;
  let theirFlowId: string;
  let theirLine: string;

  const connection = async (token: string, name: string) => {
    const answer = await t.call('POST', '/whatsapp', { token, body: { name, provider: 'sandbox' } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body.id as string;
  };
  const flow = async (token: string, name: string) => (await t.call('POST', '/flowbuilder', { token, body: { name } })).body.id as string;

  before(async () => {
    t = await startTestApp('flowCampaigns');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
    api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: supervisor.email, password: 'member-pass' });
    flowId = await flow(tenant.admin.token, 'Promoção');
    lineA = await connection(tenant.admin.token, 'Linha A');
    lineB = await connection(tenant.admin.token, 'Linha B');
    theirFlowId = await flow(other.admin.token, 'Deles');
    theirLine = await connection(other.admin.token, 'Deles');
    live = await listen(t, agent.email, 'member-pass', 'flowcampaign');
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/flowcampaign', { token, body });
  let promo: { id: string };

  it('creates a campaign (status on by default) for admins and supervisors, pushed live to every user', async () => {
    const created = await create({ name: 'Promo', flowId, whatsappId: lineA, phrase: '  Quero a Promoção ' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.include({ name: 'Promo', flowId, whatsappId: lineA, phrase: 'Quero a Promoção', status: true, companyId: tenant.companyId });
    promo = created.body;
    await waitFor(live.events, (event) => event.action === 'create' && (event as { flowCampaign?: { id: string } }).flowCampaign?.id === promo.id);
    const bySupervisor = await api.flows.createFlowCampaign({ name: 'Outra', flowId, whatsappId: lineB, phrase: 'outra frase', status: false });
    expect(bySupervisor.status).to.equal(false);
    expectError(await create({ name: 'Mine', flowId, whatsappId: lineA, phrase: 'minha' }, agent.token), 403, 'ERR_NO_PERMISSION');
  });

  it('requires name, flow, phrase and connection (400 naming the field)', async () => {
    const full = { name: 'Campanha', flowId, whatsappId: lineA, phrase: 'oi' };
    for (const field of ['name', 'flowId', 'whatsappId', 'phrase'] as const) {
      const { [field]: _left, ...rest } = full;
      expectInvalid(await create(rest), field);
    }
    expectInvalid(await create({ ...full, phrase: '   ' }), 'phrase');
    expectInvalid(await create({ ...full, phrase: '\u0301' }), 'phrase');
    expectInvalid(await create({ ...full, flowId: 'nope' }), 'flowId');
    expectInvalid(await create({ ...full, status: 'maybe' }), 'status');
  });

  it("refuses another company's flow or connection (404)", async () => {
    expectError(await create({ name: 'Cross', flowId: theirFlowId, whatsappId: lineA, phrase: 'cross' }), 404, 'ERR_NO_FLOW_FOUND');
    expectError(await create({ name: 'Cross', flowId, whatsappId: theirLine, phrase: 'cross' }), 404, 'ERR_NO_WAPP_FOUND');
    expectError(await create({ name: 'Cross', flowId: MISSING_ID, whatsappId: lineA, phrase: 'cross' }), 404, 'ERR_NO_FLOW_FOUND');
  });

  it('keeps one active campaign per connection and phrase, whatever its case, accents and spaces (409 ERR_DUPLICATED_PHRASE)', async () => {
    const clash = await create({ name: 'Clash', flowId, whatsappId: lineA, phrase: 'QUERO  a promocao' });
    expectError(clash, 409, 'ERR_DUPLICATED_PHRASE');
    expect(clash.body.field).to.equal('phrase');
    // Inactive, or on another connection, or in another company: no clash.
    expect((await create({ name: 'Paused', flowId, whatsappId: lineA, phrase: 'quero a promoção', status: false })).status).to.equal(201);
    expect((await create({ name: 'Line B', flowId, whatsappId: lineB, phrase: 'quero a promoção' })).status).to.equal(201);
    expect((await create({ name: 'Theirs', flowId: theirFlowId, whatsappId: theirLine, phrase: 'quero a promoção' }, other.admin.token)).status).to.equal(201);
    // Switching the paused one on would make two.
    const paused = (await api.flows.listFlowCampaigns()).flow.find((campaign) => campaign.name === 'Paused')!;
    const switched = await t.call('PUT', '/flowcampaign', { token: admin(), body: { id: paused.id, name: 'Paused', flowId, whatsappId: lineA, phrase: paused.phrase, status: true } });
    expectError(switched, 409, 'ERR_DUPLICATED_PHRASE');
  });

  it('lists as { flow } in name order and reads one as { details }, the company\'s own only', async () => {
    const list = await t.call('GET', '/flowcampaign', { token: agent.token });
    expect(list.status).to.equal(200);
    expect(list.body.flow.map((campaign: { name: string }) => campaign.name)).to.deep.equal(['Line B', 'Outra', 'Paused', 'Promo']);
    const one = await t.call('GET', `/flowcampaign/${promo.id}`, { token: agent.token });
    expect(one.body.details).to.include({ id: promo.id, name: 'Promo', phrase: 'Quero a Promoção', status: true, flowId, whatsappId: lineA });
    expect((await api.flows.getFlowCampaign(promo.id)).details.id).to.equal(promo.id);
    expectError(await t.call('GET', `/flowcampaign/${promo.id}`, { token: other.admin.token }), 404, 'ERR_NO_FLOW_CAMPAIGN_FOUND');
    expect((await t.call('GET', '/flowcampaign', { token: other.admin.token })).body.flow.map((c: { name: string }) => c.name)).to.deep.equal(['Theirs']);
  });

  it('finds the active campaign a customer message is (findPhraseCampaign), on its connection only', async () => {
    expect(String((await findPhraseCampaign(tenant.companyId, lineA, ' quero A PROMOÇÃO '))?._id)).to.equal(promo.id);
    expect(await findPhraseCampaign(tenant.companyId, lineA, 'quero a promoção hoje')).to.equal(null);
    expect(await findPhraseCampaign(tenant.companyId, lineA, '   ')).to.equal(null);
    // Punctuation is not part of the phrase: "Quero a promoção!" is the phrase, "?!" alone is nothing.
    for (const said of ['Quero a promoção!', 'quero, a promoção?', '¡Quero a promoção!!!', '"Quero a promoção."']) {
      expect(String((await findPhraseCampaign(tenant.companyId, lineA, said))?._id), said).to.equal(promo.id);
    }
    expect(await findPhraseCampaign(tenant.companyId, lineA, '?!')).to.equal(null);
    expect(await findPhraseCampaign(tenant.companyId, 'not-an-id', 'quero a promoção')).to.equal(null);
    expect(await findPhraseCampaign(other.companyId, lineA, 'quero a promoção')).to.equal(null);
    // 'Outra' is inactive.
    expect(await findPhraseCampaign(tenant.companyId, lineB, 'outra frase')).to.equal(null);
  });

  it('updates every field (PUT with id): the phrase is matched by its new words, live', async () => {
    const updated = await api.flows.updateFlowCampaign(promo.id, { name: 'Promo de verão', flowId, whatsappId: lineA, phrase: 'Verão', status: true });
    expect(updated).to.include({ id: promo.id, name: 'Promo de verão', phrase: 'Verão' });
    await waitFor(live.events, (event) => event.action === 'update' && (event as { flowCampaign?: { phrase: string } }).flowCampaign?.phrase === 'Verão');
    expect(String((await findPhraseCampaign(tenant.companyId, lineA, 'verao'))?._id)).to.equal(promo.id);
    expect(await findPhraseCampaign(tenant.companyId, lineA, 'quero a promoção')).to.equal(null);
    const body = { id: promo.id, name: 'Xis', flowId, whatsappId: lineA, phrase: 'x' };
    expectError(await t.call('PUT', '/flowcampaign', { token: other.admin.token, body }), 404, 'ERR_NO_FLOW_CAMPAIGN_FOUND');
    expectError(await t.call('PUT', '/flowcampaign', { token: agent.token, body }), 403, 'ERR_NO_PERMISSION');
    expectError(await t.call('PUT', '/flowcampaign', { token: admin(), body: { ...body, whatsappId: theirLine } }), 404, 'ERR_NO_WAPP_FOUND');
    expectInvalid(await t.call('PUT', '/flowcampaign', { token: admin(), body: { ...body, id: undefined } }), 'id');
    expect((await api.flows.getFlowCampaign(promo.id)).details.name).to.equal('Promo de verão');
  });

  it('deletes for the profiles that may delete contacts (admins, supervisors), live; users get 403, other companies 404', async () => {
    expectError(await t.call('DELETE', `/flowcampaign/${promo.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
    expectError(await t.call('DELETE', `/flowcampaign/${promo.id}`, { token: other.admin.token }), 404, 'ERR_NO_FLOW_CAMPAIGN_FOUND');
    await api.flows.deleteFlowCampaign(promo.id);
    await waitFor(live.events, (event) => event.action === 'delete' && (event as { flowCampaignId?: string }).flowCampaignId === promo.id);
    expectError(await t.call('GET', `/flowcampaign/${promo.id}`, { token: admin() }), 404, 'ERR_NO_FLOW_CAMPAIGN_FOUND');
    expectError(await t.call('DELETE', `/flowcampaign/${promo.id}`, { token: admin() }), 404, 'ERR_NO_FLOW_CAMPAIGN_FOUND');
    expect(await findPhraseCampaign(tenant.companyId, lineA, 'verão')).to.equal(null);
  });

  it('data upgrade: a campaign whose phrase has punctuation is found by its words again', async () => {
    const saved = await create({ name: 'Shout', flowId, whatsappId: lineB, phrase: 'Quero atendimento!' });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
    // As an earlier release stored it: the punctuation in the key.
    const db = mongoose.connection.db!;
    await db.collection('flowcampaigns').updateOne({ _id: new mongoose.Types.ObjectId(saved.body.id as string) }, { $set: { phraseKey: 'quero atendimento!' } });
    expect(await findPhraseCampaign(tenant.companyId, lineB, 'Quero atendimento')).to.equal(null);
    await phraseKeysUpgrade.run(db, () => undefined);
    for (const said of ['Quero atendimento', 'Quero atendimento!', 'quero atendimento?']) {
      expect(String((await findPhraseCampaign(tenant.companyId, lineB, said))?._id), said).to.equal(saved.body.id);
    }
  });
});
