/**
 * The daily invoice job: every active company whose due date is at most INVOICE_LEAD_DAYS away gets
 * the invoice of that due date, priced by its plan. One invoice per company and period (unique
 * index), so runs at the same time on several nodes, or again after a restart, add nothing.
 */
import { INVOICE_LEAD_DAYS } from '@atende/shared';
import { Types } from 'mongoose';
import type { Logger } from '../../platform/logger.js';
import { isDuplicateKey } from '../../platform/errors.js';
import type { JobRunner } from '../../platform/jobs.js';
import { addDays } from '../companies/dates.js';
import { CompanyModel, type CompanyDoc } from '../companies/model.js';
import { PlanModel, type PlanDoc } from '../plans/model.js';
import { InvoiceModel } from './model.js';

export const INVOICES_JOB = 'invoices:generate';
const DAY_MS = 86_400_000;

/** The billing period of a due date: its UTC day. */
export function periodOf(dueDate: Date): string {
  return dueDate.toISOString().slice(0, 10);
}

type Billed = Pick<CompanyDoc, '_id' | 'planId' | 'dueDate' | 'recurrence'>;

/** Creates the missing invoices; answers how many this run created. */
export async function generateInvoices(now = new Date()): Promise<number> {
  const horizon = addDays(now, INVOICE_LEAD_DAYS);
  // A daily scan of the companies table (a few thousand rows at most), projected to four fields.
  const companies = await CompanyModel.find({ status: true, dueDate: { $lte: horizon } }, { planId: 1, dueDate: 1, recurrence: 1 }).lean<Billed[]>();
  const plans = new Map<string, PlanDoc | null>();
  let created = 0;
  for (const company of companies) {
    const planId = String(company.planId);
    if (!plans.has(planId)) plans.set(planId, await PlanModel.findById(planId).lean<PlanDoc>());
    const plan = plans.get(planId);
    if (!plan) continue;
    if (await invoiceFor(company, plan)) created += 1;
  }
  return created;
}

/**
 * The same for one company, when its invoices are listed: a company that signed up or was renewed
 * since the last daily run already sees the invoice of its next due date.
 */
export async function generateCompanyInvoice(companyId: string, now = new Date()): Promise<void> {
  const company = await CompanyModel.findById(companyId, { planId: 1, dueDate: 1, recurrence: 1, status: 1 }).lean<Billed & { status: boolean }>();
  if (!company?.status || company.dueDate > addDays(now, INVOICE_LEAD_DAYS)) return;
  const plan = await PlanModel.findById(company.planId).lean<PlanDoc>();
  if (plan) await invoiceFor(company, plan);
}

async function invoiceFor(company: Billed, plan: PlanDoc): Promise<boolean> {
  // A free plan has nothing to bill (and a Pix charge of zero is no charge).
  if (plan.value <= 0) return false;
  const period = periodOf(company.dueDate);
  if (await InvoiceModel.exists({ companyId: company._id, period })) return false;
  const _id = new Types.ObjectId();
  try {
    await InvoiceModel.create({
      _id,
      companyId: company._id,
      detail: plan.name,
      value: plan.value,
      dueDate: company.dueDate,
      period,
      recurrence: company.recurrence,
      payLink: plan.payLink ?? null,
      txid: _id.toHexString(),
    });
    return true;
  } catch (err) {
    // Another run made it between the check and the insert.
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

export function defineInvoiceJob(jobs: JobRunner, logger: Logger) {
  jobs.define(INVOICES_JOB, async () => {
    const created = await generateInvoices();
    if (created > 0) logger.info({ created }, 'invoices generated');
  });
  return { schedule: () => jobs.every(DAY_MS, INVOICES_JOB) };
}
