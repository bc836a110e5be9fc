/**
 * First start on an empty database: a plan with every flag, the operator's company and its super
 * admin (password from ATENDE_ADMIN_PASSWORD, or generated and shown once). Later starts only add
 * setting keys that a newer release introduced, and give the operator's company a super admin
 * again if none is left.
 */
import { randomBytes } from 'node:crypto';
import { PLAN_FLAGS } from '@atende/shared';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { PlanModel } from '../plans/model.js';
import { ensureCompanySettings, ensurePlatformSettings } from '../settings/service.js';
import { createCompanyAdmin } from '../users/service.js';
import { UserModel } from '../users/model.js';
import { CompanyModel, companyNameKey } from './model.js';
import { openCompany } from './service.js';

export const DEFAULT_PLAN_NAME = 'Completo';

export interface FirstStartResult {
  seeded: boolean;
  generatedPassword: string | null;
}

export async function firstStart(config: Config, logger: Logger): Promise<FirstStartResult> {
  await ensurePlatformSettings();
  const hasSuper = await UserModel.exists({ super: true }).setOptions({ crossTenant: true });
  if (hasSuper) {
    const companies = await CompanyModel.find({}, { _id: 1 }).lean<{ _id: unknown }[]>();
    for (const company of companies) await ensureCompanySettings(String(company._id));
    return { seeded: false, generatedPassword: null };
  }

  const generatedPassword = config.adminPassword ? null : randomBytes(9).toString('base64url');
  const superAdmin = { name: 'Admin', email: config.adminEmail, password: config.adminPassword ?? generatedPassword ?? '', super: true };
  // The operator's company outlived its super users (removed by hand): it gets one again rather
  // than a second operator company, which its name would refuse.
  const operator = await CompanyModel.findOne({ nameKey: companyNameKey(config.operatorCompanyName) }, { _id: 1 }).lean<{ _id: unknown }>();
  if (operator) return restoreSuperAdmin(String(operator._id), superAdmin, generatedPassword, logger);

  const plan =
    (await PlanModel.findOne({ name: DEFAULT_PLAN_NAME }).lean<{ _id: unknown }>()) ??
    (await PlanModel.create({
      name: DEFAULT_PLAN_NAME,
      users: 10,
      connections: 10,
      queues: 10,
      value: 0,
      ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])),
    }));
  await openCompany(
    {
      name: config.operatorCompanyName,
      email: config.adminEmail,
      phone: null,
      planId: String(plan._id),
      status: true,
      campaignsEnabled: true,
      recurrence: 'ANUAL',
      // The operator's own company does not expire.
      dueDate: new Date(Date.UTC(2099, 11, 31)),
      trialExpiration: null,
    },
    superAdmin,
  );
  logger.info({ email: config.adminEmail, company: config.operatorCompanyName }, 'first start: super admin created');
  return { seeded: true, generatedPassword };
}

/** Never refuses to start: when the e-mail is someone else's, the operator is told and the platform runs without a super user. */
async function restoreSuperAdmin(
  companyId: string,
  admin: { name: string; email: string; password: string; super: boolean },
  generatedPassword: string | null,
  logger: Logger,
): Promise<FirstStartResult> {
  if (await UserModel.exists({ email: admin.email }).setOptions({ crossTenant: true })) {
    logger.error({ email: admin.email }, 'no super user, and ATENDE_ADMIN_EMAIL belongs to another user: set another ATENDE_ADMIN_EMAIL to create one');
    return { seeded: false, generatedPassword: null };
  }
  await createCompanyAdmin(companyId, admin);
  logger.warn({ email: admin.email }, 'no super user left: super admin created again in the operator company');
  return { seeded: true, generatedPassword };
}
