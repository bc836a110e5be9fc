import { PAGE_SIZE, PIX_CURRENCY, type Invoice, type InvoicesPage, type InvoiceStatus, type PaymentAnswer, type PaymentResult } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { CompanyModel, type CompanyDoc } from '../companies/model.js';
import { brCode } from './brCode.js';
import { toInvoice } from './dto.js';
import { generateCompanyInvoice } from './generation.js';
import { InvoiceModel, type InvoiceDoc } from './model.js';
import { createPayments } from './payments.js';
import { pixAccount } from './pixSettings.js';

/** The provider's notice as the webhook checked it (paymentWebhookSchema). */
export interface PaymentNotice {
  txid: string;
  valor: string;
  currency?: string;
}

/** "99.90" in cents, without floating point. */
function centsOf(amount: string): number {
  const [units = '0', cents = '0'] = amount.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

export interface InvoiceListQuery {
  searchParam: string;
  pageNumber: number;
  companyId?: string;
  status?: InvoiceStatus;
}

/** The company names of a page of super users' rows (no $lookup: a second query on the ids). */
async function companyNames(rows: InvoiceDoc[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => String(row.companyId)))];
  const companies = await CompanyModel.find({ _id: { $in: ids } }, { name: 1 }).lean<Pick<CompanyDoc, '_id' | 'name'>[]>();
  return new Map(companies.map((company) => [String(company._id), company.name]));
}

export function createInvoiceService(realtime: RealtimePublisher) {
  const payments = createPayments(realtime);

  /** Plain users: their company's. Super users: every company's, or the one asked for. */
  async function filterFor(actor: AuthCredentials, query: InvoiceListQuery): Promise<Record<string, unknown>> {
    const filter: Record<string, unknown> = {};
    if (actor.super) {
      if (query.companyId) filter.companyId = query.companyId;
    } else filter.companyId = actor.companyId;
    if (query.status) filter.status = query.status;
    if (query.searchParam) {
      const pattern = searchRegex(query.searchParam);
      if (!actor.super) filter.detail = pattern;
      else {
        const named = await CompanyModel.find({ name: pattern }, { _id: 1 }).lean<Pick<CompanyDoc, '_id'>[]>();
        filter.$or = [{ detail: pattern }, { companyId: { $in: named.map((company) => company._id) } }];
      }
    }
    return filter;
  }

  return {
    /** Newest due date first; one row more than the page tells whether another page exists. */
    async page(actor: AuthCredentials, query: InvoiceListQuery): Promise<InvoicesPage> {
      if (query.pageNumber === 1) await generateCompanyInvoice(actor.companyId);
      const filter = await filterFor(actor, query);
      const window = page(query.pageNumber);
      const rows = await InvoiceModel.find(filter)
        .setOptions({ crossTenant: actor.super })
        .sort({ dueDate: -1, _id: -1 })
        .skip(window.skip)
        .limit(window.limit + 1)
        .lean<InvoiceDoc[]>();
      const shown = rows.slice(0, PAGE_SIZE);
      const names = actor.super ? await companyNames(shown) : null;
      const records: Invoice[] = shown.map((row) => toInvoice(row, names ? { companyName: names.get(String(row.companyId)) ?? '' } : undefined));
      return { records, hasMore: rows.length > PAGE_SIZE };
    },

    /** The Pix BR Code of an open invoice of the caller's company; the amount is the invoice's. */
    async checkout(actor: AuthCredentials, invoiceId: string): Promise<PaymentResult> {
      const invoice = await InvoiceModel.findOne({ companyId: actor.companyId, _id: invoiceId }).lean<InvoiceDoc>();
      if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND');
      if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
      const account = await pixAccount();
      const payload = brCode({ ...account, amount: invoice.value, txid: invoice.txid });
      return { qrcode: { qrcode: payload }, valor: { original: invoice.value.toFixed(2) }, txid: invoice.txid, invoiceId: String(invoice._id) };
    },

    /** A super user marks any company's invoice paid. */
    async payById(id: string): Promise<PaymentAnswer> {
      const invoice = await InvoiceModel.findOne({ _id: id }).setOptions({ crossTenant: true }).lean<InvoiceDoc>();
      if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND');
      return payments.pay(invoice, 'super');
    },

    /**
     * The payment provider names the invoice by the txid of the BR Code, and what was paid: a
     * notice of another amount or currency pays nothing, is kept on the invoice for the operator
     * and answered 409 ERR_PAYMENT_MISMATCH with what was expected.
     */
    async payByTxid(notice: PaymentNotice): Promise<PaymentAnswer> {
      const invoice = await InvoiceModel.findOne({ txid: notice.txid }).setOptions({ crossTenant: true }).lean<InvoiceDoc>();
      if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND');
      const currency = (notice.currency ?? PIX_CURRENCY).toUpperCase();
      if (currency !== PIX_CURRENCY || centsOf(notice.valor) !== Math.round(invoice.value * 100)) {
        const paymentMismatch = { amount: notice.valor, currency, receivedAt: new Date() };
        await InvoiceModel.updateOne({ companyId: invoice.companyId, _id: invoice._id }, { $set: { paymentMismatch } });
        throw new AppError('ERR_PAYMENT_MISMATCH', { expected: { amount: invoice.value.toFixed(2), currency: PIX_CURRENCY }, received: { amount: notice.valor, currency } });
      }
      return payments.pay(invoice, 'webhook');
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
