import type { Invoice } from '@atende/shared';
import type { InvoiceDoc } from './model.js';

/** `operator`: super users' view, with the company's name and the refused payment notice. */
export function toInvoice(doc: InvoiceDoc, operator?: { companyName: string }): Invoice {
  const mismatch = doc.paymentMismatch;
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    ...(operator ? { companyName: operator.companyName } : {}),
    detail: doc.detail,
    value: doc.value,
    dueDate: doc.dueDate.toISOString(),
    status: doc.status,
    payLink: doc.payLink ?? null,
    paidAt: doc.paidAt ? doc.paidAt.toISOString() : null,
    txid: doc.txid,
    ...(operator ? { paymentMismatch: mismatch ? { amount: mismatch.amount, currency: mismatch.currency, receivedAt: mismatch.receivedAt.toISOString() } : null } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}
