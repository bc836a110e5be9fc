/** A customer's rating of the user who resolved a ticket, counted on its day (company's zone) for the dashboard. */
import type { Types } from 'mongoose';
import { applyDeltas, growShrink, stepsOf, undoDeltas } from '../../platform/database/counters.js';
import { companyTimeZone } from '../settings/timeZone.js';
import { LEGACY_DAY_ZONE, ratingSteps } from './dayCounts.js';
import { TicketRatingModel, type TicketRatingDoc } from './ratingModel.js';

export async function recordRating(rating: { companyId: Types.ObjectId | string; ticketId: Types.ObjectId | string; userId: Types.ObjectId | string | null; rate: number; createdAt?: Date }): Promise<void> {
  const createdAt = rating.createdAt ?? new Date();
  const dayZone = await companyTimeZone(rating.companyId);
  if (rating.userId) await applyDeltas(rating.companyId, growShrink(stepsOf(ratingSteps(rating.userId, rating.rate, createdAt, dayZone))).grow);
  await TicketRatingModel.create({ ...rating, createdAt, dayZone });
}

/**
 * Moves a rating's counts to another zone's day: the new day grows first, the rating takes the
 * zone only if it still had the old one (another node may have moved it), then the old day shrinks.
 */
export async function rezoneRating(rating: Pick<TicketRatingDoc, '_id' | 'companyId' | 'userId' | 'rate' | 'createdAt' | 'dayZone'>, zone: string): Promise<void> {
  const from = rating.dayZone ?? LEGACY_DAY_ZONE;
  if (from === zone) return;
  const grow = rating.userId ? growShrink(stepsOf(ratingSteps(rating.userId, rating.rate, rating.createdAt, zone))).grow : [];
  await applyDeltas(rating.companyId, grow);
  const moved = await TicketRatingModel.updateOne({ companyId: rating.companyId, _id: rating._id, dayZone: rating.dayZone ?? null }, { $set: { dayZone: zone } });
  if (moved.modifiedCount === 0) return undoDeltas(rating.companyId, grow);
  if (rating.userId) await applyDeltas(rating.companyId, growShrink(stepsOf(ratingSteps(rating.userId, rating.rate, rating.createdAt, from, -1))).shrink);
}
