import type { Plugin, Request } from '@hapi/hapi';
import { idParams, invoiceListQuery, pixSettingsSchema, subscriptionSchema } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { readPixSettings, savePixSettings, type PixSettingsInput } from './pixSettings.js';
import { createInvoiceService, type InvoiceListQuery } from './service.js';
import { SIGNATURE_HEADER, verifiedNotice } from './webhook.js';

/** The webhook's body is kept raw: its signature is over the exact bytes sent. */
const WEBHOOK_MAX_BYTES = 64 * 1024;

export const invoicesRoutes: Plugin<AppContext> = {
  name: 'invoices',
  register(server, context) {
    const invoices = createInvoiceService(context.realtime);
    const tags = ['api', 'invoices'];
    const superOnly = { access: { super: true } };

    server.route([
      {
        method: 'GET',
        path: '/invoices/all',
        options: {
          tags,
          description: "Invoices, newest due date first: the company's own; super users every company's (with its name)",
          validate: { query: invoiceListQuery },
        },
        handler: (request) => invoices.page(actor(request), query<InvoiceListQuery>(request)),
      },
      {
        method: 'POST',
        path: '/invoices/{id}/pay',
        options: { tags, description: 'Mark an invoice paid and renew the company (paying again changes nothing)', plugins: superOnly, validate: { params: idParams } },
        handler: (request) => invoices.payById(params<{ id: string }>(request).id),
      },
      {
        method: 'POST',
        path: '/subscription',
        options: { tags, description: 'Checkout: the Pix BR Code of an open invoice of the company', validate: { payload: subscriptionSchema } },
        handler: (request) => invoices.checkout(actor(request), payload<{ invoiceId: string }>(request).invoiceId),
      },
      {
        method: 'POST',
        path: '/subscription/webhook',
        options: {
          auth: false,
          tags,
          description: `Payment provider notice { txid, valor } (another amount or currency pays nothing: 409 ERR_PAYMENT_MISMATCH), signed: ${SIGNATURE_HEADER} = hex HMAC-SHA256 of the raw body with the webhook secret`,
          payload: { parse: false, output: 'data', maxBytes: WEBHOOK_MAX_BYTES },
        },
        handler: async (request: Request) => {
          const notice = await verifiedNotice(Buffer.from(request.payload as Buffer), String(request.headers[SIGNATURE_HEADER] ?? ''));
          return invoices.payByTxid(notice);
        },
      },
      {
        method: 'GET',
        path: '/settings/pix',
        options: { tags, description: 'The Pix receiving account (the webhook secret only as set or not)', plugins: superOnly },
        handler: () => readPixSettings(),
      },
      {
        method: 'PUT',
        path: '/settings/pix',
        options: { tags, description: 'Set the Pix key, merchant name, city and webhook secret', plugins: superOnly, validate: { payload: pixSettingsSchema } },
        handler: (request) => savePixSettings(payload<PixSettingsInput>(request)),
      },
    ]);
  },
};
