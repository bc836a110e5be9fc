import { expect } from 'chai';
import type { PaymentEvent } from '@atende/shared';
import { createHmac } from 'node:crypto';
import { generateInvoices } from '../../src/domains/invoices/generation.js';
import { InvoiceModel } from '../../src/domains/invoices/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { crcCcitt, decodeBrCode } from '../support/brCode.js';
import { createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';

const DAY_MS = 86_400_000;
const SECRET = 'webhook-secret-0123456789abcdef';
const PIX = { key: '12345678000199', merchantName: 'Atende Soluções Ltda', city: 'São Paulo', webhookSecret: SECRET };

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** The due date moved by whole months in UTC (as the renewal does), for the assertions. */
function plusMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

const address = { firstName: 'Ana', lastName: 'Souza', address2: 'Rua das Flores, 10', city: 'Recife', state: 'PE', zipcode: '50000-000', country: 'BR' };

describe('invoices, Pix checkout and payment confirmation', () => {
  let t: TestApp;
  let superUser: Session;
  let plan: { id: string; name: string };
  let soon: Tenant;
  let other: Tenant;
  let soonDue: string;

  before(async () => {
    t = await startTestApp('invoices');
    superUser = await loginSuper(t);
    plan = await createPlan(t, superUser, { name: unique('Finance ') });
    soonDue = inDays(5);
    soon = await createTenant(t, superUser, { planId: plan.id, dueDate: soonDue });
    other = await createTenant(t, superUser, { planId: plan.id, dueDate: inDays(6) });
  });
  after(() => t?.stop());

  const invoicesOf = (session: Session, query = '') => t.call('GET', `/invoices/all${query}`, { token: session.token });
  const firstInvoice = async (tenant: Tenant) => {
    const answer = await invoicesOf(tenant.admin);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.records[0] as { id: string; txid: string; dueDate: string; value: number; status: string };
  };
  const signed = (body: string, secret = SECRET) => ({ raw: body, headers: { 'content-type': 'application/json', 'x-pix-signature': createHmac('sha256', secret).update(body).digest('hex') } });
  const dueDateOf = async (companyId: string) => (await t.call('GET', `/companies/${companyId}`, { token: superUser.token })).body.dueDate as string;

  describe('generation', () => {
    it('makes one invoice per company and period however many runs happen at once, from the plan and the due date', async () => {
      await Promise.all([generateInvoices(), generateInvoices(), generateInvoices()]);
      expect(await InvoiceModel.countDocuments({ companyId: soon.companyId })).to.equal(1);
      const invoice = await InvoiceModel.findOne({ companyId: soon.companyId }).lean();
      expect(invoice).to.include({ detail: plan.name, value: 99.9, status: 'open', period: soonDue.slice(0, 10), recurrence: 'MENSAL' });
      expect(invoice!.dueDate.toISOString()).to.equal(soonDue);
      expect(invoice!.txid).to.match(/^[0-9a-f]{24}$/);
      expect(await generateInvoices()).to.equal(0);
    });

    it('waits until the due date is at most 10 days away, skips inactive companies, and bills a new period on its own', async () => {
      const later = await createTenant(t, superUser, { planId: plan.id, dueDate: inDays(20) });
      const inactive = await createTenant(t, superUser, { planId: plan.id, dueDate: inDays(2) });
      expect((await t.call('PUT', `/companies/${inactive.companyId}`, { token: superUser.token, body: { status: false } })).status).to.equal(200);
      await generateInvoices();
      expect(await InvoiceModel.countDocuments({ companyId: later.companyId })).to.equal(0);
      expect(await InvoiceModel.countDocuments({ companyId: inactive.companyId })).to.equal(0);
      // Ten days later (the job's clock), the invoice of that due date appears.
      await generateInvoices(new Date(Date.now() + 10 * DAY_MS));
      expect(await InvoiceModel.countDocuments({ companyId: later.companyId })).to.equal(1);
      // A due date moved by hand is another period: another invoice.
      expect((await t.call('PUT', `/companies/${later.companyId}`, { token: superUser.token, body: { dueDate: inDays(4) } })).status).to.equal(200);
      await generateInvoices();
      expect(await InvoiceModel.countDocuments({ companyId: later.companyId })).to.equal(2);
    });
  });

  describe('GET /invoices/all', () => {
    it('shows a company only its own invoices, newest due date first, and is current before the daily run', async () => {
      const fresh = await createTenant(t, superUser, { planId: plan.id, dueDate: inDays(3) });
      const answer = await invoicesOf(fresh.admin);
      expect(answer.status).to.equal(200);
      expect(answer.body.hasMore).to.equal(false);
      expect(answer.body.records).to.have.length(1);
      expect(answer.body.records[0]).to.include({ companyId: fresh.companyId, status: 'open', value: 99.9, detail: plan.name });
      expect(answer.body.records[0]).not.to.have.property('companyName');
      // Asking for another company is ignored for a plain company.
      const asked = await invoicesOf(fresh.admin, `?companyId=${soon.companyId}`);
      expect(asked.body.records.map((r: { companyId: string }) => r.companyId)).to.deep.equal([fresh.companyId]);
    });

    it("gives super users every company's invoices with the company name, by company and status", async () => {
      await generateInvoices();
      const all = await invoicesOf(superUser, `?companyId=${other.companyId}`);
      expect(all.status).to.equal(200);
      expect(all.body.records).to.have.length(1);
      expect(all.body.records[0].companyName).to.match(/^Company /);
      expect(all.body.records[0].companyId).to.equal(other.companyId);
      const everyone = await invoicesOf(superUser);
      expect(new Set(everyone.body.records.map((r: { companyId: string }) => r.companyId)).size).to.be.greaterThan(2);
      const byName = await invoicesOf(superUser, `?searchParam=${encodeURIComponent(all.body.records[0].companyName)}`);
      expect(byName.body.records.map((r: { id: string }) => r.id)).to.deep.equal([all.body.records[0].id]);
      expect((await invoicesOf(superUser, `?companyId=${other.companyId}&status=paid`)).body.records).to.deep.equal([]);
    });

    it('refuses bad queries with 400', async () => {
      expectInvalid(await invoicesOf(soon.admin, '?pageNumber=0'), 'pageNumber');
      expectInvalid(await invoicesOf(soon.admin, '?status=late'), 'status');
      expectInvalid(await invoicesOf(superUser, '?companyId=nope'), 'companyId');
    });
  });

  describe('Pix checkout (POST /subscription)', () => {
    it('says so when no Pix key is configured', async () => {
      const invoice = await firstInvoice(soon);
      expectError(await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, invoiceId: invoice.id } }), 409, 'ERR_PIX_NOT_CONFIGURED');
    });

    it('lets only super users set the Pix account, with a valid key, and never answers the secret', async () => {
      expectError(await t.call('PUT', '/settings/pix', { token: soon.admin.token, body: PIX }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('GET', '/settings/pix', { token: soon.admin.token }), 403, 'ERR_NO_PERMISSION');
      expectInvalid(await t.call('PUT', '/settings/pix', { token: superUser.token, body: { ...PIX, key: 'not a key' } }), 'key');
      expectInvalid(await t.call('PUT', '/settings/pix', { token: superUser.token, body: { ...PIX, city: 'x'.repeat(16) } }), 'city');
      expectInvalid(await t.call('PUT', '/settings/pix', { token: superUser.token, body: { ...PIX, merchantName: 'x'.repeat(26) } }), 'merchantName');
      const saved = await t.call('PUT', '/settings/pix', { token: superUser.token, body: PIX });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect(saved.body).to.deep.equal({ key: PIX.key, merchantName: PIX.merchantName, city: PIX.city, webhookSecretSet: true });
      expect(JSON.stringify((await t.call('GET', '/settings/pix', { token: superUser.token })).body)).not.to.contain(SECRET);
    });

    it('answers a real BR Code: every field, its length and the CRC check', async () => {
      expect(crcCcitt('123456789')).to.equal('29B1');
      const invoice = await firstInvoice(soon);
      const answer = await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, invoiceId: invoice.id, price: 1, plan: 'cheap', users: 3, connections: 3 } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.valor).to.deep.equal({ original: '99.90' });
      const payload: string = answer.body.qrcode.qrcode;
      const code = decodeBrCode(payload);
      expect(code.crcValid, payload).to.equal(true);
      expect(code.order).to.deep.equal(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
      expect(code.fields.get('00')).to.equal('01');
      expect([...code.account]).to.deep.equal([['00', 'br.gov.bcb.pix'], ['01', PIX.key]]);
      expect(code.fields.get('52')).to.equal('0000');
      expect(code.fields.get('53')).to.equal('986');
      expect(code.fields.get('54')).to.equal('99.90');
      expect(code.fields.get('58')).to.equal('BR');
      expect(code.fields.get('59')).to.equal('Atende Solucoes Ltda');
      expect(code.fields.get('60')).to.equal('Sao Paulo');
      expect(code.additional.get('05')).to.equal(invoice.txid).and.to.have.length.at.most(25);
      expect(answer.body.txid).to.equal(invoice.txid);
      // A corrupted payload fails the check.
      expect(decodeBrCode(payload.replace('99.90', '19.90')).crcValid).to.equal(false);
    });

    it("refuses another company's invoice, missing address fields and unknown countries", async () => {
      const theirs = await firstInvoice(other);
      expectError(await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, invoiceId: theirs.id } }), 404, 'ERR_NO_INVOICE_FOUND');
      expectError(await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, invoiceId: MISSING_ID } }), 404, 'ERR_NO_INVOICE_FOUND');
      const mine = await firstInvoice(soon);
      for (const field of ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode', 'country']) {
        const body: Record<string, unknown> = { ...address, invoiceId: mine.id };
        delete body[field];
        expectInvalid(await t.call('POST', '/subscription', { token: soon.admin.token, body }), field);
      }
      expectInvalid(await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, country: 'AR', invoiceId: mine.id } }), 'country');
      expectInvalid(await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, cvv: '12a', invoiceId: mine.id } }), 'cvv');
    });
  });

  describe('payment confirmation', () => {
    it('a super user marks paid: the due date moves one month from the one paid, the company hears CONCLUIDA, paying again is a no-op', async () => {
      const invoice = await firstInvoice(soon);
      expectError(await t.call('POST', `/invoices/${invoice.id}/pay`, { token: soon.admin.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', `/invoices/${MISSING_ID}/pay`, { token: superUser.token }), 404, 'ERR_NO_INVOICE_FOUND');
      const watcher = await listen(t, soon.adminEmail, soon.password, 'payment');
      const bystander = await listen(t, other.adminEmail, other.password, 'payment');
      try {
        const paid = await t.call('POST', `/invoices/${invoice.id}/pay`, { token: superUser.token });
        expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
        const renewed = plusMonths(invoice.dueDate, 1);
        expect(paid.body).to.deep.include({ dueDate: renewed, alreadyPaid: false });
        expect(paid.body.invoice).to.include({ id: invoice.id, status: 'paid' });
        const event = (await waitFor(watcher.events as unknown as PaymentEvent[], (e) => e.action === 'CONCLUIDA')) as PaymentEvent;
        expect(event.dueDate).to.equal(renewed);
        expect(event.invoice.id).to.equal(invoice.id);
        expect(await dueDateOf(soon.companyId)).to.equal(renewed);

        const again = await t.call('POST', `/invoices/${invoice.id}/pay`, { token: superUser.token });
        expect(again.body).to.deep.include({ dueDate: renewed, alreadyPaid: true });
        expect(await dueDateOf(soon.companyId)).to.equal(renewed);
        await settle();
        expect(watcher.events).to.have.length(1);
        expect(bystander.events).to.deep.equal([]);
        expectError(await t.call('POST', '/subscription', { token: soon.admin.token, body: { ...address, invoiceId: invoice.id } }), 409, 'ERR_INVOICE_ALREADY_PAID');
        const company = (await t.call('GET', `/companies/${soon.companyId}`, { token: soon.admin.token })).body;
        expect(company.trialExpiration).to.equal(null);
      } finally {
        await Promise.all([watcher.client.disconnect(), bystander.client.disconnect()]);
      }
    });

    it('the webhook refuses a missing or wrong signature before reading anything', async () => {
      const invoice = await firstInvoice(other);
      const body = JSON.stringify({ txid: invoice.txid, valor: invoice.value.toFixed(2) });
      expectError(await t.call('POST', '/subscription/webhook', { raw: body, headers: { 'content-type': 'application/json' } }), 401, 'ERR_INVALID_SIGNATURE');
      expectError(await t.call('POST', '/subscription/webhook', signed(body, 'another-secret-0123456789')), 401, 'ERR_INVALID_SIGNATURE');
      const tampered = signed(body);
      expectError(await t.call('POST', '/subscription/webhook', { ...tampered, raw: JSON.stringify({ txid: invoice.txid, valor: '0.01' }) }), 401, 'ERR_INVALID_SIGNATURE');
      expectError(await t.call('POST', '/subscription/webhook', signed('{not json')), 400, 'ERR_VALIDATION');
      expectInvalid(await t.call('POST', '/subscription/webhook', signed(JSON.stringify({ txid: 'no-dashes!', valor: '99.90' }))), 'txid');
      expectError(await t.call('POST', '/subscription/webhook', signed(JSON.stringify({ txid: 'abc123', valor: '99.90' }))), 404, 'ERR_NO_INVOICE_FOUND');
      expect((await firstInvoice(other)).status).to.equal('open');
    });

    it('a signed notice of another amount or currency pays nothing: 409 with what is due, kept on the invoice for super users only', async () => {
      const tenant = await createTenant(t, superUser, { planId: plan.id, dueDate: inDays(3) });
      const invoice = await firstInvoice(tenant);
      const dueBefore = await dueDateOf(tenant.companyId);
      const notify = (fields: Record<string, unknown>) => t.call('POST', '/subscription/webhook', signed(JSON.stringify({ txid: invoice.txid, ...fields })));
      const cheap = await notify({ valor: '0.01' });
      expectError(cheap, 409, 'ERR_PAYMENT_MISMATCH');
      expect(cheap.body).to.deep.include({ expected: { amount: '99.90', currency: 'BRL' }, received: { amount: '0.01', currency: 'BRL' } });
      expectError(await notify({ valor: '99.90', currency: 'USD' }), 409, 'ERR_PAYMENT_MISMATCH');
      expectError(await notify({ valor: '999.00' }), 409, 'ERR_PAYMENT_MISMATCH');
      // Without the amount a notice cannot be checked: refused as invalid.
      expectInvalid(await notify({}), 'valor');
      expectInvalid(await notify({ valor: 99.9 }), 'valor');
      expect((await firstInvoice(tenant)).status).to.equal('open');
      expect(await dueDateOf(tenant.companyId)).to.equal(dueBefore);
      // The operator sees the last refused notice; the company does not see the field at all.
      const operatorView = (await invoicesOf(superUser, `?companyId=${tenant.companyId}`)).body.records[0];
      expect(operatorView.paymentMismatch).to.deep.include({ amount: '999.00', currency: 'BRL' });
      expect(Date.parse(operatorView.paymentMismatch.receivedAt)).to.be.closeTo(Date.now(), 60_000);
      expect((await firstInvoice(tenant)) as Record<string, unknown>).to.not.have.property('paymentMismatch');
      // The right amount pays (the currency's case does not matter).
      const paid = await notify({ valor: '99.90', currency: 'brl' });
      expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
      expect(paid.body.invoice).to.not.have.property('paymentMismatch');
      expect((await firstInvoice(tenant)).status).to.equal('paid');
    });

    it('concurrent signed notices (and a replay later) renew the company exactly once', async () => {
      const invoice = await firstInvoice(other);
      const body = JSON.stringify({ txid: invoice.txid, valor: invoice.value.toFixed(2), status: 'CONCLUIDA' });
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/subscription/webhook', signed(body))));
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answers.filter((answer) => !answer.body.alreadyPaid)).to.have.length(1);
      const renewed = plusMonths(invoice.dueDate, 1);
      expect(await dueDateOf(other.companyId)).to.equal(renewed);
      const replay = await t.call('POST', '/subscription/webhook', signed(body));
      expect(replay.body).to.deep.include({ alreadyPaid: true, dueDate: renewed });
      expect(await dueDateOf(other.companyId)).to.equal(renewed);
      expect((await firstInvoice(other)).status).to.equal('paid');
    });

    it('renews by the recurrence (TRIMESTRAL: three months)', async () => {
      const quarterly = await createTenant(t, superUser, { planId: plan.id, dueDate: inDays(2) });
      expect((await t.call('PUT', `/companies/${quarterly.companyId}`, { token: superUser.token, body: { recurrence: 'TRIMESTRAL' } })).status).to.equal(200);
      const invoice = await firstInvoice(quarterly);
      const paid = await t.call('POST', '/subscription/webhook', signed(JSON.stringify({ txid: invoice.txid, valor: invoice.value.toFixed(2) })));
      expect(paid.body.dueDate).to.equal(plusMonths(invoice.dueDate, 3));
    });
  });
});
