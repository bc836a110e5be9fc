import { Joi } from './joi.js';
import { QUICK_MESSAGE_MAX, SHORTCODE_MAX } from '../domain/quickMessages.js';
import { id, pageQuery } from './common.js';

const quickMessageFields = {
  shortcode: Joi.string().trim().min(1).max(SHORTCODE_MAX),
  message: Joi.string().max(QUICK_MESSAGE_MAX).allow(''),
  geral: Joi.boolean(),
  status: Joi.boolean(),
  allowView: Joi.boolean(),
  allowEdit: Joi.boolean(),
  // Sent back by the dialog with the rest of the record; read-only here.
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  userId: Joi.any().strip(),
  isMedia: Joi.any().strip(),
  mediaPath: Joi.any().strip(),
  mediaName: Joi.any().strip(),
  mediaUrl: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const quickMessageCreateSchema = Joi.object({ ...quickMessageFields, shortcode: quickMessageFields.shortcode.required() });

export const quickMessageUpdateSchema = Joi.object(quickMessageFields).min(1);

/** userId: admins may look at one user's own plus the shared ones; others always see their own. */
export const quickMessageListQuery = Joi.object({ ...pageQuery, userId: id });

export const quickMessageAllQuery = Joi.object({ companyId: id, userId: id });

/** POST /quick-messages/{id}/media-upload (multipart): the file part is checked by the server. */
export const quickMessageMediaSchema = Joi.object({
  typeArch: Joi.string().max(50).allow(''),
  file: Joi.any().required(),
}).unknown(false);
