/** Contact lists and their items (document 2 sections 5 and 7). */
import { Joi } from './joi.js';
import { contactNumber } from './contacts.js';
import { email, id, name, pageQuery } from './common.js';

/** Fields the dialogs send back with the record; read-only here. */
const readOnly = {
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const contactListCreateSchema = Joi.object({ ...readOnly, contactsCount: Joi.any().strip(), name: name.required() });

export const contactListUpdateSchema = contactListCreateSchema;

export const contactListsQuery = Joi.object(pageQuery);

const itemFields = {
  ...readOnly,
  isWhatsappValid: Joi.any().strip(),
  name,
  number: contactNumber,
  email: email.allow('', null),
};

export const contactListItemCreateSchema = Joi.object({ ...itemFields, contactListId: id.required(), name: name.required(), number: contactNumber.required() });

/** The list of an item does not change. */
export const contactListItemUpdateSchema = Joi.object({ ...itemFields, contactListId: Joi.any().strip() }).min(1);

export const contactListItemQuery = Joi.object({ ...pageQuery, contactListId: id.required() });

/** POST /contact-lists/{id}/upload: multipart with one file (.xlsx, .xls or .csv). */
export const contactListUploadSchema = Joi.object({ file: Joi.any().required() }).unknown(true);
