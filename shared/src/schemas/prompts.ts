/** AI prompts (document 3 section 5): the dialog's rules, the API's defaults. */
import { Joi } from './joi.js';
import {
  PROMPT_API_KEY_MAX,
  PROMPT_DEFAULTS,
  PROMPT_HUMAN_PHRASE_MAX,
  PROMPT_MAX_MESSAGES_MAX,
  PROMPT_MAX_TOKENS_MAX,
  PROMPT_MODEL_MAX,
  PROMPT_NAME_MAX,
  PROMPT_NAME_MIN,
  PROMPT_TEXT_MAX,
  PROMPT_TEXT_MIN,
} from '../domain/prompts.js';
import { id } from './common.js';
import { outboundUrl } from './outboundUrl.js';

/** The spec's own words for a missing queue: "a sector must be chosen". */
const SECTOR_REQUIRED = '{{#label}}: a sector (queue) must be chosen';

/** An OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 ('' for the default). */
export const openAiBaseUrl = outboundUrl().allow('');

const promptFields = {
  name: Joi.string().trim().min(PROMPT_NAME_MIN).max(PROMPT_NAME_MAX),
  prompt: Joi.string().trim().min(PROMPT_TEXT_MIN).max(PROMPT_TEXT_MAX),
  // Any model the endpoint serves (local models have their own names); the dialog offers two.
  model: Joi.string().trim().min(1).max(PROMPT_MODEL_MAX),
  maxTokens: Joi.number().integer().min(1).max(PROMPT_MAX_TOKENS_MAX),
  temperature: Joi.number().min(0).max(1),
  apiKey: Joi.string().trim().min(1).max(PROMPT_API_KEY_MAX),
  queueId: id.messages({ 'any.required': SECTOR_REQUIRED, 'string.empty': SECTOR_REQUIRED, 'string.base': SECTOR_REQUIRED }),
  maxMessages: Joi.number().integer().min(1).max(PROMPT_MAX_MESSAGES_MAX),
  baseURL: openAiBaseUrl,
  humanPhrase: Joi.string().trim().max(PROMPT_HUMAN_PHRASE_MAX).allow(''),
  // Sent back by the dialog with the rest of the record; read-only here.
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  queue: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

/** POST /prompt: the fields the spec requires, the section 3 defaults for the others. */
export const promptCreateSchema = Joi.object({
  ...promptFields,
  name: promptFields.name.required(),
  prompt: promptFields.prompt.required(),
  apiKey: promptFields.apiKey.required(),
  queueId: promptFields.queueId.required(),
  model: promptFields.model.default(PROMPT_DEFAULTS.model),
  maxTokens: promptFields.maxTokens.default(PROMPT_DEFAULTS.maxTokens),
  temperature: promptFields.temperature.default(PROMPT_DEFAULTS.temperature),
  maxMessages: promptFields.maxMessages.default(PROMPT_DEFAULTS.maxMessages),
  baseURL: promptFields.baseURL.default(''),
  humanPhrase: promptFields.humanPhrase.default(''),
});

/** PUT /prompt/{id}: what changes; an apiKey equal to the masked one keeps the stored key. */
export const promptUpdateSchema = Joi.object(promptFields).min(1);

/** The dialog: every field the spec lists is required (the defaults are its initial values). */
export const promptFormSchema = Joi.object({
  ...promptFields,
  name: promptFields.name.required(),
  prompt: promptFields.prompt.required(),
  apiKey: promptFields.apiKey.required(),
  queueId: promptFields.queueId.required(),
  model: promptFields.model.required(),
  maxTokens: promptFields.maxTokens.required(),
  temperature: promptFields.temperature.required(),
  maxMessages: promptFields.maxMessages.required(),
});
