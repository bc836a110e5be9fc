import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import type { Invoice, PaymentAnswer, PixSettings } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createTenant, signInSuper, type Signed, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, type Env, type Run } from './support/cli.js';

describe('atende invoices, atende settings pix', () => {
  let server: SpawnedServer;
  let operator: Signed;
  let tenant: Tenant;
  let operatorEnv: Env;
  let adminEnv: Env;
  let invoice: Invoice;

  const as = (signed: Signed) => sessionEnv(server.url, signed.api.session.get()!);

  function expectRefused(run: Run, code: string, text: string): void {
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.include(`${code}: ${text}`);
  }

  before(async function () {
    // A server of its own plus a company and its first invoice: slow on a loaded machine.
    this.timeout(90_000);
    server = await spawnServer();
    operator = await signInSuper(server.url);
    tenant = await createTenant(server.url, operator);
    // The company's first listing brings its trial's invoice (due in 3 days) into being.
    invoice = (await tenant.admin.api.invoices.page()).records[0]!;
    [operatorEnv, adminEnv] = await Promise.all([as(operator), as(tenant.admin)]);
  });
  after(() => server?.stop());

  it('lists invoices: a company its own; super users every company, by company and status', async () => {
    const own = await cli(['invoices', 'list'], adminEnv);
    expect(own.code, own.stderr).to.equal(0);
    expect(own.stdout).to.match(new RegExp(`${invoice.id}\\s+${tenant.companyId}\\s+Plan \\S+\\s+R\\$ 10,00\\s+\\d\\d/\\d\\d/\\d{4}\\s+open`));

    const all = parse<Invoice[]>(await cli(['invoices', 'list', '--company', tenant.companyId, '--status', 'open', '--json'], operatorEnv));
    expect(all.map((row) => row.id)).to.deep.equal([invoice.id]);
    expect(all[0]!.companyName).to.match(/^Company /);
    const pt = await cli(['invoices', 'list', '--company', tenant.companyId, '--lang', 'pt'], operatorEnv);
    expect(pt.stdout).to.match(/Company \S+\s+Plan \S+\s+R\$ 10,00\s+\d\d\/\d\d\/\d{4}\s+em aberto/);
  });

  it('refuses bad options with a usage error, and a company paying its own invoice', async () => {
    const badStatus = await cli(['invoices', 'list', '--status', 'late'], operatorEnv);
    expect(badStatus.code).to.equal(1);
    expect(badStatus.stderr).to.include('late');
    const badCompany = await cli(['invoices', 'list', '--company', 'nope'], operatorEnv);
    expect(badCompany.code).to.equal(1);
    expect(badCompany.stderr).to.include('--company');
    expectRefused(await cli(['invoices', 'pay', invoice.id], adminEnv), 'ERR_NO_PERMISSION', 'You do not have permission');
    expectRefused(await cli(['invoices', 'pay', '0123456789abcdef01234567'], operatorEnv), 'ERR_NO_INVOICE_FOUND', 'No invoice found with this ID.');
    const pixByAdmin = await cli(['settings', 'pix', '--key', 'pix@atende.test', '--name', 'Atende', '--city', 'Recife'], adminEnv);
    expectRefused(pixByAdmin, 'ERR_NO_PERMISSION', 'You do not have permission');
  });

  it('settings pix: validates, saves, shows without the secret; the checkout then answers a BR Code', async () => {
    const badKey = await cli(['settings', 'pix', '--key', 'not a key', '--name', 'Atende', '--city', 'Recife'], operatorEnv);
    expect(badKey.code).to.equal(1);
    expect(badKey.stderr).to.include('--key');
    const longCity = await cli(['settings', 'pix', '--key', 'pix@atende.test', '--name', 'Atende', '--city', 'Sao Jose dos Campos'], operatorEnv);
    expect(longCity.code).to.equal(1);
    expect(longCity.stderr).to.include('--city');

    const saved = await cli(['settings', 'pix', '--key', 'pix@atende.test', '--name', 'Atende Ltda', '--city', 'Recife', '--webhook-secret', 'cli-secret-0123456789'], operatorEnv);
    expect(saved.code, saved.stderr).to.equal(0);
    expect(saved.stdout).to.include('Pix account saved.');
    const shown = parse<PixSettings>(await cli(['settings', 'pix', '--json'], operatorEnv));
    expect(shown).to.deep.equal({ key: 'pix@atende.test', merchantName: 'Atende Ltda', city: 'Recife', webhookSecretSet: true });

    const payment = await tenant.admin.api.invoices.checkout({ invoiceId: invoice.id, firstName: 'Ana', lastName: 'Souza', address2: 'Rua 1', city: 'Recife', state: 'PE', zipcode: '50000-000', country: 'BR' });
    expect(payment.qrcode.qrcode).to.contain('0014br.gov.bcb.pix0115pix@atende.test');
  });

  it('list: super users see a payment notice refused for its amount; the company does not', async () => {
    const body = JSON.stringify({ txid: invoice.txid, valor: '0.01' });
    const signature = createHmac('sha256', 'cli-secret-0123456789').update(body).digest('hex');
    const notice = await fetch(`${server.url}/api/subscription/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pix-signature': signature }, body });
    expect(notice.status).to.equal(409);
    const listed = await cli(['invoices', 'list', '--company', tenant.companyId], operatorEnv);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.match(/Refused notice/).and.match(new RegExp(`${invoice.id}.*open\\s+0\\.01 BRL \\d\\d/\\d\\d/\\d{4}`));
    expect((await cli(['invoices', 'list'], adminEnv)).stdout).to.not.include('Refused notice');
  });

  it('pay: renews once, says so; paying again changes nothing', async () => {
    const paid = parse<PaymentAnswer>(await cli(['invoices', 'pay', invoice.id, '--json'], operatorEnv));
    expect(paid.alreadyPaid).to.equal(false);
    expect(paid.invoice.status).to.equal('paid');
    expect(new Date(paid.dueDate).getTime()).to.be.greaterThan(new Date(invoice.dueDate).getTime() + 27 * 86_400_000);
    const again = await cli(['invoices', 'pay', invoice.id], operatorEnv);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.include(`Invoice ${invoice.id} was already paid (nothing changed)`);
    const company = await operator.api.companies.get(tenant.companyId);
    expect(company.dueDate).to.equal(paid.dueDate);
    expect((await cli(['invoices', 'list', '--status', 'paid'], adminEnv)).stdout).to.match(new RegExp(`${invoice.id}.*paid`));
  });
});
