import { Schema, type Types } from 'mongoose';
import { INVOICE_STATUSES, RECURRENCES, type InvoiceStatus, type Recurrence } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface InvoiceDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  detail: string;
  value: number;
  /** The company's due date this invoice pays. */
  dueDate: Date;
  /** The billing period: the due date as YYYY-MM-DD (UTC). One invoice per company and period. */
  period: string;
  /** The recurrence at billing time: paying moves the due date by it. */
  recurrence: Recurrence;
  status: InvoiceStatus;
  payLink: string | null;
  paidAt: Date | null;
  /** The Pix transaction id (alphanumeric, at most 25): the invoice's id in hex. */
  txid: string;
  /** The last payment notice refused for not matching the invoice (for the operator). */
  paymentMismatch: { amount: string; currency: string; receivedAt: Date } | null;
  createdAt: Date;
  updatedAt: Date;
}

export const InvoiceModel = tenantModel<InvoiceDoc>(
  'Invoice',
  {
    detail: { type: String, required: true },
    value: { type: Number, required: true },
    dueDate: { type: Date, required: true },
    period: { type: String, required: true },
    recurrence: { type: String, enum: RECURRENCES, required: true },
    status: { type: String, enum: INVOICE_STATUSES, default: 'open' },
    payLink: { type: String, default: null },
    paidAt: { type: Date, default: null },
    txid: { type: String, required: true },
    paymentMismatch: { type: new Schema({ amount: String, currency: String, receivedAt: Date }, { _id: false }), default: null },
  },
  (schema) => {
    // The daily job may run on several nodes at once: the index keeps one invoice per period.
    schema.index({ companyId: 1, period: 1 }, { unique: true });
    schema.index({ companyId: 1, dueDate: -1 });
    schema.index({ dueDate: -1 });
    schema.index({ txid: 1 }, { unique: true });
    engineKeys(schema, ['companyId', 'txid']);
  },
);

/**
 * The claim of an invoice's payment: one per invoice (unique index), so that of two confirmations
 * at the same time (the webhook twice, the webhook and a super user, two nodes) exactly one renews
 * the company. FerretDB updates have no isolation; its unique indexes do hold.
 */
export interface InvoicePaymentDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  invoiceId: Types.ObjectId;
  source: PaymentSource;
  createdAt: Date;
}

export type PaymentSource = 'super' | 'webhook';

export const InvoicePaymentModel = tenantModel<InvoicePaymentDoc>(
  'InvoicePayment',
  {
    invoiceId: { type: ObjectId, ref: 'Invoice', required: true },
    source: { type: String, enum: ['super', 'webhook'], required: true },
  },
  (schema) => {
    schema.index({ invoiceId: 1 }, { unique: true });
    engineKeys(schema, ['invoiceId']);
  },
);
