import type { Types } from 'mongoose';
import { ALL_TICKET_VALUES, LANGUAGES, PROFILES, type AllTicket, type Language, type Profile } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';
import { registerDuplicateCode } from '../../platform/errors.js';

export interface UserDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  email: string;
  passwordHash: string;
  profile: Profile;
  super: boolean;
  queueIds: Types.ObjectId[];
  whatsappId: Types.ObjectId | null;
  allTicket: AllTicket;
  language: Language | null;
  online: boolean;
  lastSeenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const UserModel = tenantModel<UserDoc>(
  'User',
  {
    name: { type: String, required: true, trim: true },
    // Unique across the platform: login is by e-mail alone.
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    passwordHash: { type: String, required: true },
    profile: { type: String, enum: PROFILES, default: 'user' },
    super: { type: Boolean, default: false },
    queueIds: [{ type: ObjectId, ref: 'Queue' }],
    whatsappId: { type: ObjectId, ref: 'Whatsapp', default: null },
    allTicket: { type: String, enum: ALL_TICKET_VALUES, default: 'desabled' },
    language: { type: String, enum: [...LANGUAGES, null], default: null },
    online: { type: Boolean, default: false },
    lastSeenAt: { type: Date, default: null },
  },
  // Login by e-mail; the company's users (a small set, cached) by company.
  (schema) => engineKeys(schema, ['email', 'companyId']),
);

registerDuplicateCode('users', 'email', 'ERR_DUPLICATED_EMAIL');
