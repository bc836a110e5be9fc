import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { sandboxConnection } from '../support/inboxFixtures.js';
import { createCampaign, createContactList, members } from '../support/campaignFixtures.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);

describe('campaigns API: CRUD, editability, settings, plan gate, tenancy', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let whatsappId: string;
  let listId: string;

  const inAnHour = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  before(async () => {
    t = await startTestApp('campaigns');
    superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useCampaigns: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    listId = (await createContactList(tenant.companyId, members(2))).id;
  });
  after(() => t?.stop());

  it('creates an INATIVA campaign with its variants, lists it and reads it with zero counters', async () => {
    const created = await createCampaign(t, tenant.admin, { name: 'Black Friday', message2: 'Hi {{name}}', whatsappId, contactListId: listId, confirmation: true, confirmationMessage1: 'Reply to confirm' });
    expect(created).to.include({ name: 'Black Friday', status: 'INATIVA', message1: 'Hello {{firstName}}', message2: 'Hi {{name}}', whatsappId, contactListId: listId, confirmation: true, editable: true, scheduledAt: null, completedAt: null });
    expect(created.counters).to.deep.equal({ contacts: 0, valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 });
    const page = await t.call('GET', '/campaigns?searchParam=black', { token: tenant.admin.token });
    expect(page.status).to.equal(200);
    expect(page.body.records.map((r: any) => r.id)).to.deep.equal([created.id]);
    expect(page.body.hasMore).to.equal(false);
    const one = await t.call('GET', `/campaigns/${created.id}`, { token: tenant.admin.token });
    expect(one.body.name).to.equal('Black Friday');
  });

  it('takes the form field tagListId as the tag of the audience', async () => {
    const tag = await t.call('POST', '/tags', { token: tenant.admin.token, body: { name: 'Buyers' } });
    expect(tag.status, JSON.stringify(tag.body)).to.equal(201);
    const created = await createCampaign(t, tenant.admin, { tagListId: tag.body.id });
    expect(created.tagId).to.equal(tag.body.id);
    expect(created.contactListId).to.equal(null);
  });

  it('refuses bad input with 400 and the field: name length, unknown field, both audiences, bad date, too many characters', async () => {
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'A' } }), 'name');
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: {} }), 'name');
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'x'.repeat(51) } }), 'name');
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Fine', message6: 'no' } }), 'message6');
    expectError(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Fine', contactListId: listId, tagId: MISSING_ID } }), 400, 'ERR_VALIDATION');
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Fine', scheduledAt: 'tomorrow' } }), 'scheduledAt');
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Fine', whatsappId: 'nope' } }), 'whatsappId');
    expectError(await t.call('GET', '/campaigns/not-an-id', { token: tenant.admin.token }), 400, 'ERR_VALIDATION');
  });

  it('a scheduled campaign needs a connection, an audience and a message', async () => {
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Soon', message1: 'x', contactListId: listId, scheduledAt: inAnHour(120) } }), 'whatsappId');
    expectError(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Soon', message1: 'x', whatsappId, scheduledAt: inAnHour(120) } }), 400, 'ERR_CAMPAIGN_AUDIENCE_REQUIRED');
    expectInvalid(await t.call('POST', '/campaigns', { token: tenant.admin.token, body: { name: 'Soon', message1: '  ', whatsappId, contactListId: listId, scheduledAt: inAnHour(120) } }), 'message1');
  });

  it('saving with scheduledAt makes it PROGRAMADA; editable while more than 1 hour ahead, read-only after (ERR_CAMPAIGN_NOT_EDITABLE)', async () => {
    const far = await createCampaign(t, tenant.admin, { whatsappId, contactListId: listId, scheduledAt: inAnHour(120) });
    expect(far).to.include({ status: 'PROGRAMADA', editable: true });
    const renamed = await t.call('PUT', `/campaigns/${far.id}`, { token: tenant.admin.token, body: { ...far, name: 'Renamed' } });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.body).to.include({ name: 'Renamed', status: 'PROGRAMADA' });
    // Moved to 30 minutes ahead: saved, and from then on read-only.
    const near = await t.call('PUT', `/campaigns/${far.id}`, { token: tenant.admin.token, body: { scheduledAt: inAnHour(30) } });
    expect(near.status, JSON.stringify(near.body)).to.equal(200);
    expect(near.body.editable).to.equal(false);
    expectError(await t.call('PUT', `/campaigns/${far.id}`, { token: tenant.admin.token, body: { name: 'Too late' } }), 409, 'ERR_CAMPAIGN_NOT_EDITABLE');
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'banner.png');
    const upload = await fetch(`${t.url}/api/campaigns/${far.id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${tenant.admin.token}` }, body: form });
    expect(upload.status).to.equal(409);
    // Cancelled, it may be saved again; without a schedule it stays CANCELADA.
    const cancelled = await t.call('POST', `/campaigns/${far.id}/cancel`, { token: tenant.admin.token });
    expect(cancelled.body).to.include({ status: 'CANCELADA', editable: true });
    const saved = await t.call('PUT', `/campaigns/${far.id}`, { token: tenant.admin.token, body: { name: 'Saved again', scheduledAt: null } });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(saved.body).to.include({ name: 'Saved again', status: 'CANCELADA' });
  });

  it('cancel and restart answer ERR_CAMPAIGN_INVALID_TRANSITION from the wrong status', async () => {
    const idle = await createCampaign(t, tenant.admin, {});
    expectError(await t.call('POST', `/campaigns/${idle.id}/cancel`, { token: tenant.admin.token }), 409, 'ERR_CAMPAIGN_INVALID_TRANSITION');
    expectError(await t.call('POST', `/campaigns/${idle.id}/restart`, { token: tenant.admin.token }), 409, 'ERR_CAMPAIGN_INVALID_TRANSITION');
  });

  it('attaches and removes a file while editable; deletes the campaign', async () => {
    const campaign = await createCampaign(t, tenant.admin, {});
    const form = new FormData();
    form.append('typeArch', 'campaign');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'my banner.png');
    const upload = await fetch(`${t.url}/api/campaigns/${campaign.id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${tenant.admin.token}` }, body: form });
    const attached = (await upload.json()) as Record<string, any>;
    expect(upload.status, JSON.stringify(attached)).to.equal(200);
    expect(attached.mediaName).to.equal('my_banner.png');
    expect((await fetch(`${t.url}${attached.mediaUrl}`)).status).to.equal(200);
    expect((await t.call('DELETE', `/campaigns/${campaign.id}/media-upload`, { token: tenant.admin.token })).status).to.equal(204);
    expect((await t.call('GET', `/campaigns/${campaign.id}`, { token: tenant.admin.token })).body.mediaPath).to.equal(null);
    expect((await t.call('DELETE', `/campaigns/${campaign.id}`, { token: tenant.admin.token })).status).to.equal(204);
    expectError(await t.call('GET', `/campaigns/${campaign.id}`, { token: tenant.admin.token }), 404, 'ERR_NO_CAMPAIGN_FOUND');
  });

  it("another company's campaign, connection, list and file list are not found", async () => {
    const mine = await createCampaign(t, tenant.admin, {});
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', '/cancel'], ['POST', '/restart'], ['DELETE', '/media-upload']] as const) {
      const answer = await t.call(method, `/campaigns/${mine.id}${path}`, { token: other.admin.token, ...(method === 'PUT' ? { body: { name: 'Stolen' } } : {}) });
      expectError(answer, 404, 'ERR_NO_CAMPAIGN_FOUND');
    }
    expect((await t.call('GET', '/campaigns', { token: other.admin.token })).body.records).to.have.length(0);
    expectError(await t.call('POST', '/campaigns', { token: other.admin.token, body: { name: 'Theirs', whatsappId } }), 404, 'ERR_NO_WAPP_FOUND');
    expectError(await t.call('POST', '/campaigns', { token: other.admin.token, body: { name: 'Theirs', contactListId: listId } }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
    const files = await t.call('POST', '/files', { token: tenant.admin.token, body: { name: 'Brochures', message: 'Our brochures' } });
    expect(files.status, JSON.stringify(files.body)).to.equal(201);
    expectError(await t.call('POST', '/campaigns', { token: other.admin.token, body: { name: 'Theirs', fileListId: files.body.id } }), 404, 'ERR_NO_FILE_LIST_FOUND');
    expectError(await t.call('GET', `/files/${files.body.id}`, { token: other.admin.token }), 404, 'ERR_NO_FILE_LIST_FOUND');
  });

  it('file lists: validated, listed as { files, hasMore }, a file added', async () => {
    expectInvalid(await t.call('POST', '/files', { token: tenant.admin.token, body: { name: 'ab', message: 'x' } }), 'name');
    expectInvalid(await t.call('POST', '/files', { token: tenant.admin.token, body: { name: 'Valid name' } }), 'message');
    const created = await t.call('POST', '/files', { token: tenant.admin.token, body: { name: 'Price lists', message: 'Our prices' } });
    const form = new FormData();
    form.append('name', 'Price table');
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'prices.png');
    const upload = await fetch(`${t.url}/api/files/uploadList/${created.body.id}`, { method: 'POST', headers: { authorization: `Bearer ${tenant.admin.token}` }, body: form });
    const withFile = (await upload.json()) as Record<string, any>;
    expect(upload.status, JSON.stringify(withFile)).to.equal(200);
    expect(withFile.options).to.have.length(1);
    expect(withFile.options[0]).to.include({ name: 'Price table', mediaType: 'image' });
    const page = await t.call('GET', '/files?searchParam=price', { token: tenant.admin.token });
    expect(page.body.files.map((f: any) => f.id)).to.deep.equal([created.body.id]);
    expect(page.body.hasMore).to.equal(false);
  });

  it('settings: defaults as JSON entries, options validated, variables with unique keys', async () => {
    const defaults = await t.call('GET', '/campaign-settings', { token: tenant.admin.token });
    expect(defaults.status).to.equal(200);
    const asObject = (entries: { key: string; value: string }[]) => Object.fromEntries(entries.map((e) => [e.key, JSON.parse(e.value)]));
    expect(asObject(defaults.body)).to.deep.equal({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
    const saved = await t.call('POST', '/campaign-settings', { token: tenant.admin.token, body: { settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: 'store', value: 'Loja Centro' }] } } });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(asObject(saved.body)).to.deep.equal({ messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables: [{ key: 'store', value: 'Loja Centro' }] });
    expectInvalid(await t.call('POST', '/campaign-settings', { token: tenant.admin.token, body: { settings: { messageInterval: 7 } } }), 'settings.messageInterval');
    expectInvalid(await t.call('POST', '/campaign-settings', { token: tenant.admin.token, body: { settings: { longerIntervalAfter: 2 } } }), 'settings.longerIntervalAfter');
    expectInvalid(await t.call('POST', '/campaign-settings', { token: tenant.admin.token, body: { settings: { greaterInterval: -1 } } }), 'settings.greaterInterval');
    expectError(await t.call('POST', '/campaign-settings', { token: tenant.admin.token, body: { settings: { variables: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] } } }), 400, 'ERR_VALIDATION');
    // Another company keeps its own defaults.
    expect(asObject((await t.call('GET', '/campaign-settings', { token: other.admin.token })).body).messageInterval).to.equal(20);
    const user = await createMember(t, tenant, 'user');
    expectError(await t.call('POST', '/campaign-settings', { token: user.token, body: { settings: { messageInterval: 0 } } }), 403, 'ERR_NO_PERMISSION');
  });

  // File lists are not gated by the plan: the send API uses them too (test/api/files.test.ts).
  it('a company whose plan lacks useCampaigns is refused on every campaign route', async () => {
    const plain = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useCampaigns: false })).id });
    for (const [method, path] of [['GET', '/campaigns'], ['POST', '/campaigns'], ['GET', `/campaigns/${MISSING_ID}`], ['GET', '/campaign-settings'], ['POST', '/campaign-settings']] as const) {
      expectError(await t.call(method, path, { token: plain.admin.token, ...(method === 'POST' ? { body: { name: 'Nope' } } : {}) }), 403, 'ERR_PLAN_FEATURE_DISABLED');
    }
  });
});
