import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';
import { registerDuplicateCode } from '../../platform/errors.js';

/** A reusable audience for campaigns (document 2). */
export interface ContactListDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  /** Kept by the code that adds and removes items: counting them per request reads them all. */
  contactsCount: number;
  /**
   * The WhatsApp check of its items: 'queued' once items were added, 'waiting' while it waits for
   * the company's default connection, null when nothing is to be asked (check.ts finds the lists
   * by this key).
   */
  checkState: 'queued' | 'waiting' | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ContactListModel = tenantModel<ContactListDoc>(
  'ContactList',
  {
    name: { type: String, required: true, trim: true },
    contactsCount: { type: Number, default: 0 },
    checkState: { type: String, default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, name: 1 });
    schema.index({ checkState: 1 });
    engineKeys(schema, ['companyId', 'checkState']);
  },
);

export interface ContactListItemDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  contactListId: Types.ObjectId;
  name: string;
  /** Digits, normalised as contacts' numbers are; one item per number in a list. */
  number: string;
  email: string;
  /** Whether the number is on WhatsApp, as the list's connection answered; null until asked. */
  isWhatsappValid: boolean | null;
  /**
   * The list's id while the number waits for the WhatsApp check, null once asked: the check reads
   * only the waiting items by this key (an equality the engine indexes) instead of the whole list.
   */
  checkKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ContactListItemModel = tenantModel<ContactListItemDoc>(
  'ContactListItem',
  {
    contactListId: { type: ObjectId, ref: 'ContactList', required: true },
    name: { type: String, required: true, trim: true },
    number: { type: String, required: true },
    email: { type: String, default: '' },
    isWhatsappValid: { type: Boolean, default: null },
    checkKey: { type: String, default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, contactListId: 1, number: 1 }, { unique: true });
    schema.index({ companyId: 1, checkKey: 1 });
    engineKeys(schema, ['contactListId', 'number', 'checkKey']);
  },
);

registerDuplicateCode('contactlistitems', 'number', 'ERR_DUPLICATED_CONTACT');
