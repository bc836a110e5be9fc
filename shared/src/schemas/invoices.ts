import { Joi } from './joi.js';
import {
  CHECKOUT_COUNTRIES,
  INVOICE_STATUSES,
  PIX_CITY_MAX,
  PIX_KEY_MAX,
  PIX_MERCHANT_NAME_MAX,
  PIX_TXID_MAX,
} from '../domain/invoices.js';
import { id, pageQuery } from './common.js';

/** GET /invoices/all: the page, optionally one company (super users) and one status. */
export const invoiceListQuery = Joi.object({
  ...pageQuery,
  companyId: id,
  status: Joi.string().valid(...INVOICE_STATUSES),
});

const text = (max: number) => Joi.string().trim().min(1).max(max);

/**
 * POST /subscription (section 7). The address fields are required (section 5). Pix needs no card:
 * the card fields are accepted and format-checked when sent, never stored. The amount is the
 * invoice's, whatever price the form sends.
 */
export const subscriptionSchema = Joi.object({
  invoiceId: id.required(),
  firstName: text(100).required(),
  lastName: text(100).required(),
  address2: text(200).required(),
  city: text(100).required(),
  state: text(100).required(),
  zipcode: Joi.string().trim().pattern(/^[0-9A-Za-z -]{3,12}$/).required(),
  country: Joi.string().valid(...CHECKOUT_COUNTRIES).required(),
  useAddressForPaymentDetails: Joi.boolean(),
  nameOnCard: text(100).allow(''),
  cardNumber: Joi.string().pattern(/^[0-9 ]{12,23}$/).allow(''),
  expiryDate: Joi.string().pattern(/^(0[1-9]|1[0-2])\/?([0-9]{2})$/).allow(''),
  cvv: Joi.string().pattern(/^[0-9]{3,4}$/).allow(''),
  plan: Joi.alternatives(Joi.string().max(2000), Joi.object().unknown(true)),
  price: Joi.number().min(0),
  users: Joi.number().integer().min(0),
  connections: Joi.number().integer().min(0),
});

/**
 * A Pix key (DICT): CPF (11 digits), CNPJ (14), e-mail, phone as +55 and 10-11 digits, or a
 * random key (EVP, a UUID).
 */
export const pixKey = Joi.string()
  .trim()
  .max(PIX_KEY_MAX)
  .pattern(/^(\d{11}|\d{14}|\+55\d{10,11}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[^@\s]+@[^@\s]+\.[^@\s]+)$/i)
  .messages({ 'string.pattern.base': '{{#label}} must be a CPF, CNPJ, e-mail, +55 phone or random Pix key' });

/** PUT /settings/pix (super users). Name and city are cut by the BR Code's limits. */
export const pixSettingsSchema = Joi.object({
  key: pixKey.required(),
  merchantName: text(PIX_MERCHANT_NAME_MAX).required(),
  city: text(PIX_CITY_MAX).required(),
  webhookSecret: Joi.string().min(16).max(200),
  webhookSecretSet: Joi.any().strip(),
});

/**
 * The payment provider's notice, after its signature was checked: the txid and the amount paid
 * (`valor` as the Pix API writes it, "99.90"), optionally its currency; other fields are ignored.
 */
export const paymentWebhookSchema = Joi.object({
  txid: Joi.string().alphanum().min(1).max(PIX_TXID_MAX).required(),
  valor: Joi.string().pattern(/^\d{1,10}\.\d{2}$/, 'amount').required(),
  currency: Joi.string().pattern(/^[A-Za-z]{3}$/, 'currency'),
}).unknown(true);
