import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { Types } from 'mongoose';
import { createApiClient, memorySession } from '@atende/shared/client';
import { CONTACT_UPLOAD_MAX_ROWS } from '@atende/shared';
import { ContactModel } from '../../src/domains/contacts/model.js';
import { findOrCreateContact } from '../../src/domains/contacts/identity.js';
import { MessageModel } from '../../src/domains/messages/model.js';
import { TicketTagModel } from '../../src/domains/tags/model.js';
import { TicketNoteModel } from '../../src/domains/ticketNotes/model.js';
import { TicketModel } from '../../src/domains/tickets/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { createContact, freshNumber, insertMessage, insertTicket, postFile, type ContactAnswer } from '../support/contactFixtures.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';

describe('contacts', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session;
  let supervisor: Session;
  let live: Listener;
  let otherLive: Listener;

  before(async () => {
    t = await startTestApp('contacts');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
    live = await listen(t, tenant.adminEmail, tenant.password, 'contact');
    otherLive = await listen(t, other.adminEmail, other.password, 'contact');
  });
  after(async () => {
    await live?.client.disconnect();
    await otherLive?.client.disconnect();
    await t?.stop();
  });

  const admin = () => tenant.admin.token;
  const names = (answer: { body: { contacts: { name: string }[] } }) => answer.body.contacts.map((c) => c.name);

  describe('POST /contacts', () => {
    it('creates a contact with the number as digits, the e-mail lower-cased and extra info with ids, and pushes it', async () => {
      const answer = await t.call('POST', '/contacts', {
        token: agent.token,
        body: { name: '  Ana Souza ', number: '+55 (11) 98888-0001', email: 'Ana@Example.COM', extraInfo: [{ name: 'CPF', value: '123' }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name: 'Ana Souza', number: '5511988880001', email: 'ana@example.com', isGroup: false, profilePicUrl: '', companyId: tenant.companyId });
      expect(answer.body.extraInfo).to.have.length(1);
      expect(answer.body.extraInfo[0]).to.include({ name: 'CPF', value: '123' }).and.to.have.property('id').that.matches(/^[0-9a-f]{24}$/);
      const event = await waitFor(live.events, (e) => e.action === 'create' && (e.contact as ContactAnswer).id === answer.body.id);
      expect((event.contact as ContactAnswer).number).to.equal('5511988880001');
      await settle(100);
      expect(otherLive.events.filter((e) => (e.contact as ContactAnswer | undefined)?.id === answer.body.id)).to.deep.equal([]);
    });

    it('refuses a number the company already has, however it is typed (409 ERR_DUPLICATED_CONTACT); another company may have it', async () => {
      await createContact(t, tenant.admin, { number: '5511988880002' });
      expectError(await t.call('POST', '/contacts', { token: admin(), body: { name: 'Twin', number: '55 11 98888-0002' } }), 409, 'ERR_DUPLICATED_CONTACT');
      expect((await t.call('POST', '/contacts', { token: other.admin.token, body: { name: 'Twin', number: '5511988880002' } })).status).to.equal(201);
    });

    it('accepts an empty e-mail', async () => {
      expect((await createContact(t, tenant.admin, { email: '' })).email).to.equal('');
    });

    it('validates name (2..50, required), number (8..50 digits, no letters), e-mail, extra info and unknown fields', async () => {
      const post = (body: Record<string, unknown>) => t.call('POST', '/contacts', { token: admin(), body: { name: 'Valid Name', number: freshNumber(), ...body } });
      expectInvalid(await post({ name: undefined }), 'name');
      expectInvalid(await post({ name: 'A' }), 'name');
      expectInvalid(await post({ name: 'x'.repeat(51) }), 'name');
      expectInvalid(await post({ number: undefined }), 'number');
      expectInvalid(await post({ number: '(11) 1234' }), 'number');
      expectInvalid(await post({ number: '1'.repeat(51) }), 'number');
      expectInvalid(await post({ number: 'call 5511999990000' }), 'number');
      expectInvalid(await post({ email: 'not-an-email' }), 'email');
      expectInvalid(await post({ extraInfo: [{ value: 'no name' }] }), 'extraInfo.0.name');
      expectInvalid(await post({ isGroup: true }), 'isGroup');
      const short = await post({ number: '1234567' });
      expect(short.body.rule).to.equal('string.min');
      expect((await post({ number: '12345678' })).status).to.equal(201);
    });
  });

  describe('GET /contacts and /contacts/list', () => {
    before(async () => {
      const rows = Array.from({ length: 22 }, (_, i) => ({ name: `Paged ${String(i).padStart(2, '0')}`, number: `55117000000${String(i).padStart(2, '0')}` }));
      const answer = await t.call('POST', '/contacts/upload', { token: admin(), body: rows });
      expect(answer.body.newContacts).to.have.length(22);
      await createContact(t, tenant.admin, { name: 'zélia lower', number: '5511955550001', email: 'zelia@shop.test' });
      await createContact(t, tenant.admin, { name: 'Zeca Upper', number: '5511955550002' });
      await createContact(t, tenant.admin, { name: 'Weird a.c (name', number: '5511955550003' });
      await createContact(t, other.admin, { name: 'Paged Foreign', number: '5511700000001' });
    });

    it('pages the contacts of the company in name order, ignoring case and accents, with count and hasMore', async () => {
      const first = await t.call('GET', '/contacts?searchParam=paged&pageNumber=1', { token: agent.token });
      expect(first.status).to.equal(200);
      expect(first.body.count).to.equal(22);
      expect(first.body.hasMore).to.equal(true);
      expect(names(first)).to.have.length(20);
      expect(names(first)[0]).to.equal('Paged 00');
      const second = await t.call('GET', '/contacts?searchParam=paged&pageNumber=2', { token: agent.token });
      expect(names(second)).to.deep.equal(['Paged 20', 'Paged 21']);
      expect(second.body.hasMore).to.equal(false);
      const zs = await t.call('GET', '/contacts?searchParam=ze', { token: admin() });
      expect(names(zs)).to.deep.equal(['Zeca Upper', 'zélia lower']);
    });

    it('searches name, number (also as typed with a mask) and e-mail, case-insensitively, with the text escaped', async () => {
      expect(names(await t.call('GET', '/contacts?searchParam=ZECA', { token: admin() }))).to.deep.equal(['Zeca Upper']);
      expect(names(await t.call('GET', `/contacts?searchParam=${encodeURIComponent('(11) 95555-0002')}`, { token: admin() }))).to.deep.equal(['Zeca Upper']);
      expect(names(await t.call('GET', '/contacts?searchParam=955550001', { token: admin() }))).to.deep.equal(['zélia lower']);
      expect(names(await t.call('GET', '/contacts?searchParam=SHOP.TEST', { token: admin() }))).to.deep.equal(['zélia lower']);
      expect(names(await t.call('GET', `/contacts?searchParam=${encodeURIComponent('a.c (')}`, { token: admin() }))).to.deep.equal(['Weird a.c (name']);
      expect(names(await t.call('GET', '/contacts?searchParam=abc', { token: admin() }))).to.deep.equal([]);
    });

    it('filters by creation day', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect((await t.call('GET', `/contacts?searchParam=paged&date=${today}`, { token: admin() })).body.count).to.equal(22);
      expect((await t.call('GET', `/contacts?searchParam=paged&dateStart=${today}&dateEnd=${today}`, { token: admin() })).body.count).to.equal(22);
      expect((await t.call('GET', '/contacts?searchParam=paged&dateEnd=2001-01-01', { token: admin() })).body.count).to.equal(0);
    });

    it('validates the query', async () => {
      expectInvalid(await t.call('GET', '/contacts?pageNumber=0', { token: admin() }), 'pageNumber');
      expectInvalid(await t.call('GET', '/contacts?date=yesterday', { token: admin() }), 'date');
    });

    it('/contacts/list answers every contact of the company with id, name, number and e-mail', async () => {
      const answer = await t.call('GET', '/contacts/list', { token: agent.token });
      expect(answer.status).to.equal(200);
      const paged = answer.body.filter((c: { name: string }) => c.name.startsWith('Paged'));
      expect(paged).to.have.length(22);
      expect(Object.keys(answer.body[0]).sort()).to.deep.equal(['email', 'id', 'name', 'number']);
      const asked = await t.call('GET', `/contacts/list?companyId=${other.companyId}`, { token: admin() });
      expect(asked.body.some((c: { name: string }) => c.name === 'Paged Foreign')).to.equal(false);
    });
  });

  describe('GET, PUT and DELETE /contacts/{id}', () => {
    let contact: ContactAnswer;
    before(async () => {
      contact = await createContact(t, tenant.admin, { name: 'Bruno', extraInfo: [{ name: 'Plan', value: 'gold' }, { name: 'City', value: 'Recife' }] });
    });

    it('reads one contact with its extra info; another company gets 404 ERR_NO_CONTACT_FOUND', async () => {
      const answer = await t.call('GET', `/contacts/${contact.id}`, { token: agent.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.extraInfo.map((i: { name: string }) => i.name)).to.deep.equal(['Plan', 'City']);
      expectError(await t.call('GET', `/contacts/${contact.id}`, { token: other.admin.token }), 404, 'ERR_NO_CONTACT_FOUND');
      expectError(await t.call('GET', `/contacts/${MISSING_ID}`, { token: admin() }), 404, 'ERR_NO_CONTACT_FOUND');
      expectInvalid(await t.call('GET', '/contacts/not-an-id', { token: admin() }), 'id');
    });

    it('replaces extra info as sent: kept ids stay, missing ones go, new ones are added; pushes the update', async () => {
      const [plan] = contact.extraInfo;
      const answer = await t.call('PUT', `/contacts/${contact.id}`, {
        token: agent.token,
        body: { name: 'Bruno Lima', extraInfo: [{ id: plan!.id, name: 'Plan', value: 'platinum' }, { name: 'Birthday', value: '01/02' }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.name).to.equal('Bruno Lima');
      expect(answer.body.number).to.equal(contact.number);
      expect(answer.body.extraInfo).to.have.length(2);
      expect(answer.body.extraInfo[0]).to.deep.equal({ id: plan!.id, name: 'Plan', value: 'platinum' });
      expect(answer.body.extraInfo[1].name).to.equal('Birthday');
      expect(answer.body.extraInfo[1].id).not.to.equal(contact.extraInfo[1]!.id);
      await waitFor(live.events, (e) => e.action === 'update' && (e.contact as ContactAnswer).name === 'Bruno Lima');
      const cleared = await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: { extraInfo: [] } });
      expect(cleared.body.extraInfo).to.deep.equal([]);
    });

    it('changes the number, refusing one another contact has', async () => {
      const taken = await createContact(t, tenant.admin);
      expectError(await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: { number: taken.number } }), 409, 'ERR_DUPLICATED_CONTACT');
      expect((await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: { number: contact.number } })).status).to.equal(200);
      const moved = await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: { number: '+55 11 97777-0001' } });
      expect(moved.body.number).to.equal('5511977770001');
    });

    it('validates the update and hides other companies', async () => {
      expectInvalid(await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: {} }), 'payload');
      expectInvalid(await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: { name: 'B' } }), 'name');
      expectInvalid(await t.call('PUT', `/contacts/${contact.id}`, { token: admin(), body: { number: '123' } }), 'number');
      expectError(await t.call('PUT', `/contacts/${contact.id}`, { token: other.admin.token, body: { name: 'Hijack' } }), 404, 'ERR_NO_CONTACT_FOUND');
    });

    it("keeps a group's number (its WhatsApp group id) when the edit form sends one", async () => {
      const group = await findOrCreateContact(tenant.companyId, { number: '5511912345678-1612345678@g.us', name: 'Family', isGroup: true });
      expect(group.number).to.equal('5511912345678-1612345678');
      const answer = await t.call('PUT', `/contacts/${String(group._id)}`, { token: admin(), body: { name: 'Family group', number: '5511912345678' } });
      expect(answer.body).to.include({ name: 'Family group', number: '5511912345678-1612345678', isGroup: true });
    });

    it('delete is for admins and supervisors (contacts-page:deleteContact): a user gets 403', async () => {
      const victim = await createContact(t, tenant.admin);
      expectError(await t.call('DELETE', `/contacts/${victim.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/contacts/${victim.id}`, { token: other.admin.token }), 404, 'ERR_NO_CONTACT_FOUND');
      expect((await t.call('DELETE', `/contacts/${victim.id}`, { token: supervisor.token })).status).to.equal(204);
      await waitFor(live.events, (e) => e.action === 'delete' && e.contactId === victim.id);
      expectError(await t.call('GET', `/contacts/${victim.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_FOUND');
      expectError(await t.call('DELETE', `/contacts/${victim.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_FOUND');
    });

    it("deleting a contact also deletes its tickets, their messages, tags and notes, and announces the tickets' removal", async () => {
      const tickets = await listen(t, tenant.adminEmail, tenant.password, 'ticket');
      try {
        const victim = await createContact(t, tenant.admin);
        const bystander = await createContact(t, tenant.admin);
        const ticket = await insertTicket(tenant.companyId, victim.id, { status: 'closed' });
        const kept = await insertTicket(tenant.companyId, bystander.id);
        await insertMessage(tenant.companyId, String(ticket._id), victim.id);
        await insertMessage(tenant.companyId, String(kept._id), bystander.id);
        await TicketNoteModel.create({ companyId: tenant.companyId, ticketId: ticket._id, contactId: victim.id, userId: tenant.admin.user.id, note: 'bye' });
        await TicketTagModel.create({ companyId: tenant.companyId, ticketId: ticket._id, tagId: new Types.ObjectId() });
        expect((await t.call('DELETE', `/contacts/${victim.id}`, { token: admin() })).status).to.equal(204);
        const companyId = tenant.companyId;
        expect(await TicketModel.countDocuments({ companyId, contactId: victim.id })).to.equal(0);
        expect(await MessageModel.countDocuments({ companyId, ticketId: ticket._id })).to.equal(0);
        expect(await TicketNoteModel.countDocuments({ companyId, ticketId: ticket._id })).to.equal(0);
        expect(await TicketTagModel.countDocuments({ companyId, ticketId: ticket._id })).to.equal(0);
        expect(await TicketModel.countDocuments({ companyId, _id: kept._id })).to.equal(1);
        expect(await MessageModel.countDocuments({ companyId, ticketId: kept._id })).to.equal(1);
        await waitFor(tickets.events, (e) => e.action === 'delete' && e.ticketId === String(ticket._id));
      } finally {
        await tickets.client.disconnect();
      }
    });
  });

  describe('POST /contacts/upload', () => {
    it('creates the good rows and explains each bad one in errorBag', async () => {
      await createContact(t, tenant.admin, { name: 'Already Here', number: '5511966660001' });
      const rows = [
        { name: 'Carla', number: '55 (11) 96666-0002', email: 'carla@x.test' },
        { Nome: 'Daniel', 'Número': 5511966660003 },
        { name: 'Bad Number', number: 'n/a' },
        { name: 'Dup In Db', number: '5511966660001' },
        { name: 'Dup In File', number: '+55 11 96666-0002' },
        { number: '5511966660004' },
        { name: 'Bad Mail', number: '5511966660005', email: 'nope' },
        { nombre: 'Elena', telefono: '5511966660006', correo: '' },
      ];
      const answer = await t.call('POST', '/contacts/upload', { token: agent.token, body: rows });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.newContacts.map((c: { contactName: string }) => c.contactName)).to.deep.equal(['Carla', 'Daniel', 'Elena']);
      const bag = answer.body.errorBag.map((e: { row: number; contactName: string; error: { code: string; field: string } }) => [e.row, e.contactName, e.error.code, e.error.field]);
      expect(bag).to.deep.equal([
        [3, 'Bad Number', 'ERR_VALIDATION', 'number'],
        [4, 'Dup In Db', 'ERR_DUPLICATED_CONTACT', 'number'],
        [5, 'Dup In File', 'ERR_DUPLICATED_CONTACT', 'number'],
        [6, '', 'ERR_VALIDATION', 'name'],
        [7, 'Bad Mail', 'ERR_VALIDATION', 'email'],
      ]);
      expect(answer.body.errorBag[2].error.message).to.contain('row 1');
      const daniel = await t.call('GET', `/contacts/${answer.body.newContacts[1].contactId}`, { token: admin() });
      expect(daniel.body.number).to.equal('5511966660003');
    });

    it('announces a large import with one reload event instead of one event per contact', async () => {
      const before = live.events.length;
      const rows = Array.from({ length: 60 }, (_, i) => ({ name: `Bulk ${i}`, number: `55116100000${String(i).padStart(2, '0')}` }));
      const answer = await t.call('POST', '/contacts/upload', { token: admin(), body: rows });
      expect(answer.body.newContacts).to.have.length(60);
      await waitFor(live.events, (e) => e.action === 'reload' && e.count === 60);
      await settle(100);
      expect(live.events.slice(before).filter((e) => e.action === 'create')).to.deep.equal([]);
    });

    it('two simultaneous uploads of the same sheet create each number once, the loser reporting duplicates', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => ({ name: `Race ${i}`, number: `55116200000${String(i).padStart(2, '0')}` }));
      const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', '/contacts/upload', { token: admin(), body: rows })));
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const created = answers.flatMap((a) => a.body.newContacts as { contactName: string }[]);
      expect(created).to.have.length(30);
      const refused = answers.flatMap((a) => a.body.errorBag as { error: { code: string } }[]);
      expect(refused).to.have.length(60);
      expect(refused.every((e) => e.error.code === 'ERR_DUPLICATED_CONTACT')).to.equal(true);
      expect(await ContactModel.countDocuments({ companyId: tenant.companyId, number: /^55116200000/ })).to.equal(30);
    });

    it(`refuses an empty list, something else than a list and more than ${CONTACT_UPLOAD_MAX_ROWS} rows (400)`, async () => {
      expectInvalid(await t.call('POST', '/contacts/upload', { token: admin(), body: [] }), 'payload');
      expectInvalid(await t.call('POST', '/contacts/upload', { token: admin(), body: { name: 'x' } }), 'payload');
      const tooMany = Array.from({ length: CONTACT_UPLOAD_MAX_ROWS + 1 }, () => ({ name: 'Same', number: '5511900000000' }));
      const answer = await t.call('POST', '/contacts/upload', { token: admin(), body: tooMany });
      expectInvalid(answer, 'payload');
      expect(answer.body.rule).to.equal('array.max');
    });
  });

  describe('POST /contacts/import', () => {
    it('reads a ; separated CSV in Windows-1252 with a Portuguese header and quoted fields', async () => {
      const csv = 'Nome;Número;E-mail\r\nJoão Ação;"(11) 95432-0001";joao@x.test\r\n"Silva; Maria";5511954320002;\r\n\r\nSem Numero;;\r\n';
      const answer = await postFile(t, admin(), '/contacts/import', { name: 'contatos.csv', bytes: Buffer.from(csv, 'latin1') });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.newContacts.map((c: { contactName: string }) => c.contactName)).to.deep.equal(['João Ação', 'Silva; Maria']);
      expect(answer.body.errorBag).to.have.length(1);
      expect(answer.body.errorBag[0]).to.include({ row: 3, contactName: 'Sem Numero' });
    });

    it('reads a , separated UTF-8 CSV with an English header, and a headerless one as name, number, email', async () => {
      const english = await postFile(t, admin(), '/contacts/import', { name: 'c.csv', bytes: '\ufeffemail,name,phone\nf@x.test,Fábio,5511954320003\n' });
      expect(english.body.newContacts.map((c: { contactName: string }) => c.contactName)).to.deep.equal(['Fábio']);
      const bare = await postFile(t, agent.token, '/contacts/import', { name: 'c.txt', bytes: 'Gil;5511954320004\nHelena;5511954320005;h@x.test\n', type: 'text/plain' });
      expect(bare.body.newContacts).to.have.length(2);
      expect(bare.body.errorBag).to.deep.equal([]);
    });

    it('reads the first sheet of an .xlsx workbook (numbers typed as numbers too)', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Contatos');
      sheet.addRow(['Nome', 'Número', 'E-mail']);
      sheet.addRow(['Ivo Excel', 5511954320006, 'ivo@x.test']);
      sheet.addRow(['Jana Excel', '(11) 95432-0007', '']);
      sheet.addRow(['Sem número', '', '']);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const answer = await postFile(t, admin(), '/contacts/import', { name: 'contatos.xlsx', bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.newContacts.map((c: { contactName: string }) => c.contactName)).to.deep.equal(['Ivo Excel', 'Jana Excel']);
      expect(answer.body.errorBag.map((e: { contactName: string }) => e.contactName)).to.deep.equal(['Sem número']);
      const ivo = await ContactModel.findOne({ companyId: tenant.companyId, name: 'Ivo Excel' }).lean();
      expect(ivo?.number).to.equal('5511954320006');
    });

    it('refuses a broken workbook (.xlsx or .xls) and binary files with 400 ERR_INVALID_MEDIA', async () => {
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
      expectError(await postFile(t, admin(), '/contacts/import', { name: 'contatos.xlsx', bytes: zip, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 400, 'ERR_INVALID_MEDIA');
      const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(60)]);
      expectError(await postFile(t, admin(), '/contacts/import', { name: 'old.xls', bytes: ole, type: 'application/vnd.ms-excel' }), 400, 'ERR_INVALID_MEDIA');
      expectError(await postFile(t, admin(), '/contacts/import', { name: 'photo.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), type: 'image/png' }), 400, 'ERR_INVALID_MEDIA');
    });

    it('needs a file with a number column and rows', async () => {
      expectInvalid(await postFile(t, admin(), '/contacts/import', { name: 'c.csv', bytes: 'a;b' }, 'other'), 'file');
      expectInvalid(await postFile(t, admin(), '/contacts/import', { name: 'c.csv', bytes: 'nome;email\nAna;a@x.test\n' }), 'file');
      expectInvalid(await postFile(t, admin(), '/contacts/import', { name: 'c.csv', bytes: 'nome;numero\n' }), 'file');
    });
  });

  describe('findOrCreateContact (inbound pipeline)', () => {
    it('creates once from a JID, names it by the number until a push name arrives, and never renames a typed name', async () => {
      const first = await findOrCreateContact(tenant.companyId, { number: '5511933330001:7@s.whatsapp.net', name: '' });
      expect(first).to.include({ number: '5511933330001', name: '5511933330001', isGroup: false });
      const named = await findOrCreateContact(tenant.companyId, { number: '5511933330001', name: 'Ivo', profilePicUrl: 'https://pic.test/ivo.jpg' });
      expect(String(named._id)).to.equal(String(first._id));
      expect(named).to.include({ name: 'Ivo', profilePicUrl: 'https://pic.test/ivo.jpg' });
      const again = await findOrCreateContact(tenant.companyId, { number: '5511933330001', name: 'Ivo Push' });
      expect(again.name).to.equal('Ivo');
      const group = await findOrCreateContact(tenant.companyId, { number: '120363025246125486@g.us', name: 'Team', isGroup: true });
      expect(group).to.include({ number: '120363025246125486', isGroup: true });
    });

    it('answers one contact to concurrent first messages from the same number', async () => {
      const all = await Promise.all(Array.from({ length: 8 }, () => findOrCreateContact(tenant.companyId, { number: '5511933330002', name: 'Race' })));
      expect(new Set(all.map((c) => String(c._id))).size).to.equal(1);
      expect(await ContactModel.countDocuments({ companyId: tenant.companyId, number: '5511933330002' })).to.equal(1);
    });
  });

  it('the shared client covers every contacts call', async () => {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
    const created = await api.contacts.create({ name: 'Client Call', number: '+55 11 92222-0001', extraInfo: [{ name: 'k', value: 'v' }] });
    expect(created.number).to.equal('5511922220001');
    expect((await api.contacts.get(created.id)).extraInfo[0]!.name).to.equal('k');
    expect((await api.contacts.update(created.id, { name: 'Client Called' })).name).to.equal('Client Called');
    expect((await api.contacts.page({ searchParam: 'client called' })).contacts.map((c) => c.id)).to.deep.equal([created.id]);
    expect((await api.contacts.list()).some((c) => c.id === created.id)).to.equal(true);
    const uploaded = await api.contacts.upload([{ name: 'Client Row', number: 5511922220002 }]);
    expect(uploaded.newContacts).to.have.length(1);
    const imported = await api.contacts.importFile(new Blob(['nome;telefone\nClient File;5511922220003\n'], { type: 'text/csv' }), 'contatos.csv');
    expect(imported.newContacts.map((c) => c.contactName)).to.deep.equal(['Client File']);
    await api.contacts.remove(created.id);
    expect(await ContactModel.countDocuments({ companyId: tenant.companyId, _id: created.id })).to.equal(0);
  });
});
