/** Campaigns, their settings and file lists (document 2 sections 5, 7, 9; document 3 file lists). */
import type { CustomHelpers, Schema } from 'joi';
import { Joi } from './joi.js';
import { CAMPAIGN_MESSAGE_MAX, CAMPAIGN_VARIANTS, FILE_LIST_MAX_OPTIONS, FILE_LIST_NAME_MIN, LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from '../domain/campaigns.js';
import { NAME_MAX } from '../domain/constants.js';
import { id, name, pageQuery } from './common.js';

const text = Joi.string().max(CAMPAIGN_MESSAGE_MAX).allow('');
const nullableId = id.allow(null, '').empty('');
const variants = Object.fromEntries(
  CAMPAIGN_VARIANTS.flatMap((n) => [
    [`message${n}`, text],
    [`confirmationMessage${n}`, text],
  ]),
);

const campaignFields = {
  name,
  ...variants,
  confirmation: Joi.boolean(),
  // '' or null: not scheduled (the dialog's empty date field).
  scheduledAt: Joi.date().iso().allow(null, '').empty(''),
  whatsappId: nullableId,
  contactListId: nullableId,
  tagId: nullableId,
  fileListId: nullableId,
  // Read-only, sent back by the dialog with the rest of the record.
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  status: Joi.any().strip(),
  completedAt: Joi.any().strip(),
  mediaPath: Joi.any().strip(),
  mediaName: Joi.any().strip(),
  mediaUrl: Joi.any().strip(),
  editable: Joi.any().strip(),
  counters: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

/**
 * The form names the tag field tagListId (document 2 section 3): it becomes tagId (both given,
 * they must agree). The audience is a contact list or a tag, not both (null or '' count as
 * absent: the dialog sends both fields).
 */
function audience(value: Record<string, unknown>, helpers: CustomHelpers) {
  const { tagListId, ...rest } = value;
  if (tagListId !== undefined && rest.tagId !== undefined && tagListId !== rest.tagId) return helpers.error('object.oxor', { peers: ['tagId', 'tagListId'], peersWithLabels: ['tagId', 'tagListId'] });
  const merged = tagListId === undefined ? rest : { ...rest, tagId: tagListId };
  if (merged.contactListId && merged.tagId) return helpers.error('object.oxor', { peers: ['contactListId', 'tagId'], peersWithLabels: ['contactListId', 'tagId'] });
  return merged;
}

export const campaignCreateSchema = Joi.object({ ...campaignFields, name: name.required(), tagListId: nullableId }).custom(audience);

export const campaignUpdateSchema = Joi.object({ ...campaignFields, tagListId: nullableId }).min(1).custom(audience);

export const campaignListQuery = Joi.object({ ...pageQuery });

export const campaignMediaSchema = Joi.object({
  typeArch: Joi.string().max(50).allow(''),
  file: Joi.any().required(),
}).unknown(false);

const variable = Joi.object({ key: Joi.string().trim().min(1).max(50).pattern(/^\w+$/).required(), value: Joi.string().max(1000).allow('').required() });

export const campaignSettingsSchema = Joi.object({
  settings: Joi.object({
    messageInterval: Joi.number().valid(...MESSAGE_INTERVAL_OPTIONS),
    longerIntervalAfter: Joi.number().valid(...LONGER_INTERVAL_OPTIONS),
    greaterInterval: Joi.number().valid(...LONGER_INTERVAL_OPTIONS),
    // A key is added only if unused (document 2 section 5).
    variables: Joi.array().items(variable).max(100).unique('key'),
  })
    .min(1)
    .required(),
});

const fileListName = Joi.string().trim().min(FILE_LIST_NAME_MIN).max(NAME_MAX);

/** An option the dialog keeps (with its id) or adds (without); its file comes by the upload call. */
const fileListOption = Joi.object({
  id: id.allow(null, '').empty(''),
  name: Joi.string().trim().min(1).max(NAME_MAX).required(),
  // Read-only, sent back with the rest of the option.
  path: Joi.any().strip(),
  file: Joi.any().strip(),
  mediaType: Joi.any().strip(),
  originalName: Joi.any().strip(),
  mediaUrl: Joi.any().strip(),
});

const fileListFields = {
  name: fileListName,
  message: Joi.string().trim().min(1).max(CAMPAIGN_MESSAGE_MAX),
  /** The options kept: one left out is removed with its file. */
  options: Joi.array().items(fileListOption).max(FILE_LIST_MAX_OPTIONS),
  userId: Joi.any().strip(),
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const fileListCreateSchema = Joi.object({ ...fileListFields, name: fileListName.required(), message: fileListFields.message.required() });
export const fileListUpdateSchema = Joi.object(fileListFields).min(1);
export const fileListListQuery = Joi.object({ ...pageQuery, companyId: id });

const oneOrMany = (item: Schema) => Joi.alternatives(item, Joi.array().items(item).max(FILE_LIST_MAX_OPTIONS));

/**
 * POST /files/uploadList/{id} (multipart, as the dialog sends it): `files` (one or several), and
 * per file at the same position its option's `name` and `id` (an option of the list; none or ''
 * adds a new option) and `mediaType` (the browser's type; the server decides by content).
 * `fileId` is the list's id again; `typeArch` names the upload's area.
 */
export const fileListUploadSchema = Joi.object({
  fileId: id.allow(''),
  typeArch: Joi.string().max(50).allow(''),
  files: Joi.any().required(),
  name: oneOrMany(Joi.string().trim().max(NAME_MAX).allow('')),
  id: oneOrMany(id.allow('')),
  mediaType: oneOrMany(Joi.string().max(100).allow('')),
}).unknown(false);
