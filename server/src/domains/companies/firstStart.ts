/**
 * First start on an empty database: a plan with every flag, the operator's company and its super
 * admin (password from ATENDE_ADMIN_PASSWORD, or generated and shown once). Later starts only add
 * setting keys that a newer release introduced.
 */
import { randomBytes } from 'node:crypto';
import { PLAN_FLAGS } from '@atende/shared';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { PlanModel } from '../plans/model.js';
import { ensureCompanySettings, ensurePlatformSettings } from '../settings/service.js';
import { UserModel } from '../users/model.js';
import { CompanyModel } from './model.js';
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
  const generatedPassword = config.adminPassword ? null : randomBytes(9).toString('base64url');
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
    { name: 'Admin', email: config.adminEmail, password: config.adminPassword ?? generatedPassword ?? '', super: true },
  );
  logger.info({ email: config.adminEmail, company: config.operatorCompanyName }, 'first start: super admin created');
  return { seeded: true, generatedPassword };
}
