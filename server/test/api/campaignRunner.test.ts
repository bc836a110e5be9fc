import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { customerSays, eventually, sandboxConnection } from '../support/inboxFixtures.js';
import { campaignUntil, createCampaign, createContactList, listNumber, members, saveSettings } from '../support/campaignFixtures.js';
import { CampaignShippingModel, type CampaignShippingDoc } from '../../src/domains/campaigns/model.js';

interface OutboxEntry {
  to: string;
  body: string;
  mediaType?: string;
  timestamp: string;
}

describe('campaign runner through the sandbox phone: each contact once, variants, variables, intervals, cancel, restart, confirmation', function () {
  this.timeout(60_000);
  let t: TestApp;
  let tenant: Tenant;
  let whatsappId: string;

  /** Everything the sandbox phone sent, oldest first. */
  async function outbox(): Promise<OutboxEntry[]> {
    const all: OutboxEntry[] = [];
    let after = '';
    for (;;) {
      const answer = await t.call('GET', `/sandbox/${whatsappId}/outbox?limit=500${after ? `&after=${after}` : ''}`, { token: tenant.admin.token });
      all.push(...answer.body.messages);
      if (!answer.body.hasMore) return all;
      after = answer.body.messages.at(-1).id;
    }
  }

  const to = (entries: OutboxEntry[], number: string) => entries.filter((entry) => entry.to === number);
  const now = () => new Date().toISOString();

  before(async () => {
    t = await startTestApp('campaignrunner', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useCampaigns: true })).id });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
  });
  after(() => t?.stop());

  it('sends every valid contact exactly one variant with the variables rendered, skips invalid numbers, then the file list; FINALIZADA with completedAt', async () => {
    await saveSettings(t, tenant.admin, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'store', value: 'Loja Centro' }] });
    const valid = members(6);
    const invalid = { name: 'No Whats', number: listNumber(), isWhatsappValid: false };
    const list = await createContactList(tenant.companyId, [...valid, invalid]);
    const files = await t.call('POST', '/files', { token: tenant.admin.token, body: { name: 'Catalogue', message: 'Our catalogue at {{store}}' } });
    const form = new FormData();
    form.append('name', 'Catalogue page');
    form.append('files', new Blob([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'catalogue.pdf');
    expect((await fetch(`${t.url}/api/files/uploadList/${files.body.id}`, { method: 'POST', headers: { authorization: `Bearer ${tenant.admin.token}` }, body: form })).status).to.equal(200);
    const campaign = await createCampaign(t, tenant.admin, {
      message1: 'Hi {{firstName}}, offers at {{store}}',
      message2: '',
      message3: 'Hello {{name}} from {{store}}',
      whatsappId,
      contactListId: list.id,
      fileListId: files.body.id,
      scheduledAt: now(),
    });
    const done = await campaignUntil(t, tenant.admin, campaign.id, (c) => c.status === 'FINALIZADA');
    expect(done.completedAt).to.be.a('string');
    expect(done.counters).to.include({ contacts: 7, valid: 6, delivered: 6 });
    const sent = await eventually(async () => {
      const entries = await outbox();
      return entries.length >= 12 ? entries : null;
    });
    for (const member of valid) {
      const received = to(sent, member.number);
      const first = member.name.split(' ')[0];
      expect(received, member.number).to.have.length(2);
      expect([`Hi ${first}, offers at Loja Centro`, `Hello ${member.name} from Loja Centro`]).to.include(received[0]!.body);
      expect(received[1]!.body).to.equal('Our catalogue at Loja Centro');
    }
    expect(to(sent, invalid.number)).to.have.length(0);
    // The non-empty variants are dealt evenly (3 contacts each), the empty one never.
    const bodies = sent.map((entry) => entry.body.split(' ')[0]);
    expect([...new Set(bodies)].sort()).to.deep.equal(['Hello', 'Hi', 'Our']);
    expect([bodies.filter((word) => word === 'Hi').length, bodies.filter((word) => word === 'Hello').length]).to.deep.equal([3, 3]);
    const shippings = await CampaignShippingModel.find({ companyId: tenant.companyId, campaignId: campaign.id }).lean<CampaignShippingDoc[]>();
    expect(shippings.filter((s) => s.deliveredAt)).to.have.length(6);
    expect(shippings.filter((s) => s.valid).every((s) => s.variant === 1 || s.variant === 3)).to.equal(true);
    // The conversations are tickets of the connection, waiting for an agent.
    const tickets = await t.call('GET', `/tickets?status=pending&showAll=true&searchParam=${valid[0]!.number}`, { token: tenant.admin.token });
    expect(tickets.body.tickets).to.have.length(1);
  });

  it('honours the intervals: a longer pause after every longerIntervalAfter messages', async () => {
    await saveSettings(t, tenant.admin, { messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 1, variables: [] });
    const list = await createContactList(tenant.companyId, members(7));
    const campaign = await createCampaign(t, tenant.admin, { whatsappId, contactListId: list.id, scheduledAt: now() });
    await campaignUntil(t, tenant.admin, campaign.id, (c) => c.status === 'FINALIZADA');
    const shippings = await CampaignShippingModel.find({ companyId: tenant.companyId, campaignId: campaign.id }).lean<CampaignShippingDoc[]>();
    const times = shippings.map((s) => s.deliveredAt!.getTime()).sort((a, b) => a - b);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    // Messages 1..5 | a 1 s pause | 6, 7.
    expect(gaps).to.have.length(6);
    for (const gap of [...gaps.slice(0, 4), gaps[5]!]) expect(gap).to.be.below(900);
    expect(gaps[4]).to.be.at.least(950);
  });

  it('cancel stops within one interval; restart resumes where it stopped; nobody gets two', async () => {
    await saveSettings(t, tenant.admin, { messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 1, variables: [] });
    const people = members(4);
    const list = await createContactList(tenant.companyId, people);
    const campaign = await createCampaign(t, tenant.admin, { message1: 'Once only', whatsappId, contactListId: list.id, scheduledAt: now() });
    await campaignUntil(t, tenant.admin, campaign.id, (c) => c.counters.delivered >= 1);
    const cancelled = await t.call('POST', `/campaigns/${campaign.id}/cancel`, { token: tenant.admin.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    expect(cancelled.body.status).to.equal('CANCELADA');
    const atCancel = (await t.call('GET', `/campaigns/${campaign.id}`, { token: tenant.admin.token })).body.counters.delivered as number;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const later = (await t.call('GET', `/campaigns/${campaign.id}`, { token: tenant.admin.token })).body;
    expect(later.status).to.equal('CANCELADA');
    // The counters follow the run once a second: at most the message in flight and one unsaved count more.
    expect(later.counters.delivered).to.be.at.most(atCancel + 2).and.below(4);
    const restarted = await t.call('POST', `/campaigns/${campaign.id}/restart`, { token: tenant.admin.token });
    expect(restarted.status, JSON.stringify(restarted.body)).to.equal(200);
    expect(restarted.body.status).to.equal('EM_ANDAMENTO');
    const done = await campaignUntil(t, tenant.admin, campaign.id, (c) => c.status === 'FINALIZADA');
    expect(done.counters.delivered).to.equal(4);
    const sent = await eventually(async () => {
      const entries = (await outbox()).filter((entry) => people.some((p) => p.number === entry.to));
      return entries.length >= 4 ? entries : null;
    });
    for (const person of people) expect(to(sent, person.number).map((e) => e.body)).to.deep.equal(['Once only']);
  });

  it('confirmation: the request goes first; the customer answers and gets the message; the counters follow', async () => {
    await saveSettings(t, tenant.admin, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const people = members(2);
    const list = await createContactList(tenant.companyId, people);
    const campaign = await createCampaign(t, tenant.admin, {
      message1: 'Your coupon: FRIDAY',
      confirmation: true,
      confirmationMessage1: 'Want a coupon, {{firstName}}? Answer anything.',
      whatsappId,
      contactListId: list.id,
      scheduledAt: now(),
    });
    const done = await campaignUntil(t, tenant.admin, campaign.id, (c) => c.status === 'FINALIZADA');
    expect(done.counters).to.include({ contacts: 2, confirmationRequested: 2, confirmed: 0, delivered: 0 });
    await eventually(async () => to(await outbox(), people[0]!.number).length === 1);
    expect(to(await outbox(), people[0]!.number)[0]!.body).to.equal('Want a coupon, Person? Answer anything.');
    await customerSays(t, tenant.admin, whatsappId, people[0]!.number, 'yes please');
    const confirmed = await campaignUntil(t, tenant.admin, campaign.id, (c) => c.counters.delivered === 1);
    expect(confirmed.counters).to.include({ confirmed: 1, confirmationRequested: 2 });
    await eventually(async () => to(await outbox(), people[0]!.number).length === 2);
    expect(to(await outbox(), people[0]!.number)[1]!.body).to.equal('Your coupon: FRIDAY');
    // A second answer confirms nothing more.
    await customerSays(t, tenant.admin, whatsappId, people[0]!.number, 'thanks');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(to(await outbox(), people[0]!.number)).to.have.length(2);
    expect(to(await outbox(), people[1]!.number)).to.have.length(1);
  });

  it('a tag audience: the contacts of the tickets carrying the tag', async () => {
    await saveSettings(t, tenant.admin, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const tagged = listNumber();
    const untagged = listNumber();
    await customerSays(t, tenant.admin, whatsappId, tagged, 'hello');
    await customerSays(t, tenant.admin, whatsappId, untagged, 'hello');
    const ticket = await eventually(async () => (await t.call('GET', `/tickets?showAll=true&status=pending&searchParam=${tagged}`, { token: tenant.admin.token })).body.tickets?.[0]);
    const tag = await t.call('POST', '/tags', { token: tenant.admin.token, body: { name: 'Vip customers' } });
    expect((await t.call('PUT', `/ticket-tags/${ticket.id}/${tag.body.id}`, { token: tenant.admin.token })).status).to.be.oneOf([200, 204]);
    const campaign = await createCampaign(t, tenant.admin, { message1: 'Vip offer', whatsappId, tagListId: tag.body.id, scheduledAt: now() });
    const done = await campaignUntil(t, tenant.admin, campaign.id, (c) => c.status === 'FINALIZADA');
    expect(done.counters).to.include({ contacts: 1, delivered: 1 });
    await eventually(async () => to(await outbox(), tagged).some((e) => e.body === 'Vip offer'));
    expect(to(await outbox(), untagged).some((e) => e.body === 'Vip offer')).to.equal(false);
  });
});
