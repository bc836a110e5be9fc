/** A customer's rating of the user who resolved a ticket, counted on its day for the dashboard. */
import type { Types } from 'mongoose';
import { applyDeltas, growShrink, stepsOf } from '../../platform/database/counters.js';
import { ratingSteps } from './dayCounts.js';
import { TicketRatingModel } from './ratingModel.js';

export async function recordRating(rating: { companyId: Types.ObjectId | string; ticketId: Types.ObjectId | string; userId: Types.ObjectId | string | null; rate: number; createdAt?: Date }): Promise<void> {
  const createdAt = rating.createdAt ?? new Date();
  if (rating.userId) await applyDeltas(rating.companyId, growShrink(stepsOf(ratingSteps(rating.userId, rating.rate, createdAt))).grow);
  await TicketRatingModel.create({ ...rating, createdAt });
}
