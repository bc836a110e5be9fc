import type { Types } from 'mongoose';
import { foldText, ObjectId, tenantModel } from '../../platform/database/models.js';
import { registerDuplicateCode } from '../../platform/errors.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface ContactExtraInfoDoc {
  _id: Types.ObjectId;
  name: string;
  value: string;
}

export interface ContactDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  /** Lower-case, accent-free copy of the name: the list's order (no collation on FerretDB). */
  nameKey: string;
  /** Digits for a person; the WhatsApp group id for a group (see normaliseProviderNumber). */
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: ContactExtraInfoDoc[];
  /** What lists and searches find it by (searchKeys.ts); written by writer.ts only. */
  searchKeys: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** The sort key of a name: "Élida" and "elida" sort together. */
export function nameKeyOf(name: string): string {
  return foldText(name).trim();
}

export const ContactModel = tenantModel<ContactDoc>(
  'Contact',
  {
    name: { type: String, required: true, trim: true },
    nameKey: { type: String, default: '' },
    number: { type: String, required: true },
    email: { type: String, default: '' },
    profilePicUrl: { type: String, default: '' },
    isGroup: { type: Boolean, default: false },
    searchKeys: { type: [String], default: [] },
    extraInfo: [
      {
        _id: { type: ObjectId, auto: true },
        name: { type: String, required: true },
        value: { type: String, default: '' },
      },
    ],
  },
  (schema) => {
    // One contact per number and company: the inbound pipeline finds contacts by it.
    schema.index({ companyId: 1, number: 1 }, { unique: true });
    schema.index({ companyId: 1, searchKeys: 1 });
    engineKeys(schema, ['number', 'searchKeys']);
  },
);

registerDuplicateCode('contacts', 'number', 'ERR_DUPLICATED_CONTACT');
