/**
 * An address the server calls for a company (webhooks, n8n, Typebot, OpenAI-compatible endpoints):
 * http or https, without a user name or password. Every such field is built with `outboundUrl()`:
 * its meta tells the server to refuse, at save, an address leading to a private or reserved
 * network (the server knows the operator's allow-list; the form does not), and tells the security
 * sweeps to probe it.
 */
import { Joi } from './joi.js';

export const OUTBOUND_URL_META = 'outboundUrl';
export const OUTBOUND_URL_MAX = 2048;

export function outboundUrl(max = OUTBOUND_URL_MAX) {
  return Joi.string()
    .trim()
    .max(max)
    .uri({ scheme: ['http', 'https'] })
    .custom((value: string, helpers) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return helpers.error('string.uri');
      }
      return url.username || url.password ? helpers.error('string.credentials') : value;
    })
    .messages({ 'string.credentials': '{{#label}} must not carry a user name or password' })
    .meta({ [OUTBOUND_URL_META]: true });
}
