/**
 * The dashboard counts days in the company's time zone (tickets/dayCounts.ts). When that zone
 * changes (the company's setting, or ATENDE_TIMEZONE for a company without one, seen at start),
 * every ticket, contact and rating counted in another zone is moved to its day in the new one,
 * each through its own writer, which takes its counts back in the zone it recorded and adds them
 * in the new one: the figures are never counted twice nor lost, whatever writes meanwhile, and a
 * move cut by a stop is finished at the next start. The company records the zone it was last moved
 * to (`dashboardZone`). Moves run in the background, one company at a time.
 */
import type { Types } from 'mongoose';
import type { Logger } from '../../platform/logger.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { CompanyModel } from '../companies/model.js';
import { ContactModel } from '../contacts/model.js';
import { updateContact } from '../contacts/writer.js';
import { companyTimeZone, onTimeZoneChanged } from '../settings/timeZone.js';
import { LEGACY_DAY_ZONE } from '../tickets/dayCounts.js';
import { TicketModel } from '../tickets/model.js';
import { TicketRatingModel, type TicketRatingDoc } from '../tickets/ratingModel.js';
import { rezoneRating } from '../tickets/ratings.js';
import { updateTicket } from '../tickets/writer.js';

interface Zoned {
  _id: Types.ObjectId;
  dayZone?: string;
}

const elsewhere = (zone: string) => (doc: Zoned) => (doc.dayZone ?? LEGACY_DAY_ZONE) !== zone;

/** Moves the company's counts to its zone now; answers how many documents moved. */
export async function rezoneCompany(companyId: string, stopped: () => boolean = () => false): Promise<number> {
  const zone = await companyTimeZone(companyId);
  let moved = 0;
  const tickets = (await TicketModel.find({ companyId }, { _id: 1, dayZone: 1 }).lean<Zoned[]>()).filter(elsewhere(zone));
  for (const ticket of tickets) {
    if (stopped()) return moved;
    // No change but the zone, which the writer sets: the ticket keeps its place in the lists.
    if (await updateTicket(companyId, ticket._id, {}, { touch: false })) moved += 1;
  }
  const contacts = (await ContactModel.find({ companyId }, { _id: 1, dayZone: 1 }).lean<Zoned[]>()).filter(elsewhere(zone));
  for (const contact of contacts) {
    if (stopped()) return moved;
    if (await updateContact(companyId, contact._id, {})) moved += 1;
  }
  const ratings = (await TicketRatingModel.find({ companyId }).lean<TicketRatingDoc[]>()).filter(elsewhere(zone));
  for (const rating of ratings) {
    if (stopped()) return moved;
    await rezoneRating(rating, zone);
    moved += 1;
  }
  // Changed again meanwhile: the next move (already asked for) records it.
  if ((await companyTimeZone(companyId)) === zone) await CompanyModel.updateOne({ _id: companyId }, { $set: { dashboardZone: zone } });
  return moved;
}

export interface Rezoner {
  /** Moves the counts of companies whose zone changed while the server was stopped. */
  catchUp(): Promise<void>;
  /** Resolves once no move runs (the app stops). */
  stop(): Promise<void>;
}

export function startRezoner(logger: Logger): Rezoner {
  const moves = keyedSerial();
  let stopped = false;
  const move = (companyId: string) => {
    void moves
      .run(companyId, async () => {
        if (stopped) return;
        const moved = await rezoneCompany(companyId, () => stopped);
        if (moved > 0) logger.info({ companyId, moved }, 'dashboard: counts moved to the company time zone');
      })
      .catch((err: unknown) => logger.warn({ err, companyId }, 'dashboard: moving counts to the company time zone failed'));
  };
  const unsubscribe = onTimeZoneChanged(move);
  return {
    async catchUp() {
      const companies = await CompanyModel.find({}, { _id: 1, dashboardZone: 1 }).lean<{ _id: Types.ObjectId; dashboardZone?: string | null }[]>();
      for (const company of companies) {
        const id = String(company._id);
        if (company.dashboardZone && company.dashboardZone !== (await companyTimeZone(id))) move(id);
      }
    },
    async stop() {
      stopped = true;
      unsubscribe();
      await moves.all();
    },
  };
}
