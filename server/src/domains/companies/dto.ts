import type { Company, Plan, Setting } from '@atende/shared';
import type { CompanyDoc } from './model.js';

export function toCompany(doc: CompanyDoc, extra: { plan?: Plan; settings?: Setting[] } = {}): Company {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email ?? null,
    phone: doc.phone ?? null,
    planId: String(doc.planId),
    status: doc.status,
    campaignsEnabled: doc.campaignsEnabled,
    dueDate: doc.dueDate.toISOString(),
    recurrence: doc.recurrence,
    trialExpiration: doc.trialExpiration ? doc.trialExpiration.toISOString() : null,
    billingName: doc.billingName ?? null,
    billingAddress: doc.billingAddress ?? null,
    referrerCompanyId: doc.referrerCompanyId ? String(doc.referrerCompanyId) : null,
    schedules: (doc.schedules ?? []).map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime })),
    ...extra,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
