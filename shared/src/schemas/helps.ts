import { Joi } from './joi.js';
import { pageQuery } from './common.js';

const helpFields = {
  title: Joi.string().trim().min(1).max(120),
  description: Joi.string().trim().allow('').max(2000),
  /** A video id or URL (the help modal embeds it). */
  video: Joi.string().trim().allow('').max(500),
};

export const helpCreateSchema = Joi.object({ ...helpFields, title: helpFields.title.required() });
export const helpUpdateSchema = Joi.object(helpFields).min(1);
export const helpListQuery = Joi.object(pageQuery);
