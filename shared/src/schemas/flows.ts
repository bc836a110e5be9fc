/** Flows, their graphs and phrase-triggered flow campaigns (document 3 sections 3, 5, 7). */
import type { ObjectSchema } from 'joi';
import { Joi } from './joi.js';
import {
  FLOW_CONDITION_OPERATORS,
  FLOW_EDGES_MAX,
  FLOW_INTERVAL_MAX_S,
  FLOW_INTERVAL_MIN_S,
  FLOW_MENU_OPTIONS_MAX,
  FLOW_NAME_MAX,
  FLOW_NAME_MIN,
  FLOW_NODES_MAX,
  FLOW_NODE_TYPES,
  FLOW_OPENAI_DEFAULTS,
  FLOW_RANDOMIZER_STEP,
  FLOW_TEXT_MAX,
} from '../domain/flows.js';
import { NAME_MAX } from '../domain/constants.js';
import { PROMPT_HUMAN_PHRASE_MAX, PROMPT_MODEL_MAX } from '../domain/prompts.js';
import { openAiBaseUrl } from './prompts.js';
import { userPattern } from './patterns.js';
import { id, name, pageQuery } from './common.js';
import { outboundUrl } from './outboundUrl.js';

export const flowName = Joi.string().trim().min(FLOW_NAME_MIN).max(FLOW_NAME_MAX);

const text = Joi.string().max(FLOW_TEXT_MAX).allow('');
/** Stored file names (platform/uploads) or '' before an upload. */
const fileName = Joi.string().max(255).allow('');
const handle = Joi.string().max(40).allow(null, '');
const nodeId = Joi.string().max(64).pattern(/^[A-Za-z0-9_-]+$/);

const integration = Joi.object({
  name: Joi.string().trim().max(NAME_MAX).allow(''),
  projectName: Joi.string().max(NAME_MAX).allow(''),
  urlN8N: outboundUrl().allow(''),
  typebotSlug: Joi.string().max(200).allow(''),
  typebotExpires: Joi.number().integer().min(0).max(10_080),
  typebotDelayMessage: Joi.number().integer().min(0).max(60_000),
  typebotKeywordFinish: Joi.string().max(200).allow(''),
  typebotKeywordRestart: Joi.string().max(200).allow(''),
  typebotRestartMessage: text,
  typebotUnknownMessage: text,
}).unknown(true);

const openAi = Joi.object({
  name: Joi.string().trim().max(NAME_MAX).allow(''),
  projectName: Joi.string().max(NAME_MAX).allow(''),
  prompt: text,
  voice: Joi.string().max(60).default(FLOW_OPENAI_DEFAULTS.voice),
  voiceKey: Joi.string().max(500).allow(''),
  voiceRegion: Joi.string().max(100).allow(''),
  maxTokens: Joi.number().integer().min(1).max(100_000).default(FLOW_OPENAI_DEFAULTS.maxTokens),
  temperature: Joi.number().min(0).max(2).default(FLOW_OPENAI_DEFAULTS.temperature),
  apiKey: Joi.string().max(500).allow(''),
  queueId: id.allow(null, ''),
  maxMessages: Joi.number().integer().min(1).max(1000).default(FLOW_OPENAI_DEFAULTS.maxMessages),
  // Optional extras of this implementation (automation/ai): the model, the endpoint, the phrases for a human.
  model: Joi.string().trim().max(PROMPT_MODEL_MAX).allow(''),
  baseURL: openAiBaseUrl,
  humanPhrase: Joi.string().trim().max(PROMPT_HUMAN_PHRASE_MAX).allow(''),
}).unknown(true);

const contentElement = Joi.object({
  number: Joi.string().max(40).required(),
  type: Joi.string().valid('message', 'interval', 'img', 'audio', 'video').required(),
  value: Joi.alternatives(text, Joi.number()).required(),
  original: Joi.string().max(255).allow(''),
  record: Joi.boolean(),
}).unknown(true);

/** `data` by node type; the editor's own extra keys (labels, flags) pass through. */
const nodeData: Record<(typeof FLOW_NODE_TYPES)[number], ObjectSchema> = {
  start: Joi.object().unknown(true),
  message: Joi.object({ label: text.required() }).unknown(true),
  interval: Joi.object({ sec: Joi.number().integer().min(FLOW_INTERVAL_MIN_S).max(FLOW_INTERVAL_MAX_S).required() }).unknown(true),
  condition: Joi.object({
    key: Joi.string().max(100).allow('').required(),
    condition: Joi.string().valid(...FLOW_CONDITION_OPERATORS).required(),
    // A regex condition's value is a pattern the server runs on a linear-time engine.
    value: Joi.when('condition', { is: 'regex', then: userPattern().required(), otherwise: Joi.string().max(1000).allow('').required() }),
  }).unknown(true),
  menu: Joi.object({
    message: text.required(),
    arrayOption: Joi.array()
      .items(Joi.object({ number: Joi.number().integer().min(1).required(), value: Joi.string().max(1000).allow('').required() }).unknown(true))
      .max(FLOW_MENU_OPTIONS_MAX)
      .required(),
  }).unknown(true),
  img: Joi.object({ url: fileName.required() }).unknown(true),
  audio: Joi.object({ url: fileName.required(), record: Joi.boolean() }).unknown(true),
  video: Joi.object({ url: fileName.required() }).unknown(true),
  randomizer: Joi.object({ percent: Joi.number().integer().min(0).max(100).multiple(FLOW_RANDOMIZER_STEP).required() }).unknown(true),
  singleBlock: Joi.object({
    seq: Joi.array().items(Joi.string().max(40)).max(100).required(),
    elements: Joi.array().items(contentElement).max(100).required(),
  }).unknown(true),
  typebot: Joi.object({ typebotIntegration: integration.required() }).unknown(true),
  question: Joi.object({
    typebotIntegration: Joi.object({ message: text.required(), answerKey: Joi.string().trim().max(100).allow('').required() }).unknown(true).required(),
  }).unknown(true),
  ticket: Joi.object({ queueId: id.required(), name: Joi.string().max(NAME_MAX).allow('') }).unknown(true),
  openai: Joi.object({ typebotIntegration: openAi.required() }).unknown(true),
};

const position = Joi.object({ x: Joi.number().required(), y: Joi.number().required() }).unknown(true);

export const flowNodeSchema = Joi.object({
  id: nodeId.required(),
  type: Joi.string()
    .valid(...FLOW_NODE_TYPES)
    .required(),
  position: position.required(),
  data: Joi.when('type', {
    switch: FLOW_NODE_TYPES.map((type) => ({ is: type, then: nodeData[type].required() })),
  }),
}).unknown(true);

export const flowEdgeSchema = Joi.object({
  id: Joi.string().max(200).required(),
  source: nodeId.required(),
  target: nodeId.required(),
  sourceHandle: handle,
  targetHandle: handle,
}).unknown(true);

export const flowGraphFields = {
  nodes: Joi.array().items(flowNodeSchema).max(FLOW_NODES_MAX).unique('id').required(),
  connections: Joi.array().items(flowEdgeSchema).max(FLOW_EDGES_MAX).required(),
};

/** POST /flowbuilder/flow */
export const flowSaveSchema = Joi.object({ idFlow: id.required(), ...flowGraphFields });

export const flowListQuery = Joi.object({ ...pageQuery });
export const flowCreateSchema = Joi.object({ name: flowName.required() });
/** PUT /flowbuilder: rename, and the Ativo/Desativado switch. */
export const flowUpdateSchema = Joi.object({ flowId: id.required(), name: flowName, active: Joi.boolean() }).or('name', 'active');
export const flowDuplicateSchema = Joi.object({ flowId: id.required() });

/** A file written by export (`FlowExport`). */
export const flowImportSchema = Joi.object({
  format: Joi.string().valid('atende-flow').required(),
  version: Joi.number().valid(1).required(),
  name: flowName.required(),
  active: Joi.boolean().default(true),
  flow: Joi.object(flowGraphFields).allow(null).required(),
});

const flowCampaignFields = {
  name: name.required(),
  flowId: id.required(),
  whatsappId: id.required(),
  phrase: Joi.string().trim().min(1).max(1000).required(),
  status: Joi.boolean().default(true),
};
export const flowCampaignCreateSchema = Joi.object(flowCampaignFields);
export const flowCampaignUpdateSchema = Joi.object({ id: id.required(), ...flowCampaignFields });

/** POST /flowbuilder/img, /audio, /content (multipart): `medias` one file (img, audio) or several (content). */
export const flowMediaSchema = Joi.object({
  fromMe: Joi.boolean(),
  body: Joi.string().max(FLOW_TEXT_MAX).allow(''),
  medias: Joi.any().required(),
}).unknown(false);
