import type { Invoice } from '@atende/shared';
import type { InvoiceDoc } from './model.js';

export function toInvoice(doc: InvoiceDoc, companyName?: string): Invoice {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    ...(companyName !== undefined ? { companyName } : {}),
    detail: doc.detail,
    value: doc.value,
    dueDate: doc.dueDate.toISOString(),
    status: doc.status,
    payLink: doc.payLink ?? null,
    paidAt: doc.paidAt ? doc.paidAt.toISOString() : null,
    txid: doc.txid,
    createdAt: doc.createdAt.toISOString(),
  };
}
