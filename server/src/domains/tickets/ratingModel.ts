import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';

/** A customer's 1..3 rating of the user who resolved the ticket (setting userRating). */
export interface TicketRatingDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  userId: Types.ObjectId | null;
  rate: number;
  /** The time zone the dashboard's day counters hold it in (dayCounts.ts; absent: UTC). */
  dayZone?: string;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketRatingModel = tenantModel<TicketRatingDoc>(
  'TicketRating',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    userId: { type: ObjectId, ref: 'User', default: null },
    rate: { type: Number, required: true, min: 1, max: 3 },
    dayZone: { type: String },
  },
  (schema) => {
    schema.index({ companyId: 1, userId: 1 });
    schema.index({ companyId: 1, createdAt: 1 });
  },
);
