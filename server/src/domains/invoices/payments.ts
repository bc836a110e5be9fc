/**
 * Confirming an invoice's payment (a super user, the CLI through the same call, or the payment
 * provider's signed webhook): the invoice becomes paid, the company's due date moves forward by the
 * recurrence from the due date the invoice pays, its trial ends, and its users hear `payment`
 * CONCLUIDA. Paying again is a no-op; of concurrent confirmations exactly one renews.
 */
import type { PaymentAnswer, PaymentEvent } from '@atende/shared';
import type { Types } from 'mongoose';
import { AppError, isDuplicateKey } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { renewDueDate } from '../companies/dates.js';
import { CompanyModel, type CompanyDoc } from '../companies/model.js';
import { toInvoice } from './dto.js';
import { InvoiceModel, InvoicePaymentModel, type InvoiceDoc, type InvoicePaymentDoc, type PaymentSource } from './model.js';

/**
 * A claim older than this whose invoice is still open was left half done (a crash between the
 * claim and the writes after it): the next confirmation finishes it.
 */
const UNFINISHED_CLAIM_MS = 60_000;

async function claim(invoice: InvoiceDoc, source: PaymentSource): Promise<boolean> {
  try {
    await InvoicePaymentModel.create({ companyId: invoice.companyId, invoiceId: invoice._id, source });
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const earlier = await InvoicePaymentModel.findOne({ companyId: invoice.companyId, invoiceId: invoice._id }).lean<InvoicePaymentDoc>();
    return invoice.status === 'open' && !!earlier && Date.now() - earlier.createdAt.getTime() > UNFINISHED_CLAIM_MS;
  }
}

async function companyDueDate(companyId: Types.ObjectId): Promise<Date> {
  const company = await CompanyModel.findById(companyId, { dueDate: 1 }).lean<Pick<CompanyDoc, 'dueDate'>>();
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return company.dueDate;
}

export function createPayments(realtime: RealtimePublisher) {
  return {
    /** Pays the invoice (found by the caller: by id for super users, by txid for the webhook). */
    async pay(invoice: InvoiceDoc, source: PaymentSource): Promise<PaymentAnswer> {
      if (invoice.status === 'paid' || !(await claim(invoice, source))) {
        const current = (await InvoiceModel.findOne({ companyId: invoice.companyId, _id: invoice._id }).lean<InvoiceDoc>()) ?? invoice;
        return { invoice: toInvoice(current), dueDate: (await companyDueDate(invoice.companyId)).toISOString(), alreadyPaid: true };
      }
      const paidAt = new Date();
      const paid = await InvoiceModel.findOneAndUpdate(
        { companyId: invoice.companyId, _id: invoice._id },
        { $set: { status: 'paid', paidAt } },
        { returnDocument: 'after' },
      ).lean<InvoiceDoc>();
      if (!paid) throw new AppError('ERR_NO_INVOICE_FOUND');
      // From the due date paid, not from today nor from the current one: whoever applies it, and
      // however often, the company ends up on the same date; a later date set by hand is kept.
      const target = renewDueDate(invoice.dueDate, invoice.recurrence);
      await CompanyModel.updateOne({ _id: invoice.companyId, dueDate: { $lt: target } }, { $set: { dueDate: target } });
      await CompanyModel.updateOne({ _id: invoice.companyId }, { $set: { trialExpiration: null } });
      const dueDate = (await companyDueDate(invoice.companyId)).toISOString();
      const record = toInvoice(paid);
      const event: PaymentEvent = { action: 'CONCLUIDA', invoice: record, dueDate };
      realtime.publish(String(invoice.companyId), 'payment', { ...event });
      return { invoice: record, dueDate, alreadyPaid: false };
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
