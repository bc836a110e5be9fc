import type { Plan, PlanFlag } from '@atende/shared';
import { companyCache } from '../../platform/database/companyCache.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { CompanyModel } from '../companies/model.js';
import { toPlan } from './dto.js';
import { PlanModel, type PlanDoc } from './model.js';

export type PlanInput = Partial<Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>>;

async function findPlan(id: string): Promise<PlanDoc> {
  const plan = await PlanModel.findById(id).lean<PlanDoc>();
  if (!plan) throw new AppError('ERR_PLAN_NOT_FOUND');
  return plan;
}

/** Names are unique whatever their case, like company names (the unique index only guards races). */
async function refuseDuplicateName(name: string | undefined, exceptId?: string): Promise<void> {
  if (!name) return;
  const sameName = new RegExp(`^${searchRegex(name).source}$`, 'i');
  const other = await PlanModel.findOne({ name: sameName, ...(exceptId ? { _id: { $ne: exceptId } } : {}) }).lean<PlanDoc>();
  if (other) throw new AppError('ERR_DUPLICATED_PLAN');
}

/** An empty pay link (the form's cleared field) is stored as none. */
function normalise(input: PlanInput): PlanInput {
  return input.payLink === '' ? { ...input, payLink: null } : input;
}

export function createPlanService(realtime: RealtimePublisher) {
  /** Plan changes concern every company on the plan (their menus read the flags). */
  async function announce(planId: string, action: string, plan?: Plan): Promise<void> {
    const companies = await CompanyModel.find({ planId }, { _id: 1 }).lean<{ _id: unknown }[]>();
    for (const company of companies) {
      companyPlanFlags.invalidate(String(company._id));
      realtime.publish(String(company._id), 'plan', { action, plan, planId });
    }
  }

  return {
    async list(): Promise<Plan[]> {
      const plans = await PlanModel.find().sort({ value: 1, name: 1 }).lean<PlanDoc[]>();
      return plans.map(toPlan);
    },

    async get(id: string): Promise<Plan> {
      return toPlan(await findPlan(id));
    },

    async create(input: PlanInput): Promise<Plan> {
      await refuseDuplicateName(input.name);
      const created = await PlanModel.create(normalise(input));
      return toPlan(created.toObject() as PlanDoc);
    },

    async update(id: string, input: PlanInput): Promise<Plan> {
      await findPlan(id);
      await refuseDuplicateName(input.name, id);
      const updated = await PlanModel.findByIdAndUpdate(id, { $set: normalise(input) }, { returnDocument: 'after' }).lean<PlanDoc>();
      if (!updated) throw new AppError('ERR_PLAN_NOT_FOUND');
      const plan = toPlan(updated);
      await announce(id, 'update', plan);
      return plan;
    },

    async remove(id: string): Promise<void> {
      await findPlan(id);
      if (await CompanyModel.exists({ planId: id })) throw new AppError('ERR_PLAN_IN_USE');
      await PlanModel.deleteOne({ _id: id });
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;

/** The plan flags of a company, for route access checks. */
export async function planFlagsOfCompany(companyId: string): Promise<Partial<Record<PlanFlag, boolean>>> {
  const company = await CompanyModel.findById(companyId, { planId: 1 }).lean<{ planId: unknown }>();
  if (!company) return {};
  const plan = await PlanModel.findById(company.planId).lean<PlanDoc>();
  return plan ? toPlan(plan) : {};
}

/**
 * The same kept in memory, for the realtime channels' access (read on every publish): dropped when
 * the plan or the company's plan changes.
 */
export const companyPlanFlags = companyCache(planFlagsOfCompany);
