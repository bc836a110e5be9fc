/**
 * Wire shapes of invoices, the Pix checkout and the subscription (document 2 sections 3, 4, 7).
 * One invoice per company per billing period: the period is the due date it pays.
 */

export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the invoices table shows (section 4): paid, expired (due date before today), open. */
export type InvoiceDisplayStatus = 'paid' | 'expired' | 'open';

/** The invoice for a due date exists from this many days before it (made by the daily job). */
export const INVOICE_LEAD_DAYS = 10;

/** Back to / this long after the payment is confirmed on the checkout (section 9). */
export const PAYMENT_RETURN_MS = 4_000;

/** Country options of the checkout's address step (section 5). */
export const CHECKOUT_COUNTRIES = ['BR', 'usa'] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

/** EMV BR Code limits (Manual do BR Code): merchant name, city and transaction id. */
export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
export const PIX_TXID_MAX = 25;
export const PIX_KEY_MAX = 77;

/** Pix pays in reais only: a notice naming another currency pays nothing. */
export const PIX_CURRENCY = 'BRL';

/** A payment notice refused because it did not match its invoice (amount or currency), for the operator. */
export interface PaymentMismatch {
  /** As the notice named it: "0.01". */
  amount: string;
  currency: string;
  receivedAt: string;
}

export interface Invoice {
  id: string;
  companyId: string;
  /** Present in super users' view of every company. */
  companyName?: string;
  detail: string;
  value: number;
  dueDate: string;
  status: InvoiceStatus;
  payLink: string | null;
  paidAt: string | null;
  /** The Pix transaction id its BR Code carries (a payment provider's webhook names it). */
  txid: string;
  /** Super users' view: the last payment notice refused for not matching the invoice. */
  paymentMismatch?: PaymentMismatch | null;
  createdAt: string;
}

export interface InvoicesPage {
  records: Invoice[];
  hasMore: boolean;
}

/** The Pix payment data POST /subscription answers (section 3, "Payment result"). */
export interface PaymentResult {
  qrcode: { qrcode: string };
  valor: { original: string };
  txid: string;
  invoiceId: string;
}

/** The `payment` realtime channel: an invoice was paid and the company renewed until dueDate. */
export interface PaymentEvent {
  action: 'CONCLUIDA';
  invoice: Invoice;
  dueDate: string;
}

/** What POST /invoices/{id}/pay and the webhook answer; alreadyPaid: nothing was done again. */
export interface PaymentAnswer {
  invoice: Invoice;
  dueDate: string;
  alreadyPaid: boolean;
}

/** Platform Pix settings as super users read them (the webhook secret is never sent back). */
export interface PixSettings {
  key: string;
  merchantName: string;
  city: string;
  webhookSecretSet: boolean;
}

const DAY_MS = 86_400_000;

/** Section 4: paid if paid; expired if the due date is before today (local day); otherwise open. */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, now = new Date()): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  const due = new Date(invoice.dueDate);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dueDay = new Date(due.getFullYear(), due.getMonth(), due.getDate());
  return dueDay.getTime() < today.getTime() ? 'expired' : 'open';
}

/** Whole days from now until the date (negative when past), as the subscription page counts them. */
export function daysLeft(date: string | Date, now = new Date()): number {
  return Math.ceil((new Date(date).getTime() - now.getTime()) / DAY_MS);
}
