/**
 * Queue integrations (document 3 sections 3-5, 7): the fields by type, name 2..50, the language
 * list, the typebot defaults. A type's own fields are required with it: a URL for n8n, webhook and
 * typebot (and typebot's slug), the project and credentials for dialogflow, the flow for flowbuilder.
 */
import { Joi } from './joi.js';
import {
  INTEGRATION_URL_MAX,
  JSON_CONTENT_MAX,
  QUEUE_INTEGRATION_DEFAULTS,
  QUEUE_INTEGRATION_LANGUAGES,
  QUEUE_INTEGRATION_NAME_MAX,
  QUEUE_INTEGRATION_NAME_MIN,
  QUEUE_INTEGRATION_TYPES,
  TYPEBOT_DELAY_MAX,
  TYPEBOT_EXPIRES_MAX,
  URL_INTEGRATION_TYPES,
} from '../domain/queueIntegrations.js';
import { id, pageQuery } from './common.js';
import { outboundUrl } from './outboundUrl.js';

const integrationName = Joi.string().trim().min(QUEUE_INTEGRATION_NAME_MIN).max(QUEUE_INTEGRATION_NAME_MAX);
const url = outboundUrl(INTEGRATION_URL_MAX);
const text = (max: number) => Joi.string().max(max).allow('');
const projectName = Joi.string().trim().max(200).pattern(/^[A-Za-z0-9._:-]+$/);
const jsonContent = Joi.string().trim().max(JSON_CONTENT_MAX);
const type = Joi.string().valid(...QUEUE_INTEGRATION_TYPES);

const optionalFields = {
  language: Joi.string().valid(...QUEUE_INTEGRATION_LANGUAGES),
  typebotSlug: Joi.string().trim().max(200).pattern(/^[A-Za-z0-9._-]+$/).allow(''),
  typebotExpires: Joi.number().integer().min(0).max(TYPEBOT_EXPIRES_MAX),
  typebotDelayMessage: Joi.number().integer().min(0).max(TYPEBOT_DELAY_MAX),
  typebotKeywordFinish: text(200),
  typebotKeywordRestart: text(200),
  typebotRestartMessage: text(4096),
  typebotUnknownMessage: text(4096),
};

/** POST /queueIntegration: the type's own fields are required with it. */
export const queueIntegrationCreateSchema = Joi.object({
  type: type.required(),
  name: integrationName.required(),
  projectName: Joi.when('type', { is: 'dialogflow', then: projectName.required(), otherwise: Joi.string().max(200).allow('') }),
  jsonContent: Joi.when('type', { is: 'dialogflow', then: jsonContent.required(), otherwise: Joi.string().max(JSON_CONTENT_MAX).allow('') }),
  urlN8N: Joi.when('type', { is: Joi.valid(...URL_INTEGRATION_TYPES), then: url.required(), otherwise: url.allow('') }),
  typebotSlug: Joi.when('type', { is: 'typebot', then: optionalFields.typebotSlug.disallow('').required(), otherwise: optionalFields.typebotSlug }),
  flowId: Joi.when('type', { is: 'flowbuilder', then: id.required(), otherwise: id.allow(null, '') }),
  language: optionalFields.language.default(QUEUE_INTEGRATION_DEFAULTS.language),
  typebotExpires: optionalFields.typebotExpires.default(QUEUE_INTEGRATION_DEFAULTS.typebotExpires),
  typebotDelayMessage: optionalFields.typebotDelayMessage.default(QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: optionalFields.typebotKeywordFinish,
  typebotKeywordRestart: optionalFields.typebotKeywordRestart,
  typebotRestartMessage: optionalFields.typebotRestartMessage,
  typebotUnknownMessage: optionalFields.typebotUnknownMessage,
});

/**
 * PUT /queueIntegration/{id}: any of the fields; what the (possibly new) type needs is checked on
 * the integration as it will be stored. jsonContent equal to the shown mask keeps the credentials.
 */
export const queueIntegrationUpdateSchema = Joi.object({
  type,
  name: integrationName,
  projectName: Joi.string().trim().max(200).allow(''),
  jsonContent: Joi.string().max(JSON_CONTENT_MAX).allow(''),
  urlN8N: url.allow(''),
  flowId: id.allow(null, ''),
  ...optionalFields,
}).min(1);

export const queueIntegrationListQuery = Joi.object({ ...pageQuery });
export const queueIntegrationDeliveriesQuery = Joi.object({ pageNumber: pageQuery.pageNumber });

/**
 * POST /queueIntegration/testSession: the dialog's dialogflow fields; `id` names the integration
 * whose stored credentials a masked jsonContent stands for.
 */
export const queueIntegrationTestSchema = Joi.object({
  projectName: projectName.required(),
  jsonContent: jsonContent.required(),
  language: optionalFields.language.required(),
  id: id.allow(null, ''),
});
