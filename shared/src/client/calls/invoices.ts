/** Invoices, the Pix checkout and the platform's Pix settings (document 2 sections 3, 7). */
import type { CheckoutCountry, InvoiceStatus, InvoicesPage, PaymentAnswer, PaymentResult, PixSettings } from '../../domain/invoices.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export type InvoiceQuery = PageQuery & { companyId?: string; status?: InvoiceStatus };

export interface CheckoutData {
  invoiceId: string;
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: CheckoutCountry;
  useAddressForPaymentDetails?: boolean;
  plan?: string;
  price?: number;
  users?: number;
  connections?: number;
}

export interface PixSettingsData {
  key: string;
  merchantName: string;
  city: string;
  webhookSecret?: string;
}

export function invoiceCalls(http: Http) {
  return {
    /** A company's own invoices, newest due date first; super users: every company's (with its name). */
    page: (query: InvoiceQuery = {}) => http.request<InvoicesPage>('GET', '/invoices/all', { query }),
    /** Super users: marks the invoice paid and renews the company (paying again changes nothing). */
    pay: (id: string) => http.request<PaymentAnswer>('POST', `/invoices/${encodeURIComponent(id)}/pay`),
    /** The Pix BR Code of one open invoice of the caller's company. */
    checkout: (data: CheckoutData) => http.request<PaymentResult>('POST', '/subscription', { body: data }),
    pixSettings: () => http.request<PixSettings>('GET', '/settings/pix'),
    savePixSettings: (data: PixSettingsData) => http.request<PixSettings>('PUT', '/settings/pix', { body: data }),
  };
}

export type InvoiceCalls = ReturnType<typeof invoiceCalls>;
