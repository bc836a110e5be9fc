/** atende companies list|show|create|update|renew|delete (super users; document 2, companies). */
import { Option, type Command } from 'commander';
import { companyCreateSchema, companyUpdateSchema, name, RECURRENCE_MONTHS, RECURRENCES, type Company } from '@atende/shared';
import type { ApiClient, CompanyData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { details, emit, table } from '../support/output.js';
import { ask, checkedFields, choose, missing } from '../support/prompts.js';
import { nameLookup } from '../support/names.js';
import { removeConfirmed } from '../support/remove.js';

interface CompanyOptions {
  name?: string;
  email?: string;
  phone?: string;
  plan?: string;
  password?: string;
  dueDate?: string;
  recurrence?: string;
  active?: boolean;
  inactive?: boolean;
  campaigns?: boolean;
}

const OPTION_OF = { name: '--name', email: '--email', phone: '--phone', planId: '--plan', password: '--password', dueDate: '--due-date', recurrence: '--recurrence', status: '--active/--inactive', campaignsEnabled: '--campaigns' };

function fieldsOf(options: CompanyOptions): Record<string, unknown> {
  return {
    name: options.name,
    email: options.email,
    phone: options.phone,
    planId: options.plan,
    password: options.password,
    dueDate: options.dueDate,
    recurrence: options.recurrence,
    status: options.inactive ? false : options.active ? true : undefined,
    campaignsEnabled: options.campaigns,
  };
}

function status(ctx: Context, active: boolean): string {
  return active ? ctx.t('common.active') : ctx.t('common.inactive');
}

function companyDetails(ctx: Context, company: Company): string {
  const { t, texts } = ctx;
  return details([
    ['ID', company.id],
    [t('common.name'), company.name],
    [t('common.email'), company.email],
    [t('companies.phone'), company.phone],
    [t('companies.plan'), company.plan ? `${company.plan.name} (${company.planId})` : company.planId],
    [t('common.status'), status(ctx, company.status)],
    [t('companies.campaigns'), company.campaignsEnabled ? t('common.yes') : t('common.no')],
    [t('companies.dueDate'), texts.date(company.dueDate)],
    [t('companies.recurrence'), company.recurrence],
    [t('companies.trialExpiration'), texts.date(company.trialExpiration)],
  ]);
}

async function list(ctx: Context): Promise<void> {
  const { api } = await connect(ctx);
  const [companies, plans] = await Promise.all([api.companies.list(), api.plans.all()]);
  const planName = new Map(plans.map((plan) => [plan.id, plan.name]));
  const { t, texts } = ctx;
  emit(ctx, companies, () =>
    table(companies, [
      { label: 'ID', value: (c) => c.id },
      { label: t('common.name'), value: (c) => c.name },
      { label: t('common.email'), value: (c) => c.email },
      { label: t('companies.plan'), value: (c) => planName.get(c.planId) ?? c.planId },
      { label: t('common.status'), value: (c) => status(ctx, c.status) },
      { label: t('companies.dueDate'), value: (c) => texts.date(c.dueDate) },
      { label: t('companies.recurrence'), value: (c) => c.recurrence },
    ]),
  );
}

async function show(ctx: Context, _options: object, id: string): Promise<void> {
  const { api } = await connect(ctx);
  const company = await api.companies.get(id);
  emit(ctx, company, () => companyDetails(ctx, company));
}

async function create(ctx: Context, options: CompanyOptions): Promise<void> {
  const { t } = ctx;
  const { api } = await connect(ctx);
  const companyName = await ask(ctx, options.name, { option: '--name', message: t('companies.namePrompt'), rule: name.required() });
  const planId = options.plan === undefined ? await pickPlan(ctx, api) : await nameLookup(ctx, api).one('plan', options.plan);
  // At a terminal the first admin is asked for too: a company nobody can log into is of no use.
  const email = options.email ?? (ctx.interactive ? await ask(ctx, undefined, { option: '--email', message: t('companies.emailPrompt'), rule: companyCreateSchema.extract('email').required() }) : undefined);
  const password =
    options.password ?? (ctx.interactive ? await ask(ctx, undefined, { option: '--password', message: t('companies.passwordPrompt'), rule: companyCreateSchema.extract('password').required(), secret: true }) : undefined);
  const data = checkedFields<CompanyData>(ctx, companyCreateSchema, { ...fieldsOf(options), name: companyName, planId, email, password }, OPTION_OF);
  const company = await api.companies.create(data);
  emit(ctx, company, () => `${t('companies.created', { name: company.name, id: company.id })}\n${companyDetails(ctx, company)}`);
}

async function pickPlan(ctx: Context, api: ApiClient): Promise<string> {
  if (!ctx.interactive) throw missing(ctx, '--plan');
  const plans = await api.plans.all();
  return choose(ctx, undefined, { option: '--plan', message: ctx.t('companies.planPrompt'), choices: plans.map((plan) => ({ value: plan.id, name: plan.name })) });
}

async function update(ctx: Context, options: CompanyOptions, id: string): Promise<void> {
  const { api } = await connect(ctx);
  const planId = await nameLookup(ctx, api).optional('plan', options.plan);
  const data = checkedFields<Partial<CompanyData>>(ctx, companyUpdateSchema, { ...fieldsOf(options), planId }, OPTION_OF);
  const company = await api.companies.update(id, data);
  emit(ctx, company, () => `${ctx.t('companies.updated', { name: company.name })}\n${companyDetails(ctx, company)}`);
}

async function renew(ctx: Context, _options: object, id: string): Promise<void> {
  const { api } = await connect(ctx);
  const before = await api.companies.get(id);
  const company = await api.companies.renew(id);
  const { t, texts } = ctx;
  emit(ctx, { ...company, previousDueDate: before.dueDate }, () =>
    t('companies.renewed', { name: company.name, from: texts.date(before.dueDate), to: texts.date(company.dueDate), recurrence: company.recurrence, count: RECURRENCE_MONTHS[company.recurrence] }),
  );
}

async function remove(ctx: Context, _options: object, id: string): Promise<void> {
  const { api } = await connect(ctx);
  await removeConfirmed(ctx, id, () => api.companies.remove(id));
}

function companyOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--name <name>', t('companies.nameOption'))
    .option('--email <email>', t('companies.emailOption'))
    .option('--phone <phone>', t('companies.phoneOption'))
    .option('--plan <plan>', t('companies.planOption'))
    .option('--password <password>', t('companies.passwordOption'))
    .option('--due-date <YYYY-MM-DD>', t('companies.dueDateOption'))
    .addOption(new Option('--recurrence <recurrence>', t('companies.recurrenceOption')).choices(RECURRENCES))
    .option('--active', t('companies.activeOption'))
    .option('--inactive', t('companies.inactiveOption'))
    .option('--campaigns', t('companies.campaignsOption'))
    .option('--no-campaigns', t('companies.noCampaignsOption'));
}

export function companiesCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const companies = program.command('companies').description(t('companies.description'));
  companies
    .command('list')
    .description(t('companies.listDescription'))
    .addHelpText('after', examples(texts, ['atende companies list', 'atende companies list --json']))
    .action(action(texts, list));
  companies
    .command('show <id>')
    .description(t('companies.showDescription'))
    .addHelpText('after', examples(texts, ['atende companies show 66a1f0c2e4b0a1b2c3d4e5f6']))
    .action(action(texts, show));
  companyOptions(companies.command('create'), texts)
    .description(t('companies.createDescription'))
    .addHelpText('after', examples(texts, ['atende companies create', 'atende companies create --name "Acme" --plan Completo --email admin@acme.test --password s3cret --json']))
    .action(action(texts, create));
  companyOptions(companies.command('update <id>'), texts)
    .description(t('companies.updateDescription'))
    .addHelpText('after', examples(texts, ['atende companies update 66a1f0c2e4b0a1b2c3d4e5f6 --recurrence ANUAL', 'atende companies update 66a1f0c2e4b0a1b2c3d4e5f6 --inactive']))
    .action(action(texts, update));
  companies
    .command('renew <id>')
    .description(t('companies.renewDescription'))
    .addHelpText('after', examples(texts, ['atende companies renew 66a1f0c2e4b0a1b2c3d4e5f6']))
    .action(action(texts, renew));
  companies
    .command('delete <id>')
    .description(t('companies.deleteDescription'))
    .addHelpText('after', examples(texts, ['atende companies delete 66a1f0c2e4b0a1b2c3d4e5f6 --yes']))
    .action(action(texts, remove));
}
