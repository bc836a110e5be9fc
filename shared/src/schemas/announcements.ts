import { Joi } from './joi.js';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_TITLE_MAX } from '../domain/announcements.js';
import { pageQuery } from './common.js';

const announcementFields = {
  title: Joi.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX),
  text: Joi.string().trim().min(1).max(ANNOUNCEMENT_TEXT_MAX),
  priority: Joi.number().integer().valid(...ANNOUNCEMENT_PRIORITIES),
  status: Joi.boolean(),
  // Sent back by the dialog with the rest of the record; read-only here (the attachment has its own route).
  id: Joi.any().strip(),
  mediaPath: Joi.any().strip(),
  mediaName: Joi.any().strip(),
  mediaUrl: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const announcementCreateSchema = Joi.object({
  ...announcementFields,
  title: announcementFields.title.required(),
  text: announcementFields.text.required(),
});

export const announcementUpdateSchema = Joi.object(announcementFields).min(1);

export const announcementListQuery = Joi.object(pageQuery);

/** POST /announcements/{id}/media-upload (multipart): the file part is checked by the server. */
export const announcementMediaSchema = Joi.object({
  file: Joi.any().required(),
}).unknown(false);
