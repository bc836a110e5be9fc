import type { Types } from 'mongoose';
import { numberKeyOf } from '@atende/shared';
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
  /**
   * The person's identity (identity.ts): the number's key (both forms of a Brazilian mobile number
   * give one), unique in the company, so every way in finds or refuses by it. A duplicate stored
   * before this key existed holds `~<its id>` until it is merged (see `duplicateKey`).
   */
  numberKey: string;
  /** The person's LID (WhatsApp's private id, digits) once known: a message by LID finds the contact by it. */
  lid: string | null;
  /**
   * The number WhatsApp knows the person by (its JID's user): from their messages, or asked of
   * WhatsApp before the first send to a number typed by someone; '' until then.
   */
  waNumber: string;
  /** The company's id on a contact waiting to be merged into another (few per company); else null. */
  duplicateKey: string | null;
  /** While it is being merged: the contact it goes into (it is deleted at the end). */
  mergedInto: Types.ObjectId | null;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: ContactExtraInfoDoc[];
  /** What lists and searches find it by (searchKeys.ts); written by writer.ts only. */
  searchKeys: string[];
  /** The time zone the dashboard's new-contacts count holds it in (tickets/dayCounts.ts; absent: UTC). */
  dayZone?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The sort key of a name: "Élida" and "elida" sort together. */
export function nameKeyOf(name: string): string {
  return foldText(name).trim();
}

/**
 * The identity key of a contact: a person's number key (numberKeyOf: a Brazilian mobile number
 * with or without its ninth digit gives one key). A group, and a person known only by a LID
 * (numbered by it), are their number.
 */
export function identityKeyOf(contact: { number: string; isGroup?: boolean | null; lid?: string | null }): string {
  return contact.isGroup || contact.lid === contact.number ? contact.number : numberKeyOf(contact.number);
}

export const ContactModel = tenantModel<ContactDoc>(
  'Contact',
  {
    name: { type: String, required: true, trim: true },
    nameKey: { type: String, default: '' },
    number: { type: String, required: true },
    numberKey: { type: String, required: true },
    lid: { type: String, default: null },
    waNumber: { type: String, default: '' },
    duplicateKey: { type: String, default: null },
    mergedInto: { type: ObjectId, ref: 'Contact', default: null },
    email: { type: String, default: '' },
    profilePicUrl: { type: String, default: '' },
    isGroup: { type: Boolean, default: false },
    searchKeys: { type: [String], default: [] },
    dayZone: { type: String },
    extraInfo: [
      {
        _id: { type: ObjectId, auto: true },
        name: { type: String, required: true },
        value: { type: String, default: '' },
      },
    ],
  },
  (schema) => {
    // One contact per person and company: every way in finds contacts by the number's key.
    schema.index({ companyId: 1, number: 1 }, { unique: true });
    schema.index({ companyId: 1, numberKey: 1 }, { unique: true });
    schema.index({ companyId: 1, lid: 1 });
    schema.index({ companyId: 1, duplicateKey: 1 });
    schema.index({ companyId: 1, searchKeys: 1 });
    engineKeys(schema, ['number', 'numberKey', 'lid', 'duplicateKey', 'searchKeys']);
  },
);

// Its only code: a refusal of the number's key, which FerretDB names no better than its collection, gets it too.
registerDuplicateCode('contacts', 'number', 'ERR_DUPLICATED_CONTACT');
