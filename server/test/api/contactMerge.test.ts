/**
 * Merging the contacts of one person (issue 23): the data upgrade finds a person stored twice (a
 * Brazilian mobile number with and without its ninth digit), POST /contacts/merge lists the pairs
 * (dry run) or merges them: tickets, messages (group ones too), tags, notes, schedules and extra
 * information move to the kept contact, one open ticket stays, nothing is lost, it is announced
 * live, and a merge cut by a crash is finished by running it again. Admins only, one company only.
 */
import { expect } from 'chai';
import mongoose, { Types } from 'mongoose';
import { createContactMerger } from '../../src/domains/contacts/merge.js';
import type { ContactDoc } from '../../src/domains/contacts/model.js';
import { contactIdentityUpgrade } from '../../src/domains/contacts/upgrade.js';
import { createContact, updateContact } from '../../src/domains/contacts/writer.js';
import { updateTicket } from '../../src/domains/tickets/writer.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertMessage, insertTicket } from '../support/contactFixtures.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { personNumbers, storedContacts, ticketsOfContact } from '../support/identityFixtures.js';
import { sandboxConnection } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

interface Twice {
  keep: ContactDoc;
  drop: ContactDoc;
}

describe('merging the contacts of one person: POST /contacts/merge (issue 23)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session;
  let supervisor: Session;
  let whatsappId: string;
  let contactsLive: Listener;
  let ticketsLive: Listener;
  let otherBefore: Record<string, any>[];

  const admin = (): Session => tenant.admin;
  const merge = (body: unknown, session = admin()) => t.call('POST', '/contacts/merge', { token: session.token, body });
  const db = () => mongoose.connection.db!;
  const oid = (id: unknown) => new Types.ObjectId(String(id));

  /**
   * One person stored twice, as an earlier release could leave them: the older with the ninth
   * digit, the newer without; then the data upgrade runs over the database.
   */
  async function storedTwice(fields: { keep?: Record<string, unknown>; drop?: Record<string, unknown> } = {}): Promise<Twice> {
    const person = personNumbers();
    const made = async (number: string, createdAt: Date, extra: Record<string, unknown> = {}) =>
      createContact(tenant.companyId, { name: `Person ${number.slice(-4)}`, number, numberKey: `earlier:${number}`, createdAt, ...extra });
    const keep = await made(person.modern, new Date(Date.now() - 60_000), fields.keep);
    const drop = await made(person.legacy, new Date(), fields.drop);
    await contactIdentityUpgrade.run(db(), () => undefined);
    const reread = async (id: unknown) => (await db().collection('contacts').findOne({ _id: oid(id) })) as unknown as ContactDoc;
    return { keep: await reread(keep._id), drop: await reread(drop._id) };
  }

  before(async () => {
    t = await startTestApp('merge', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useSchedules: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
    whatsappId = (await sandboxConnection(t, admin())).id;
    contactsLive = await listen(t, tenant.adminEmail, tenant.password, 'contact');
    ticketsLive = await listen(t, tenant.adminEmail, tenant.password, 'ticket');
    const theirs = personNumbers();
    await t.call('POST', '/contacts', { token: other.admin.token, body: { name: 'Their customer', number: theirs.modern } });
    otherBefore = await storedContacts(other.companyId);
  });
  after(async () => {
    await contactsLive?.client.disconnect();
    await ticketsLive?.client.disconnect();
    await t?.stop();
  });

  it('the upgrade keeps the oldest as the person and holds the other for the merge; a dry run lists the pair and changes nothing', async () => {
    const { keep, drop } = await storedTwice();
    expect(keep).to.include({ numberKey: drop.number, duplicateKey: null });
    expect(drop).to.include({ numberKey: `~${String(drop._id)}`, duplicateKey: tenant.companyId });
    await insertTicket(tenant.companyId, String(drop._id), { status: 'closed', whatsappId });
    const before = await storedContacts(tenant.companyId);
    const answer = await merge({ dryRun: true });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body).to.include({ dryRun: true, merged: 0 });
    const pair = answer.body.pairs.find((each: { drop: { id: string } }) => each.drop.id === String(drop._id));
    expect(pair).to.deep.equal({
      keep: { id: String(keep._id), name: keep.name, number: keep.number, email: '' },
      drop: { id: String(drop._id), name: drop.name, number: drop.number, email: '' },
      tickets: 1,
    });
    expect(await storedContacts(tenant.companyId)).to.deep.equal(before);
  });

  it('is for admins: users and supervisors get 403, bad input 400, and another company sees only its own pairs', async () => {
    expectError(await merge({ dryRun: true }, agent), 403, 'ERR_NO_PERMISSION');
    expectError(await merge({ dryRun: true }, supervisor), 403, 'ERR_NO_PERMISSION');
    expectInvalid(await merge({ dryRun: 'maybe' }), 'dryRun');
    expectInvalid(await merge({ dryRun: true, keepId: 'x' }), 'keepId');
    const theirs = await merge({ dryRun: false }, other.admin);
    expect(theirs.body).to.deep.equal({ dryRun: false, pairs: [], merged: 0 });
    expect(await storedContacts(other.companyId)).to.deep.equal(otherBefore);
  });

  it('merges: tickets, messages (group ones too), tags, notes, schedules and extra information move; the open ticket stays; nothing is lost; announced live', async () => {
    const { keep, drop } = await storedTwice({
      keep: { name: 'Ana Souza', email: 'ana@shop.test', extraInfo: [{ _id: new Types.ObjectId(), name: 'CPF', value: '123' }] },
      drop: { name: 'Ana S.', email: 'ana.s@mail.test', profilePicUrl: 'https://pics.test/ana.jpg', extraInfo: [{ _id: new Types.ObjectId(), name: 'City', value: 'BH' }] },
    });
    const keepId = String(keep._id);
    const dropId = String(drop._id);
    // The kept contact's open ticket, accepted by the admin.
    const open = await t.call('POST', '/tickets', { token: admin().token, body: { contactId: keepId, whatsappId, status: 'open', userId: admin().user.id } });
    expect(open.status, JSON.stringify(open.body)).to.equal(201);
    // The other one's pending ticket on the same connection, and an older closed one with a tag and a note.
    const pending = await insertTicket(tenant.companyId, dropId, { status: 'pending', whatsappId });
    await insertMessage(tenant.companyId, String(pending._id), dropId, 'hello from my old number');
    const closed = await insertTicket(tenant.companyId, dropId, { status: 'closed', whatsappId });
    await insertMessage(tenant.companyId, String(closed._id), dropId, 'an old conversation');
    const tag = (await t.call('POST', '/tags', { token: admin().token, body: { name: 'vip customer', color: '#7c3aed' } })).body;
    expect((await t.call('POST', '/tags/sync', { token: admin().token, body: { ticketId: String(closed._id), tags: [{ id: tag.id }] } })).status).to.equal(200);
    const note = await t.call('POST', '/ticket-notes', { token: admin().token, body: { ticketId: String(closed._id), contactId: dropId, note: 'Prefers calls' } });
    expect(note.status, JSON.stringify(note.body)).to.equal(201);
    const schedule = await t.call('POST', '/schedules', { token: admin().token, body: { body: 'Your birthday gift!', contactId: dropId, sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString() } });
    expect(schedule.status, JSON.stringify(schedule.body)).to.equal(201);
    // What the person wrote in a group.
    const group = await createContact(tenant.companyId, { name: 'Family', number: `120363${Date.now()}`, isGroup: true });
    const groupTicket = await insertTicket(tenant.companyId, String(group._id), { status: 'closed', whatsappId, isGroup: true });
    await insertMessage(tenant.companyId, String(groupTicket._id), dropId, 'hi family');
    contactsLive.events.length = 0;
    ticketsLive.events.length = 0;

    const answer = await merge({});
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.merged).to.be.greaterThanOrEqual(1);
    expect(answer.body.pairs.some((pair: { drop: { id: string } }) => pair.drop.id === dropId)).to.equal(true);

    expectError(await t.call('GET', `/contacts/${dropId}`, { token: admin().token }), 404, 'ERR_NO_CONTACT_FOUND');
    const kept = (await t.call('GET', `/contacts/${keepId}`, { token: admin().token })).body;
    expect(kept).to.include({ name: 'Ana Souza', email: 'ana@shop.test', profilePicUrl: 'https://pics.test/ana.jpg', number: keep.number });
    expect(kept.extraInfo.map((info: { name: string; value: string }) => [info.name, info.value])).to.have.deep.members([
      ['CPF', '123'],
      ['City', 'BH'],
      ['Nome (contato unido)', 'Ana S.'],
      ['E-mail (contato unido)', 'ana.s@mail.test'],
    ]);

    const tickets = await ticketsOfContact(keepId);
    const statusOf = (id: unknown) => tickets.find((ticket) => String(ticket._id) === String(id))?.status;
    expect(tickets).to.have.length(3);
    expect([statusOf(open.body.id), statusOf(pending._id), statusOf(closed._id)]).to.deep.equal(['open', 'closed', 'closed']);
    expect(tickets.every((ticket) => ticket.contact.name === 'Ana Souza' && ticket.contact.number === keep.number)).to.equal(true);
    const notes = async (ticketId: unknown) => (await t.call('GET', `/ticket-notes/list?ticketId=${String(ticketId)}`, { token: admin().token })).body as { note: string; contactId: string; userId: string | null }[];
    const [closedNote] = await notes(pending._id);
    expect(closedNote!.note).to.contain(open.body.id);
    expect((await notes(open.body.id))[0]!.note).to.contain(String(pending._id));
    expect((await notes(closed._id)).map((each) => [each.note, each.contactId])).to.deep.equal([['Prefers calls', keepId]]);
    expect((await t.call('GET', `/messages/${String(pending._id)}`, { token: admin().token })).body.messages.map((m: { body: string }) => m.body)).to.deep.equal(['hello from my old number']);
    expect(await db().collection('messages').countDocuments({ contactId: oid(dropId) })).to.equal(0);
    expect(await db().collection('messages').countDocuments({ contactId: oid(keepId) })).to.equal(3);
    expect(await db().collection('tickettags').countDocuments({ ticketId: closed._id, tagId: oid(tag.id) })).to.equal(1);
    const moved = (await t.call('GET', `/schedules/${schedule.body.id}`, { token: admin().token })).body;
    expect(moved).to.deep.include({ contactId: keepId });
    expect(moved.contact).to.include({ name: 'Ana Souza' });

    await waitFor(contactsLive.events, (event) => event.action === 'delete' && event.contactId === dropId);
    await waitFor(contactsLive.events, (event) => event.action === 'update' && (event.contact as { id: string }).id === keepId);
    await waitFor(ticketsLive.events, (event) => event.action === 'update' && (event.ticket as { id: string; status: string }).id === String(pending._id) && (event.ticket as { status: string }).status === 'closed');
  });

  it('between an open ticket of the merged-away contact and a pending one of the kept, the open one stays', async () => {
    const { keep, drop } = await storedTwice();
    const older = await insertTicket(tenant.companyId, String(keep._id), { status: 'pending', whatsappId });
    const accepted = await insertTicket(tenant.companyId, String(drop._id), { status: 'open', whatsappId, userId: admin().user.id });
    await createContactMerger({ language: 'en' }).merge(tenant.companyId, keep._id, drop._id);
    const tickets = await ticketsOfContact(String(keep._id));
    expect(tickets.map((ticket) => [String(ticket._id), ticket.status]).sort()).to.deep.equal([[String(older._id), 'closed'], [String(accepted._id), 'open']].sort());
  });

  it('a merge cut by a crash is listed by the dry run and finished by running it again; a second run finds nothing and changes nothing', async () => {
    const { keep, drop } = await storedTwice();
    const first = await insertTicket(tenant.companyId, String(drop._id), { status: 'closed', whatsappId });
    const second = await insertTicket(tenant.companyId, String(drop._id), { status: 'pending', whatsappId });
    await insertMessage(tenant.companyId, String(second._id), String(drop._id), 'still here');
    // The crash: the contact was marked and one ticket moved, nothing else.
    await updateContact(tenant.companyId, drop._id, { mergedInto: keep._id, duplicateKey: tenant.companyId });
    await updateTicket(tenant.companyId, first._id, { $set: { contactId: keep._id } }, { touch: false });

    const listed = await merge({ dryRun: true });
    expect(listed.body.pairs.map((pair: { keep: { id: string }; drop: { id: string } }) => [pair.keep.id, pair.drop.id])).to.deep.include([String(keep._id), String(drop._id)]);
    expect((await merge({})).body.merged).to.be.greaterThanOrEqual(1);
    expect((await ticketsOfContact(String(keep._id))).map((ticket) => String(ticket._id)).sort()).to.deep.equal([String(first._id), String(second._id)].sort());
    expect(await db().collection('contacts').countDocuments({ _id: drop._id })).to.equal(0);

    const settled = await storedContacts(tenant.companyId);
    expect((await merge({})).body).to.deep.equal({ dryRun: false, pairs: [], merged: 0 });
    // The same pair once more, as a resumed inbound merge would: the kept contact, nothing moved.
    const again = await createContactMerger({ language: 'en' }).merge(tenant.companyId, keep._id, drop._id);
    expect(String(again._id)).to.equal(String(keep._id));
    expect(await storedContacts(tenant.companyId)).to.deep.equal(settled);
  });

  it('a contact waiting for a merge whose counterpart was deleted takes its own key back', async () => {
    const { keep, drop } = await storedTwice();
    expect((await t.call('DELETE', `/contacts/${String(keep._id)}`, { token: admin().token })).status).to.equal(204);
    expect((await merge({ dryRun: true })).body.pairs).to.deep.equal([]);
    expect((await merge({})).body.merged).to.equal(0);
    const freed = await db().collection('contacts').findOne({ _id: drop._id });
    expect(freed).to.include({ numberKey: drop.number, duplicateKey: null });
    expectError(await t.call('POST', '/contacts', { token: admin().token, body: { name: 'Again', number: keep.number } }), 409, 'ERR_DUPLICATED_CONTACT');
  });

  it("another company's contacts are untouched by all of it", async () => {
    expect(await storedContacts(other.companyId)).to.deep.equal(otherBefore);
  });
});
