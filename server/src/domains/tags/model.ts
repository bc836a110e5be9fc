import type { Types } from 'mongoose';
import type { KanbanFlag } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { registerDuplicateCode } from '../../platform/errors.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface TagDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  /** Lower-case name: uniqueness and order without collation (FerretDB has none). */
  nameKey: string;
  color: string;
  kanban: KanbanFlag;
  userId: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export const TagModel = tenantModel<TagDoc>(
  'Tag',
  {
    name: { type: String, required: true, trim: true },
    nameKey: { type: String, required: true },
    color: { type: String, required: true },
    kanban: { type: Number, enum: [0, 1], default: 0 },
    userId: { type: ObjectId, ref: 'User', default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, nameKey: 1 }, { unique: true });
    schema.index({ companyId: 1, kanban: 1, nameKey: 1 });
    engineKeys(schema, ['companyId']);
  },
);

registerDuplicateCode('tags', 'nameKey', 'ERR_DUPLICATED_TAG');

export interface TicketTagDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  tagId: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketTagModel = tenantModel<TicketTagDoc>(
  'TicketTag',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    tagId: { type: ObjectId, ref: 'Tag', required: true },
  },
  (schema) => {
    // A ticket's tags, and the tickets of a tag (list filter, counts, kanban lanes).
    schema.index({ companyId: 1, ticketId: 1, tagId: 1 }, { unique: true });
    schema.index({ companyId: 1, tagId: 1 });
    engineKeys(schema, ['ticketId', 'tagId']);
  },
);

registerDuplicateCode('tickettags', 'ticketId', 'ERR_DUPLICATED');

export function tagNameKey(name: string): string {
  return name.trim().toLowerCase();
}
