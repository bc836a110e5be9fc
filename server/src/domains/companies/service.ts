import { TRIAL_DAYS, type CompaniesPage, type Company, type Plan, type Recurrence, type ScheduleRow } from '@atende/shared';
import mongoose, { type Types } from 'mongoose';
import type { SessionControl } from '../whatsapp/sessionControl.js';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { EmailProbes } from '../../platform/auth/emailProbes.js';
import { searchRegex } from '../../platform/database/models.js';
import { tenantModelNames } from '../../platform/database/tenancy.js';
import { invalidateCompany } from '../../platform/database/companyCache.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { toPlan } from '../plans/dto.js';
import { PlanModel, type PlanDoc } from '../plans/model.js';
import { companyPlanFlags } from '../plans/service.js';
import { companySettings, ensureCompanySettings, platformSetting, setCompanySetting } from '../settings/service.js';
import { endSessions } from '../auth/sessions.js';
import { createCompanyAdmin } from '../users/service.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { addDays, defaultSchedules, mergeSchedules, renewDueDate } from './dates.js';
import { toCompany } from './dto.js';
import { CompanyModel, companyNameKey, type CompanyDoc } from './model.js';
import { operatorTimeZone } from '../settings/timeZone.js';

export interface SignupInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
  companyId?: string;
}

export interface CompanyInput {
  name?: string;
  email?: string | null;
  phone?: string | null;
  planId?: string;
  status?: boolean;
  campaignsEnabled?: boolean;
  dueDate?: Date;
  recurrence?: Recurrence;
  billingName?: string | null;
  billingAddress?: string | null;
  password?: string;
}

async function findCompany(id: string): Promise<CompanyDoc> {
  const company = await CompanyModel.findById(id).lean<CompanyDoc>();
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return company;
}

async function findPlan(id: string): Promise<PlanDoc> {
  const plan = await PlanModel.findById(id).lean<PlanDoc>();
  if (!plan) throw new AppError('ERR_PLAN_NOT_FOUND');
  return plan;
}

async function refuseDuplicateName(name: string | undefined, exceptId?: string): Promise<void> {
  if (!name) return;
  const filter = { nameKey: companyNameKey(name), ...(exceptId ? { _id: { $ne: exceptId } } : {}) };
  if (await CompanyModel.exists(filter)) throw new AppError('ERR_DUPLICATED_COMPANY');
}

/** Only the company's own users and super users read a company. */
function refuseOtherCompany(actor: AuthCredentials, companyId: string): void {
  if (!actor.super && actor.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION');
}

/** Creates the company with its settings and first admin; removes it again if the admin fails. */
export async function openCompany(
  fields: Omit<CompanyDoc, '_id' | 'nameKey' | 'createdAt' | 'updatedAt' | 'planId' | 'schedules' | 'billingName' | 'billingAddress' | 'referrerCompanyId' | 'dashboardZone'> & {
    planId: string;
    billingName?: string | null;
    billingAddress?: string | null;
    referrerCompanyId?: string | null;
  },
  admin: { name: string; email: string; password: string; super?: boolean } | null,
  probe?: { probes: EmailProbes; caller: string },
): Promise<CompanyDoc> {
  await refuseDuplicateName(fields.name);
  await findPlan(fields.planId);
  // A new company counts in the operator's zone until it chooses its own.
  const created = await CompanyModel.create({ ...fields, nameKey: companyNameKey(fields.name), schedules: defaultSchedules(), dashboardZone: operatorTimeZone() });
  const companyId = String(created._id);
  try {
    await ensureCompanySettings(companyId);
    await setCompanySetting(companyId, 'campaignsEnabled', campaignsValue(fields.campaignsEnabled));
    if (admin) await createCompanyAdmin(companyId, admin, probe);
  } catch (err) {
    // No transactions on FerretDB: undo by hand so a refused sign-up leaves nothing behind.
    await removeCompanyData(companyId);
    throw err;
  }
  return created.toObject() as CompanyDoc;
}

/** The company's campaignsEnabled flag as its settings list shows it. */
function campaignsValue(enabled: boolean): 'enabled' | 'disabled' {
  return enabled ? 'enabled' : 'disabled';
}

async function removeCompanyData(companyId: string): Promise<void> {
  for (const name of tenantModelNames) await mongoose.model(name).deleteMany({ companyId });
  invalidateCompany(companyId);
  await CompanyModel.deleteOne({ _id: companyId });
}

export function createCompanyService(realtime: RealtimePublisher, sessions: SessionControl, probes: EmailProbes) {
  async function withDetails(doc: CompanyDoc): Promise<Company> {
    const plan = await PlanModel.findById(doc.planId).lean<PlanDoc>();
    const settings = await companySettings(String(doc._id));
    return toCompany(doc, { ...(plan ? { plan: toPlan(plan) } : {}), settings });
  }

  function announce(company: Company): void {
    realtime.publish(company.id, 'company', { action: 'update', company });
  }

  return {
    /** Public sign-up: a trial of TRIAL_DAYS on MENSAL, active, campaigns on. */
    async signup(input: SignupInput, clientAddress: string): Promise<Company> {
      if ((await platformSetting('userCreation')) !== 'enabled') throw new AppError('ERR_USER_CREATION_DISABLED');
      const dueDate = addDays(new Date(), TRIAL_DAYS);
      const doc = await openCompany(
        {
          name: input.name,
          email: input.email,
          phone: input.phone || null,
          planId: input.planId,
          status: true,
          campaignsEnabled: true,
          recurrence: 'MENSAL',
          dueDate,
          trialExpiration: dueDate,
          // A stale or mistyped referral link must not stop the sign-up: an unknown company is left out.
          referrerCompanyId: input.companyId && (await CompanyModel.exists({ _id: input.companyId })) ? input.companyId : null,
        },
        { name: input.name, email: input.email, password: input.password },
        { probes, caller: `ip:${clientAddress}` },
      );
      return withDetails(doc);
    },

    async create(input: CompanyInput): Promise<Company> {
      const dueDate = input.dueDate ?? addDays(new Date(), TRIAL_DAYS);
      if (input.password && !input.email) throw new AppError('ERR_VALIDATION', { field: 'email' }, 'email is required with password');
      const doc = await openCompany(
        {
          name: input.name ?? '',
          // The form sends cleared fields as empty text: stored as none.
          email: input.email || null,
          phone: input.phone || null,
          planId: input.planId ?? '',
          status: input.status ?? true,
          campaignsEnabled: input.campaignsEnabled ?? true,
          recurrence: input.recurrence ?? 'MENSAL',
          dueDate,
          trialExpiration: input.dueDate ? null : dueDate,
          billingName: input.billingName || null,
          billingAddress: input.billingAddress || null,
        },
        input.password && input.email ? { name: input.name ?? '', email: input.email, password: input.password } : null,
      );
      return withDetails(doc);
    },

    async list(query: { searchParam: string; pageNumber: number }): Promise<CompaniesPage> {
      const filter: Record<string, unknown> = {};
      if (query.searchParam) {
        const pattern = searchRegex(query.searchParam);
        filter.$or = [{ name: pattern }, { email: pattern }, { phone: pattern }];
      }
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        CompanyModel.countDocuments(filter),
        CompanyModel.find(filter).sort({ nameKey: 1 }).skip(window.skip).limit(window.limit).lean<CompanyDoc[]>(),
      ]);
      return { companies: rows.map((row) => toCompany(row)), count, hasMore: hasMore(count, window, rows.length) };
    },

    async listAll(): Promise<Company[]> {
      const rows = await CompanyModel.find().sort({ nameKey: 1 }).lean<CompanyDoc[]>();
      return rows.map((row) => toCompany(row));
    },

    async get(actor: AuthCredentials, id: string): Promise<Company> {
      refuseOtherCompany(actor, id);
      return withDetails(await findCompany(id));
    },

    async update(id: string, input: CompanyInput): Promise<Company> {
      await findCompany(id);
      if (input.planId) await findPlan(input.planId);
      await refuseDuplicateName(input.name, id);
      const { password: _unused, ...fields } = input;
      const set: Record<string, unknown> = { ...fields };
      if (fields.name) set.nameKey = companyNameKey(fields.name);
      if (fields.email === '') set.email = null;
      for (const field of ['phone', 'billingName', 'billingAddress'] as const) if (fields[field] === '') set[field] = null;
      const updated = await CompanyModel.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after' }).lean<CompanyDoc>();
      if (!updated) throw new AppError('ERR_NO_COMPANY_FOUND');
      if (fields.planId) companyPlanFlags.invalidate(id);
      if (fields.campaignsEnabled !== undefined) await setCompanySetting(id, 'campaignsEnabled', campaignsValue(fields.campaignsEnabled));
      if (!updated.status || updated.dueDate.getTime() <= Date.now()) await endSessions(realtime, { companyId: id });
      const company = await withDetails(updated);
      announce(company);
      return company;
    },

    /** Moves dueDate forward by the company's recurrence (the companies table's renew button). */
    async renew(id: string): Promise<Company> {
      const current = await findCompany(id);
      const base = current.dueDate > new Date() ? current.dueDate : new Date();
      const dueDate = renewDueDate(base, current.recurrence);
      const updated = await CompanyModel.findByIdAndUpdate(id, { $set: { dueDate } }, { returnDocument: 'after' }).lean<CompanyDoc>();
      if (!updated) throw new AppError('ERR_NO_COMPANY_FOUND');
      const company = await withDetails(updated);
      announce(company);
      return company;
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      if (actor.companyId === id) throw new AppError('ERR_CANNOT_DELETE_OWN_COMPANY');
      await findCompany(id);
      // Its WhatsApp sessions end first (logged out, credentials gone), or they would go on
      // receiving and writing for a company that no longer exists.
      const connections = await WhatsappModel.find({ companyId: id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
      for (const connection of connections) await sessions.remove(id, String(connection._id));
      await removeCompanyData(id);
      realtime.endSockets({ companyId: id });
    },

    async updateSchedules(actor: AuthCredentials, id: string, schedules: Partial<ScheduleRow>[]): Promise<Company> {
      refuseOtherCompany(actor, id);
      const current = await findCompany(id);
      const merged = mergeSchedules(current.schedules ?? [], schedules);
      const updated = await CompanyModel.findByIdAndUpdate(id, { $set: { schedules: merged } }, { returnDocument: 'after' }).lean<CompanyDoc>();
      if (!updated) throw new AppError('ERR_NO_COMPANY_FOUND');
      const company = await withDetails(updated);
      announce(company);
      return company;
    },

    /** The plan flags of a company (GET /companies/listPlan/{companyId}). */
    async listPlan(actor: AuthCredentials, id: string): Promise<{ id: string; name: string; plan: Plan }> {
      refuseOtherCompany(actor, id);
      const company = await findCompany(id);
      return { id: String(company._id), name: company.name, plan: toPlan(await findPlan(String(company.planId))) };
    },
  };
}
