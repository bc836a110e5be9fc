import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContactImportResult, HealthAnswer } from '@atende/shared';
import type { RefusedRow } from '../src/commands/contactImportReport.js';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createTenant, signInSuper, type Signed, type Tenant } from './support/api.js';
import { cli, cliEnv, parse, sessionEnv, terminal, unreachableEnv, type Env } from './support/cli.js';

describe('atende contacts import/export and db status/migrate', function () {
  // Each case runs the binary several times, one after another: generous on a loaded machine.
  this.timeout(90_000);
  let server: SpawnedServer;
  let operator: Signed;
  let tenant: Tenant;
  let adminEnv: Env;

  const file = (name: string) => path.join(adminEnv.ATENDE_CONFIG_DIR!, name);

  before(async () => {
    server = await spawnServer();
    operator = await signInSuper(server.url);
    tenant = await createTenant(server.url, operator);
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
  });
  after(() => server?.stop());

  it('imports a CSV in chunks and reports each refused row with its line in the sheet, its reason translated', async () => {
    // Windows-1252, as Excel saves "CSV" in Brazil; a semicolon inside quotes.
    const csv = 'Nome;Número;E-mail\r\nJoão Silva;+55 (11) 91234-0001;joao@x.test\r\nMaria;5511912340002;\r\nSem número;call me;\r\nRepetida;5511912340002;\r\n"Souza; Filho";5511912340003;s@x.test\r\n';
    await writeFile(file('contacts.csv'), Buffer.from(csv, 'latin1'));
    const first = await cli(['contacts', 'import', file('contacts.csv'), '--chunk', '2', '--json'], adminEnv);
    expect(first.code, 'some rows refused').to.equal(5);
    const json = parse<{ newContacts: ContactImportResult['newContacts']; errorBag: RefusedRow[]; rows: number }>(first);
    expect(json.rows).to.equal(5);
    expect(json.newContacts.map((contact) => contact.contactName)).to.deep.equal(['João Silva', 'Maria', 'Souza; Filho']);
    // Rows as the spreadsheet numbers them: the header is line 1.
    expect(json.errorBag.map((failure) => [failure.row, failure.contactName, failure.error.code, failure.reason])).to.deep.equal([
      [4, 'Sem número', 'ERR_VALIDATION', 'Not a phone number'],
      [5, 'Repetida', 'ERR_DUPLICATED_CONTACT', 'Number repeated in the sheet (line 3)'],
    ]);
    expect(JSON.parse(first.stderr)).to.deep.equal({ error: null, message: '2 of 5 rows refused.', exitCode: 5 });

    const again = await cli(['contacts', 'import', file('contacts.csv'), '--lang', 'pt'], adminEnv);
    expect(again.code, 'every row refused').to.equal(6);
    expect(again.stdout).to.include('0 contato criado, 5 linhas recusadas, de 5.');
    expect(again.stdout).to.match(/^2\s+João Silva\s+5511912340001\s+Já existe um contato com este número\.$/m);
    expect(again.stdout).to.match(/^4\s+Sem número\s+call me\s+Não é um número de telefone$/m);
    expect(again.stdout).to.match(/^5\s+Repetida\s+5511912340002\s+Número repetido na planilha \(linha 3\)$/m);
    expect(again.stderr).to.include('Todas as 5 linhas foram recusadas.');
  });

  it('.xlsx rows are numbered as the spreadsheet shows them, blank rows included; every reason in the CLI language', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planilha');
    sheet.getCell('A2').value = 'Nome';
    sheet.getCell('B2').value = 'Telefone';
    sheet.getCell('C2').value = 'Email';
    sheet.getRow(3).values = ['Linha Três', 5511966660003, 'tres@x.test'];
    sheet.getRow(5).values = ['Linha Cinco', '', ''];
    sheet.getRow(6).values = ['Linha Seis', '5511966', ''];
    sheet.getRow(8).values = ['Linha Oito', '5511966660008', 'not-an-email'];
    sheet.getRow(9).values = ['X', '5511966660009', ''];
    sheet.getRow(10).values = ['Linha Dez', 5511966660003, ''];
    await workbook.xlsx.writeFile(file('gaps.xlsx'));
    const run = await cli(['contacts', 'import', file('gaps.xlsx'), '--lang', 'es', '--json'], adminEnv);
    expect(run.code).to.equal(5);
    const report = parse<{ newContacts: unknown[]; errorBag: { row: number; reason: string }[] }>(run);
    expect(report.newContacts).to.have.length(1);
    expect(report.errorBag.map((failure) => [failure.row, failure.reason])).to.deep.equal([
      [5, 'Número vacío'],
      [6, 'Número con menos de 8 dígitos'],
      [8, 'E-mail no válido'],
      [9, 'Nombre demasiado corto (mínimo 2)'],
      [10, 'Número repetido en la planilla (línea 3)'],
    ]);

    await writeFile(file('good.csv'), 'name,number\nBoa Um,5511966661001\nBoa Dois,5511966661002\n');
    const good = await cli(['contacts', 'import', file('good.csv')], adminEnv);
    expect(good.code, 'every row imported').to.equal(0);
    expect(good.stdout.trim()).to.equal('2 contacts created, 0 rows refused, of 2.');
    expect(good.stderr).to.equal('');
  });

  it('imports the first sheet of an .xlsx workbook, with a progress bar at a terminal only', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['name', 'phone', 'email']);
    sheet.addRow(['Xlsx Um', 5511955550001, 'um@x.test']);
    sheet.addRow(['Xlsx Dois', '5511955550002', '']);
    sheet.addRow(['Sem Telefone', '', '']);
    await workbook.xlsx.writeFile(file('contacts.xlsx'));

    const piped = await cli(['contacts', 'import', file('contacts.xlsx')], adminEnv);
    expect(piped.code).to.equal(5);
    expect(piped.stdout).to.include('2 contacts created, 1 row refused, of 3.');
    expect(piped.stdout).to.match(/^4\s+Sem Telefone\s+-\s+Number is empty$/m);
    expect(piped.stderr, 'no progress bar in a pipe').not.to.include('Importing');
    const numbers = (await tenant.admin.api.contacts.list()).map((contact) => contact.number);
    expect(numbers).to.include.members(['5511955550001', '5511955550002']);

    sheet.addRow(['Xlsx Tres', '5511955550003', '']);
    await workbook.xlsx.writeFile(file('contacts.xlsx'));
    const term = terminal(['contacts', 'import', file('contacts.xlsx'), '--chunk', '1'], adminEnv);
    expect(await term.exit).to.equal(5);
    expect(term.screen()).to.match(/Importing \[#+\] 100% 4\/4/).and.include('1 contact created, 3 rows refused, of 4.');
  });

  it('exports the contacts to contatos.csv (semicolons) or to the output', async () => {
    await tenant.admin.api.contacts.create({ name: 'Ana; "Quoted"', number: '5511977770001', email: 'ana@x.test' });
    const written = await cli(['contacts', 'export', file('contatos.csv')], adminEnv);
    expect(written.stdout).to.match(/^(1 contact|\d+ contacts) written to .*contatos\.csv\./m);
    const text = await readFile(file('contatos.csv'), 'utf8');
    expect(text.startsWith('\ufeffname;number;email\r\n')).to.equal(true);
    expect(text).to.include('"Ana; ""Quoted""";5511977770001;ana@x.test\r\n');
    const piped = await cli(['contacts', 'export', '-'], adminEnv);
    expect(piped.stdout).to.equal(text);
  });

  it('contacts: bad files and options, not logged in, server down', async () => {
    await writeFile(file('header-only.csv'), 'name;number;email\n');
    await writeFile(file('notes.pdf'), '%PDF-1.4');
    const [missing, unsupported, empty, badChunk, anonymous, down] = await Promise.all([
      cli(['contacts', 'import', file('nothing.csv')], adminEnv),
      cli(['contacts', 'import', file('notes.pdf')], adminEnv),
      cli(['contacts', 'import', file('header-only.csv')], adminEnv),
      cli(['contacts', 'import', file('contacts.csv'), '--chunk', '0'], adminEnv),
      cli(['contacts', 'export', '-'], await cliEnv({ ATENDE_SERVER: server.url })),
      cli(['contacts', 'import', file('contacts.csv')], await unreachableEnv()),
    ]);
    for (const run of [missing, unsupported, empty, badChunk]) expect(run.code, run.stderr).to.equal(1);
    expect(unsupported.stderr).to.include('only .xlsx and .csv files are read');
    expect(empty.stderr).to.include('has no contact rows');
    expect(anonymous.code).to.equal(2);
    expect(down.code).to.equal(3);
  });

  it('db status: the server database and the embedded engine recorded in the data dir', async () => {
    const run = await cli(['db', 'status', '--data-dir', server.dataDir, '--json'], adminEnv);
    const status = parse<{ health: HealthAnswer; engine: { pid: number; port: number; postgresPid: number; running: boolean } | null }>(run);
    expect(status.health).to.include({ status: 'ok', version: '8.0.1' });
    expect(status.health.database.state).to.equal('connected');
    // The spawned server runs the embedded engine unless the tests were pointed at a MongoDB.
    if (process.env.MONGODB_URI) {
      expect(status.health.database.engine).to.equal('external');
      expect(status.engine).to.equal(null);
    } else {
      expect(status.health.database.engine).to.equal('embedded');
      expect(status.engine).to.include({ running: true });
      const text = await cli(['db', 'status'], { ...adminEnv, ATENDE_DATA_DIR: server.dataDir });
      expect(text.stdout)
        .to.match(new RegExp(`Engine pid:\\s+${status.engine!.pid} \\(running\\)`))
        .and.match(new RegExp(`PostgreSQL pid:\\s+${status.engine!.postgresPid} \\(running\\)`))
        .and.match(/Database:\s+embedded \(FerretDB on PostgreSQL\), connected/);
    }

    const down = await cli(['db', 'status', '--data-dir', server.dataDir], await unreachableEnv());
    expect(down.code).to.equal(3);
    expect(down.stdout, 'what is known locally is still shown').to.match(new RegExp(`Data directory:\\s+${server.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('db migrate: nothing to move on a current data dir; refuses while the server runs on an old one', async () => {
    const nothing = parse<{ status: string }>(await cli(['db', 'migrate', '--data-dir', server.dataDir, '--json'], adminEnv));
    expect(nothing.status).to.equal('nothing');
    const text = await cli(['db', 'migrate'], { ...adminEnv, ATENDE_DATA_DIR: server.dataDir });
    expect(text.code).to.equal(0);
    expect(text.stdout).to.include(`Nothing to move: ${server.dataDir} has no data of the previous release.`);
    if (process.env.MONGODB_URI) return;
    // A data dir still holding SQLite files while this server's engine runs on it.
    await mkdir(path.join(server.dataDir, 'ferretdb'), { recursive: true });
    await writeFile(path.join(server.dataDir, 'ferretdb', 'atende.sqlite'), '');
    const refused = await cli(['db', 'migrate', '--data-dir', server.dataDir], adminEnv);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('is running').and.include('stop the server first');
    expect((await fetch(`${server.url}/api/health`)).status, 'the running engine was left alone').to.equal(200);
    await rm(path.join(server.dataDir, 'ferretdb'), { recursive: true });
  });
});
