import { Joi } from './joi.js';
import { TAG_NAME_MAX, TAG_NAME_MIN } from '../domain/tags.js';
import { color, id, pageQuery } from './common.js';

const kanban = Joi.number().integer().valid(0, 1);

const tagFields = {
  name: Joi.string().trim().min(TAG_NAME_MIN).max(TAG_NAME_MAX),
  color,
  kanban,
  userId: id.allow(null, ''),
  // Sent back by the dialog with the rest of the record; read-only here.
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  ticketsCount: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const tagCreateSchema = Joi.object({ ...tagFields, name: tagFields.name.required() });

export const tagUpdateSchema = Joi.object(tagFields).min(1);

/** companyId: the spec's client sends it; only super users may name another company. */
export const tagListQuery = Joi.object({ ...pageQuery, companyId: id });

export const tagAllQuery = Joi.object({ kanban, companyId: id });

/** POST /tags/sync: the ticket ends up with exactly these tags (whole tag records are accepted). */
export const tagSyncSchema = Joi.object({
  ticketId: id.required(),
  tags: Joi.array().items(Joi.object({ id: id.required() }).unknown(true)).max(100).unique('id').required(),
});

export const ticketTagParams = Joi.object({ ticketId: id.required(), tagId: id.required() });

/** queueIds arrive as a JSON array in the query string (the board sends them so). */
const queueIdList = Joi.alternatives().try(
  Joi.array().items(id).max(200),
  Joi.string().custom((value: string, helpers) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.length <= 200 && parsed.every((item) => typeof item === 'string' && /^[0-9a-f]{24}$/i.test(item))) return parsed;
    } catch {
      // Falls through to the rule below.
    }
    return helpers.error('any.invalid');
  }),
);

export const kanbanQuery = Joi.object({
  queueIds: queueIdList,
  showAll: Joi.boolean().truthy('true', '1').falsy('false', '0').default(false),
});
