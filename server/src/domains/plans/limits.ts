/**
 * Plan limits (users, queues, connections) that hold under concurrent creates. The embedded
 * engine has no transactions, so a create counts and inserts one at a time per company and limit
 * in this process; across nodes (MongoDB), a create that finds the company over its limit after
 * its insert takes the insert back, so the limit is never exceeded (two creates racing on two
 * nodes for the last place may both step back; asked again, one gets it).
 */
import type { Model, QueryFilter } from 'mongoose';
import { keyedSerial } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import { CompanyModel, type CompanyDoc } from '../companies/model.js';
import { PlanModel, type PlanDoc } from './model.js';

export type PlanLimit = 'users' | 'queues' | 'connections';

const LIMIT_REACHED = {
  users: 'ERR_USER_LIMIT_REACHED',
  queues: 'ERR_QUEUE_LIMIT_REACHED',
  connections: 'ERR_CONNECTION_LIMIT_REACHED',
} as const;

const creates = keyedSerial();

/** The company's plan allows this many (null: no plan, no limit). */
async function allowed(companyId: string, limit: PlanLimit): Promise<number | null> {
  const company = await CompanyModel.findById(companyId).lean<CompanyDoc>();
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const plan = await PlanModel.findById(company.planId).lean<PlanDoc>();
  return plan ? plan[limit] : null;
}

/**
 * Runs `create` (handed the company's current count) when the plan has room, one create per
 * company and limit at a time; refuses with the limit's ERR_ code otherwise.
 */
export function createWithinPlan<D, T extends { _id: unknown }>(
  companyId: string,
  limit: PlanLimit,
  model: Model<D>,
  create: (count: number) => Promise<T>,
): Promise<T> {
  const ofCompany = { companyId } as QueryFilter<D>;
  return creates.run(`${limit}:${companyId}`, async () => {
    const max = await allowed(companyId, limit);
    const count = await model.countDocuments(ofCompany);
    if (max !== null && count >= max) throw new AppError(LIMIT_REACHED[limit], { limit: max });
    const created = await create(count);
    if (max !== null && (await model.countDocuments(ofCompany)) > max) {
      await model.deleteOne({ companyId, _id: created._id } as QueryFilter<D>);
      throw new AppError(LIMIT_REACHED[limit], { limit: max });
    }
    return created;
  });
}
