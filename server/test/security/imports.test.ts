/**
 * Issue 29 item 3: a 1.4 MB .xlsx contact import by a plain user held every company for 58.7 s and
 * took the server to 3.35 GB, never released. Imports are read in a worker thread within limits
 * on the unpacked size, the rows and the cells, checked while reading; over one, the answer is
 * 413 ERR_IMPORT_TOO_LARGE naming it, nothing is stored, and the server's own memory stays put.
 */
import { expect } from 'chai';
import { CONTACT_UPLOAD_MAX_ROWS, IMPORT_CELLS_MAX, IMPORT_UNPACKED_MAX_BYTES } from '@atende/shared';
import { startTestApp, type TestApp } from '../support/app.js';
import { postFile } from '../support/contactFixtures.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { inlineRows, sheetBombs, workbookOf } from '../support/sheetBombs.js';
import { ContactModel } from '../../src/domains/contacts/model.js';
import { ContactListItemModel } from '../../src/domains/contactLists/model.js';

const MAX: Record<string, number> = { unpackedBytes: IMPORT_UNPACKED_MAX_BYTES, rows: CONTACT_UPLOAD_MAX_ROWS, cells: IMPORT_CELLS_MAX };
const MB = 1024 * 1024;

describe('spreadsheet bombs are refused within limits, off the event loop (issue 29 item 3)', function () {
  this.timeout(180_000);
  let t: TestApp;
  let tenant: Tenant;
  let plainUser: Session;
  let listId: string;
  const bombs = sheetBombs();

  before(async () => {
    t = await startTestApp('imports');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useCampaigns: true })).id });
    plainUser = await createMember(t, tenant, 'user');
    listId = (await t.call('POST', '/contact-lists', { token: tenant.admin.token, body: { name: 'Bombs' } })).body.id;
  });
  after(() => t?.stop());

  it('a plain user importing each bomb gets 413 ERR_IMPORT_TOO_LARGE naming the limit, and nothing is stored', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    for (const bomb of bombs) {
      expect(bomb.bytes.length, `${bomb.label} is a small file`).to.be.lessThan(3 * MB);
      const answer = await postFile(t, plainUser.token, '/contacts/import', { name: bomb.name, bytes: bomb.bytes, type: 'application/octet-stream' });
      expect(answer.status, `${bomb.label}: ${JSON.stringify(answer.body)}`).to.equal(413);
      expect(answer.body, bomb.label).to.include({ error: 'ERR_IMPORT_TOO_LARGE', limit: bomb.limit, max: MAX[bomb.limit] });
      expect(answer.body.message, bomb.label).to.match(/too large to import: more than/);
    }
    expect(await ContactModel.countDocuments({ companyId: tenant.companyId })).to.equal(0);
    // The reading happened in workers, now gone: the server's heap did not take the bombs in.
    expect(process.memoryUsage().heapUsed - heapBefore).to.be.lessThan(150 * MB);
  });

  it("the contact lists' upload refuses them the same way", async () => {
    for (const bomb of bombs.filter((each) => ['mentira.xlsx', 'textos.xlsx', 'antiga.xls', 'campos.csv'].includes(each.name))) {
      const answer = await postFile(t, tenant.admin.token, `/contact-lists/${listId}/upload`, { name: bomb.name, bytes: bomb.bytes, type: 'application/octet-stream' });
      expect(answer.status, `${bomb.label}: ${JSON.stringify(answer.body)}`).to.equal(413);
      expect(answer.body, bomb.label).to.include({ error: 'ERR_IMPORT_TOO_LARGE', limit: bomb.limit });
    }
    expect(await ContactListItemModel.countDocuments({ companyId: tenant.companyId })).to.equal(0);
  });

  it('the text names every limit in the caller\'s language', async () => {
    const bomb = bombs.find((each) => each.limit === 'rows')!;
    const answer = await postFile(t, plainUser.token, '/contacts/import', { name: bomb.name, bytes: bomb.bytes });
    expect(answer.body.error).to.equal('ERR_IMPORT_TOO_LARGE');
    const { createI18n, translateError } = await import('@atende/shared');
    expect(translateError(createI18n('pt'), 'ERR_IMPORT_TOO_LARGE')).to.equal(`O arquivo é grande demais para importar: no máximo ${CONTACT_UPLOAD_MAX_ROWS} linhas de contatos, ${IMPORT_CELLS_MAX} células e ${IMPORT_UNPACKED_MAX_BYTES / MB} MB descompactado.`);
    expect(translateError(createI18n('es'), 'ERR_IMPORT_TOO_LARGE')).to.include(`${CONTACT_UPLOAD_MAX_ROWS} filas`);
  });

  it('a sheet without a header row counts its first row as a contact: one row too many is refused too', async () => {
    const rows = Array.from({ length: CONTACT_UPLOAD_MAX_ROWS + 1 }, (_, index) => `Cliente ${index};55119${String(30_000_000 + index)}`).join('\n');
    const answer = await postFile(t, plainUser.token, '/contacts/import', { name: 'sem-cabecalho.csv', bytes: rows });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(413);
    expect(answer.body).to.include({ error: 'ERR_IMPORT_TOO_LARGE', limit: 'rows', max: CONTACT_UPLOAD_MAX_ROWS });
  });

  it('a sheet at the limits is still imported, and a broken zip is still ERR_INVALID_MEDIA', async () => {
    const rows = [['Nome', 'Numero'], ...Array.from({ length: 300 }, (_, index) => [`Cliente ${index}`, `55119${String(20_000_000 + index)}`])];
    const answer = await postFile(t, plainUser.token, '/contacts/import', { name: 'ok.xlsx', bytes: workbookOf(inlineRows(rows)) });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.newContacts).to.have.length(300);
    const broken = Buffer.from(workbookOf(inlineRows(rows)));
    broken.fill(0, 40, 400);
    const refused = await postFile(t, plainUser.token, '/contacts/import', { name: 'broken.xlsx', bytes: broken });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
    expect(refused.body.error).to.equal('ERR_INVALID_MEDIA');
  });
});
