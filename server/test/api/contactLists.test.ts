import * as SheetJS from '@e965/xlsx';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { ContactListItemModel } from '../../src/domains/contactLists/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { postFile } from '../support/contactFixtures.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { connectedSandbox, createConnection, waitForStatus } from '../support/whatsappFixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Lista');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}


/** A legacy Excel 97-2003 workbook (BIFF8), as an old spreadsheet program saves it. */
function legacyWorkbook(rows: string[][]): Buffer {
  const book = SheetJS.utils.book_new();
  SheetJS.utils.book_append_sheet(book, SheetJS.utils.aoa_to_sheet(rows), 'Contatos');
  return SheetJS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

describe('contact lists', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let lists: Listener;
  let items: Listener;

  before(async () => {
    t = await startTestApp('contactLists', { ATENDE_LIST_CHECK_RETRY_MS: '300' });
    superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useCampaigns: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    agent = await createMember(t, tenant, 'user');
    lists = await listen(t, tenant.adminEmail, tenant.password, 'contactList');
    items = await listen(t, tenant.adminEmail, tenant.password, 'contactListItem');
  });
  after(async () => {
    await lists?.client.disconnect();
    await items?.client.disconnect();
    await t?.stop();
  });

  const admin = () => tenant.admin.token;
  const createList = async (name: string, token = admin()) => {
    const answer = await t.call('POST', '/contact-lists', { token, body: { name } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body as { id: string; name: string; contactsCount: number };
  };
  const addItem = (contactListId: string, body: Record<string, unknown>, token = admin()) => t.call('POST', '/contact-list-items', { token, body: { contactListId, ...body } });
  const countOf = async (id: string) => (await t.call('GET', `/contact-lists/${id}`, { token: admin() })).body.contactsCount as number;
  const storedCount = (id: string) => ContactListItemModel.countDocuments({ companyId: tenant.companyId, contactListId: id });

  describe('the plan gate', () => {
    it('refuses the whole area when the plan does not allow campaigns (403 ERR_PLAN_FEATURE_DISABLED)', async () => {
      const without = await createTenant(t, superUser);
      expectError(await t.call('GET', '/contact-lists', { token: without.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await t.call('POST', '/contact-lists', { token: without.admin.token, body: { name: 'Nope' } }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await t.call('GET', `/contact-list-items?contactListId=${MISSING_ID}`, { token: without.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await t.call('POST', '/contact-list-items', { token: without.admin.token, body: { contactListId: MISSING_ID, name: 'Ana', number: '5511999990000' } }), 403, 'ERR_PLAN_FEATURE_DISABLED');
    });
  });

  describe('lists', () => {
    it('creates, reads, renames and lists them, announcing each change', async () => {
      const created = await createList('Clientes VIP');
      expect(created).to.include({ name: 'Clientes VIP', contactsCount: 0, companyId: tenant.companyId });
      await waitFor(lists.events, (e) => e.action === 'create' && (e.record as { id: string }).id === created.id);
      const renamed = await t.call('PUT', `/contact-lists/${created.id}`, { token: agent.token, body: { ...created, name: 'Clientes Ouro' } });
      expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
      expect(renamed.body.name).to.equal('Clientes Ouro');
      await waitFor(lists.events, (e) => e.action === 'update' && (e.record as { name: string }).name === 'Clientes Ouro');
      expect((await t.call('GET', `/contact-lists/${created.id}`, { token: agent.token })).body.name).to.equal('Clientes Ouro');
      const all = await t.call('GET', '/contact-lists/list', { token: agent.token });
      expect(all.body.map((l: { id: string }) => l.id)).to.include(created.id);
    });

    it('validates the name (2 to 50, required) with 400 ERR_VALIDATION', async () => {
      for (const [body, rule] of [[{}, 'any.required'], [{ name: 'A' }, 'string.min'], [{ name: 'x'.repeat(51) }, 'string.max'], [{ name: '  ' }, 'string.empty']] as const) {
        const answer = await t.call('POST', '/contact-lists', { token: admin(), body });
        expectInvalid(answer, 'name');
        expect(answer.body.rule).to.equal(rule);
      }
      expectInvalid(await t.call('GET', '/contact-lists?pageNumber=0', { token: admin() }), 'pageNumber');
      expectInvalid(await t.call('GET', '/contact-lists/not-an-id', { token: admin() }), 'id');
    });

    it('pages in name order (hasMore) and searches by name', async () => {
      for (let i = 0; i < 22; i += 1) await createList(`Paged ${String(i).padStart(2, '0')}`, other.admin.token);
      const first = await t.call('GET', '/contact-lists?searchParam=paged', { token: other.admin.token });
      expect(first.body.records).to.have.length(20);
      expect(first.body.hasMore).to.equal(true);
      expect(first.body.records[0].name).to.equal('Paged 00');
      const second = await t.call('GET', '/contact-lists?searchParam=paged&pageNumber=2', { token: other.admin.token });
      expect(second.body.records.map((l: { name: string }) => l.name)).to.deep.equal(['Paged 20', 'Paged 21']);
      expect(second.body.hasMore).to.equal(false);
      const one = await t.call('GET', '/contact-lists?searchParam=ed 07', { token: other.admin.token });
      expect(one.body.records.map((l: { name: string }) => l.name)).to.deep.equal(['Paged 07']);
      // Another company's lists are not seen.
      const mine = await t.call('GET', '/contact-lists?searchParam=paged', { token: admin() });
      expect(mine.body.records).to.deep.equal([]);
    });

    it("answers 404 for another company's list (read, rename, delete, items, upload)", async () => {
      const theirs = await createList('Theirs', other.admin.token);
      expectError(await t.call('GET', `/contact-lists/${theirs.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      expectError(await t.call('PUT', `/contact-lists/${theirs.id}`, { token: admin(), body: { name: 'Mine now' } }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      expectError(await t.call('DELETE', `/contact-lists/${theirs.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      expectError(await t.call('GET', `/contact-list-items?contactListId=${theirs.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      expectError(await addItem(theirs.id, { name: 'Intruder', number: '5511900000001' }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      expectError(await postFile(t, admin(), `/contact-lists/${theirs.id}/upload`, { name: 'l.csv', bytes: 'name;number\nAna;5511900000002\n' }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      const item = await addItem(theirs.id, { name: 'Their item', number: '5511900000003' }, other.admin.token);
      expect(item.status).to.equal(201);
      expectError(await t.call('GET', `/contact-list-items/${item.body.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_ITEM_FOUND');
      expectError(await t.call('PUT', `/contact-list-items/${item.body.id}`, { token: admin(), body: { name: 'Changed' } }), 404, 'ERR_NO_CONTACT_LIST_ITEM_FOUND');
      expectError(await t.call('DELETE', `/contact-list-items/${item.body.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_ITEM_FOUND');
      expect((await t.call('GET', `/contact-list-items/${item.body.id}`, { token: other.admin.token })).body.name).to.equal('Their item');
    });
  });

  describe('items', () => {
    let list: { id: string };

    before(async () => {
      list = await createList('Items');
    });

    it('adds an item with its number normalised as contacts are, counted on the list and announced', async () => {
      const answer = await addItem(list.id, { name: 'Ana Souza', number: '+55 (11) 98888-0001', email: 'ANA@X.TEST' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name: 'Ana Souza', number: '5511988880001', email: 'ana@x.test', contactListId: list.id, companyId: tenant.companyId, isWhatsappValid: null });
      await waitFor(items.events, (e) => e.action === 'create' && (e.record as { id: string }).id === answer.body.id);
      await waitFor(lists.events, (e) => e.action === 'update' && (e.record as { id: string; contactsCount: number }).id === list.id && (e.record as { contactsCount: number }).contactsCount === 1);
      expect(await countOf(list.id)).to.equal(1);
    });

    it('keeps one item per number in a list (409 ERR_DUPLICATED_CONTACT); another list may have it', async () => {
      expectError(await addItem(list.id, { name: 'Ana Again', number: '5511988880001' }), 409, 'ERR_DUPLICATED_CONTACT');
      const elsewhere = await createList('Elsewhere');
      expect((await addItem(elsewhere.id, { name: 'Ana', number: '5511988880001' })).status).to.equal(201);
      const second = await addItem(list.id, { name: 'Bruno', number: '5511988880002' });
      expectError(await t.call('PUT', `/contact-list-items/${second.body.id}`, { token: admin(), body: { number: '5511988880001' } }), 409, 'ERR_DUPLICATED_CONTACT');
      expect(await countOf(list.id)).to.equal(2);
    });

    it('validates items (name 2-50 required, number 8-50 digits, e-mail, contactListId) with 400 ERR_VALIDATION', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ number: '5511988880009' }, 'name'],
        [{ name: 'A', number: '5511988880009' }, 'name'],
        [{ name: 'x'.repeat(51), number: '5511988880009' }, 'name'],
        [{ name: 'Carla' }, 'number'],
        [{ name: 'Carla', number: '1234567' }, 'number'],
        [{ name: 'Carla', number: '1'.repeat(51) }, 'number'],
        [{ name: 'Carla', number: 'call me' }, 'number'],
        [{ name: 'Carla', number: '5511988880009', email: 'not-mail' }, 'email'],
      ];
      for (const [body, field] of cases) expectInvalid(await addItem(list.id, body), field);
      expectInvalid(await t.call('POST', '/contact-list-items', { token: admin(), body: { name: 'Carla', number: '5511988880009' } }), 'contactListId');
      expectInvalid(await t.call('GET', '/contact-list-items', { token: admin() }), 'contactListId');
      expectInvalid(await t.call('PUT', `/contact-list-items/${MISSING_ID}`, { token: admin(), body: {} }), 'payload');
      expect(await countOf(list.id)).to.equal(2);
    });

    it('pages items in name order and searches by name, number digits or e-mail', async () => {
      const paged = await createList('Paged items');
      for (let i = 0; i < 21; i += 1) expect((await addItem(paged.id, { name: `Pessoa ${String(i).padStart(2, '0')}`, number: `55119777700${String(i).padStart(2, '0')}`, email: i === 5 ? 'five@x.test' : '' })).status).to.equal(201);
      const first = await t.call('GET', `/contact-list-items?contactListId=${paged.id}`, { token: agent.token });
      expect(first.body.contacts).to.have.length(20);
      expect(first.body).to.include({ hasMore: true, count: 21 });
      const second = await t.call('GET', `/contact-list-items?contactListId=${paged.id}&pageNumber=2`, { token: agent.token });
      expect(second.body.contacts.map((c: { name: string }) => c.name)).to.deep.equal(['Pessoa 20']);
      expect(second.body.hasMore).to.equal(false);
      const byNumber = await t.call('GET', `/contact-list-items?contactListId=${paged.id}&searchParam=${encodeURIComponent('(11) 97777-0013')}`, { token: agent.token });
      expect(byNumber.body.contacts.map((c: { name: string }) => c.name)).to.deep.equal(['Pessoa 13']);
      const byMail = await t.call('GET', `/contact-list-items?contactListId=${paged.id}&searchParam=FIVE@`, { token: agent.token });
      expect(byMail.body.contacts.map((c: { name: string }) => c.name)).to.deep.equal(['Pessoa 05']);
      const byName = await t.call('GET', `/contact-list-items?contactListId=${paged.id}&searchParam=pessoa 1`, { token: agent.token });
      expect(byName.body.contacts).to.have.length(10);
    });

    it('updates an item; a new number waits for the WhatsApp check again', async () => {
      const added = await addItem(list.id, { name: 'Caio', number: '5511988880003' });
      await ContactListItemModel.updateOne({ _id: added.body.id, companyId: tenant.companyId }, { $set: { isWhatsappValid: true, checkKey: null } });
      const renamed = await t.call('PUT', `/contact-list-items/${added.body.id}`, { token: agent.token, body: { ...added.body, name: 'Caio Lima', email: '' } });
      expect(renamed.body).to.include({ name: 'Caio Lima', isWhatsappValid: true, number: '5511988880003' });
      const renumbered = await t.call('PUT', `/contact-list-items/${added.body.id}`, { token: agent.token, body: { number: '11 98888-0004' } });
      expect(renumbered.body).to.include({ number: '11988880004', isWhatsappValid: null });
      await waitFor(items.events, (e) => e.action === 'update' && (e.record as { name: string }).name === 'Caio Lima');
    });

    it('deletes items only for admins and supervisors (contacts-page:deleteContact), counting them down once', async () => {
      const added = await addItem(list.id, { name: 'Dora', number: '5511988880005' });
      const before = await countOf(list.id);
      expectError(await t.call('DELETE', `/contact-list-items/${added.body.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      const supervisor = await createMember(t, tenant, 'supervisor');
      expect((await t.call('DELETE', `/contact-list-items/${added.body.id}`, { token: supervisor.token })).status).to.equal(204);
      expectError(await t.call('DELETE', `/contact-list-items/${added.body.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_ITEM_FOUND');
      await waitFor(items.events, (e) => e.action === 'delete' && e.id === added.body.id && e.contactListId === list.id);
      expect(await countOf(list.id)).to.equal(before - 1);
    });

    it('deleting a list removes its items', async () => {
      const doomed = await createList('Doomed');
      const item = await addItem(doomed.id, { name: 'Eva', number: '5511988880006' });
      expect((await t.call('DELETE', `/contact-lists/${doomed.id}`, { token: agent.token })).status).to.equal(204);
      await waitFor(lists.events, (e) => e.action === 'delete' && e.id === doomed.id);
      expectError(await t.call('GET', `/contact-lists/${doomed.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_FOUND');
      expectError(await t.call('GET', `/contact-list-items/${item.body.id}`, { token: admin() }), 404, 'ERR_NO_CONTACT_LIST_ITEM_FOUND');
      expect(await storedCount(doomed.id)).to.equal(0);
    });
  });

  describe('importing a sheet into one list', () => {
    it('adds the good rows of an .xlsx and reports each bad one (newContacts / errorBag), then one reload event', async () => {
      const list = await createList('Imported');
      expect((await addItem(list.id, { name: 'Already', number: '5511966660004' })).status).to.equal(201);
      const bytes = await workbook([
        ['Nome', 'Número', 'E-mail'],
        ['Fábio', 5511966660001, 'fabio@x.test'],
        ['Gil', '(11) 96666-0002', ''],
        ['Helena', '5511966660003', 'not-an-email'],
        ['Iris', '5511966660001', ''],
        ['Já está', '5511966660004', ''],
        ['Curto', '123', ''],
        ['Joana', '5511966660005', 'joana@x.test'],
      ]);
      const answer = await postFile(t, admin(), `/contact-lists/${list.id}/upload`, { name: 'lista.xlsx', bytes, type: XLSX });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.newContacts.map((c: { contactName: string }) => c.contactName)).to.deep.equal(['Fábio', 'Gil', 'Joana']);
      const report = answer.body.errorBag.map((e: { row: number; contactName: string; error: { code: string; field?: string } }) => [e.row, e.contactName, e.error.code, e.error.field]);
      expect(report).to.deep.equal([
        [3, 'Helena', 'ERR_VALIDATION', 'email'],
        [4, 'Iris', 'ERR_DUPLICATED_CONTACT', 'number'],
        [5, 'Já está', 'ERR_DUPLICATED_CONTACT', 'number'],
        [6, 'Curto', 'ERR_VALIDATION', 'number'],
      ]);
      await waitFor(items.events, (e) => e.action === 'reload' && e.contactListId === list.id && e.count === 3);
      expect(await countOf(list.id)).to.equal(4);
      expect(await storedCount(list.id)).to.equal(4);
      const gil = await ContactListItemModel.findOne({ companyId: tenant.companyId, contactListId: list.id, name: 'Gil' }).lean();
      expect(gil?.number).to.equal('11966660002');
    });

    it('reads CSV and a legacy .xls too; refuses a broken .xls, a file without a number column, a missing file', async () => {
      const list = await createList('Csv');
      const csv = await postFile(t, agent.token, `/contact-lists/${list.id}/upload`, { name: 'l.csv', bytes: 'nome;numero\nKleber;5511955550001\nLia;5511955550002\n' });
      expect(csv.body.newContacts).to.have.length(2);
      const xls = legacyWorkbook([['Nome', 'Número', 'Email'], ['Mara Antiga', '5511955550003', 'mara@old.test'], ['Sem Número', '', '']]);
      const legacy = await postFile(t, agent.token, `/contact-lists/${list.id}/upload`, { name: 'old.xls', bytes: xls, type: 'application/vnd.ms-excel' });
      expect(legacy.status, JSON.stringify(legacy.body)).to.equal(200);
      expect(legacy.body.newContacts.map((row: { contactName: string }) => row.contactName)).to.deep.equal(['Mara Antiga']);
      expect(legacy.body.errorBag).to.have.length(1);
      const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(56)]);
      expectError(await postFile(t, admin(), `/contact-lists/${list.id}/upload`, { name: 'broken.xls', bytes: ole, type: 'application/vnd.ms-excel' }), 400, 'ERR_INVALID_MEDIA');
      expectInvalid(await postFile(t, admin(), `/contact-lists/${list.id}/upload`, { name: 'l.csv', bytes: 'nome;cidade\nAna;Recife\n' }), 'file');
      expectInvalid(await postFile(t, admin(), `/contact-lists/${list.id}/upload`, { name: 'l.csv', bytes: 'x' }, 'other'), 'file');
      expect(await countOf(list.id)).to.equal(3);
    });
  });

  describe('contactsCount under concurrency', () => {
    it('stays exact when adds, deletes, renames and an import race', async () => {
      const list = await createList('Race');
      const seed = await Promise.all(Array.from({ length: 10 }, (_, i) => addItem(list.id, { name: `Seed ${i}`, number: `55119444400${String(i).padStart(2, '0')}` })));
      const victims = seed.slice(0, 5).map((answer) => answer.body.id as string);
      const sheet = ['name;number', ...Array.from({ length: 30 }, (_, i) => `Row ${i};55119333300${String(i).padStart(2, '0')}`)].join('\n');
      const work = [
        ...Array.from({ length: 10 }, (_, i) => addItem(list.id, { name: `Racer ${i}`, number: `55119222200${String(i).padStart(2, '0')}` })),
        // The same number three times at once: one lands.
        ...Array.from({ length: 3 }, () => addItem(list.id, { name: 'Twin', number: '5511911110000' })),
        // Each victim deleted twice at once: counted down once.
        ...victims.flatMap((id) => Array.from({ length: 2 }, () => t.call('DELETE', `/contact-list-items/${id}`, { token: admin() }))),
        ...Array.from({ length: 3 }, (_, i) => t.call('PUT', `/contact-lists/${list.id}`, { token: admin(), body: { name: `Race ${i}` } })),
        postFile(t, admin(), `/contact-lists/${list.id}/upload`, { name: 'race.csv', bytes: sheet }),
      ];
      const answers = await Promise.all(work);
      expect(answers.filter((a) => a.status >= 500), JSON.stringify(answers.filter((a) => a.status >= 500).map((a) => a.body))).to.deep.equal([]);
      expect(answers.filter((a) => a.status === 204)).to.have.length(5);
      const stored = await storedCount(list.id);
      expect(stored).to.equal(10 + 10 + 1 - 5 + 30);
      expect(await countOf(list.id)).to.equal(stored);
    });
  });

  describe('the WhatsApp check', () => {
    it('waits while there is no connected default connection, then checks every number through it with progress', async () => {
      const list = await createList('Check');
      for (const [name, number] of [['Valid One', '5511912340001'], ['Valid Two', '5511912340002'], ['Ghost', '5599912340003']]) expect((await addItem(list.id, { name, number })).status).to.equal(201);
      await waitFor(lists.events, (e) => e.action === 'check' && e.contactListId === list.id && e.state === 'waiting' && e.total === 3 && e.checked === 0);
      const page = await t.call('GET', `/contact-list-items?contactListId=${list.id}`, { token: admin() });
      expect(page.body.contacts.map((c: { isWhatsappValid: unknown }) => c.isWhatsappValid)).to.deep.equal([null, null, null]);

      // The phone's rule is set before it is paired: the check starts as soon as it connects.
      const connection = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      await waitForStatus(t, tenant.admin, connection.id, 'qrcode');
      const absent = await t.call('PUT', `/sandbox/${connection.id}/absent-numbers`, { token: admin(), body: { prefixes: ['5599'] } });
      expect(absent.status, JSON.stringify(absent.body)).to.equal(200);
      expect(absent.body.absentPrefixes).to.deep.equal(['5599']);
      expect((await t.call('POST', `/sandbox/${connection.id}/pair`, { token: admin(), body: {} })).status).to.equal(200);
      await waitFor(lists.events, (e) => e.action === 'check' && e.contactListId === list.id && e.state === 'done' && e.checked === 3 && e.total === 3, 8000);
      await waitFor(items.events, (e) => e.action === 'update' && (e.record as { name: string; isWhatsappValid: unknown }).name === 'Ghost' && (e.record as { isWhatsappValid: unknown }).isWhatsappValid === false);
      const checked = await t.call('GET', `/contact-list-items?contactListId=${list.id}`, { token: admin() });
      expect(checked.body.contacts.map((c: { name: string; isWhatsappValid: unknown }) => [c.name, c.isWhatsappValid])).to.deep.equal([
        ['Ghost', false],
        ['Valid One', true],
        ['Valid Two', true],
      ]);
    });

    it('checks an imported list in batches, reporting checked/total as it goes', async () => {
      const list = await createList('Big check');
      const sheet = ['name;number', ...Array.from({ length: 120 }, (_, i) => `Big ${i};${i % 4 === 0 ? '5599' : '5511'}9888${String(i).padStart(5, '0')}`)].join('\n');
      const answer = await postFile(t, admin(), `/contact-lists/${list.id}/upload`, { name: 'big.csv', bytes: sheet });
      expect(answer.body.newContacts).to.have.length(120);
      await waitFor(lists.events, (e) => e.action === 'check' && e.contactListId === list.id && e.state === 'done', 15000);
      const steps = lists.events.filter((e) => e.action === 'check' && e.contactListId === list.id && e.state === 'running').map((e) => e.checked as number);
      expect(steps).to.include.members([0, 50, 100, 120]);
      expect(await ContactListItemModel.countDocuments({ companyId: tenant.companyId, contactListId: list.id, isWhatsappValid: false })).to.equal(30);
      expect(await ContactListItemModel.countDocuments({ companyId: tenant.companyId, contactListId: list.id, isWhatsappValid: true })).to.equal(90);
      expect(await ContactListItemModel.countDocuments({ companyId: tenant.companyId, checkKey: list.id })).to.equal(0);
    });

    it("the sandbox rule belongs to the connection's admins (another company's connection: 404)", async () => {
      const theirs = await connectedSandbox(t, other.admin);
      expectError(await t.call('PUT', `/sandbox/${theirs.id}/absent-numbers`, { token: admin(), body: { prefixes: ['55'] } }), 404, 'ERR_NO_WAPP_FOUND');
      expectInvalid(await t.call('PUT', `/sandbox/${theirs.id}/absent-numbers`, { token: other.admin.token, body: { prefixes: ['55a'] } }), 'prefixes.0');
      await settle(50);
    });
  });
});
