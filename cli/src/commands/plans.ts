/** atende plans list|create|update|delete (super users; document 2, plans). */
import type { Command } from 'commander';
import { name, PLAN_FLAGS, planCreateSchema, planUpdateSchema, type Plan, type PlanFlag } from '@atende/shared';
import type { PlanData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, commaList, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { emit, table } from '../support/output.js';
import { ask, checkedFields } from '../support/prompts.js';
import { removeConfirmed } from '../support/remove.js';

interface PlanOptions {
  name?: string;
  users?: string;
  connections?: string;
  queues?: string;
  value?: string;
  payLink?: string;
  enable?: string;
  disable?: string;
}

const OPTION_OF = { name: '--name', users: '--users', connections: '--connections', queues: '--queues', value: '--value', payLink: '--pay-link' };

/** `--enable useKanban,useCampaigns --disable useOpenAi` -> { useKanban: true, ... }. */
function flagsOf(ctx: Context, options: PlanOptions): Partial<Record<PlanFlag, boolean>> {
  const flags: Partial<Record<PlanFlag, boolean>> = {};
  for (const [option, list, on] of [['--enable', options.enable, true], ['--disable', options.disable, false]] as const) {
    for (const flag of commaList(list) ?? []) {
      if (!(PLAN_FLAGS as readonly string[]).includes(flag)) {
        throw new UsageError(ctx.t('plans.unknownFlag', { option, flag, flags: PLAN_FLAGS.join(', ') }));
      }
      flags[flag as PlanFlag] = on;
    }
  }
  return flags;
}

function fieldsOf(ctx: Context, options: PlanOptions): Record<string, unknown> {
  return {
    name: options.name,
    users: options.users,
    connections: options.connections,
    queues: options.queues,
    value: options.value,
    payLink: options.payLink,
    ...flagsOf(ctx, options),
  };
}

function planTable(ctx: Context, plans: Plan[]): string {
  const { t } = ctx;
  return table(plans, [
    { label: 'ID', value: (p) => p.id },
    { label: t('common.name'), value: (p) => p.name },
    { label: t('plans.users'), value: (p) => p.users },
    { label: t('plans.connections'), value: (p) => p.connections },
    { label: t('plans.queues'), value: (p) => p.queues },
    { label: t('plans.value'), value: (p) => p.value.toFixed(2) },
    { label: t('plans.flags'), value: (p) => PLAN_FLAGS.filter((flag) => p[flag]).join(',') },
  ]);
}

async function list(ctx: Context): Promise<void> {
  const { api } = await connect(ctx);
  const plans = await api.plans.all();
  emit(ctx, plans, () => planTable(ctx, plans));
}

async function create(ctx: Context, options: PlanOptions): Promise<void> {
  const fields = fieldsOf(ctx, options);
  const { api } = await connect(ctx);
  const planName = await ask(ctx, options.name, { option: '--name', message: ctx.t('plans.namePrompt'), rule: name.required() });
  const plan = await api.plans.create(checkedFields<PlanData>(ctx, planCreateSchema, { ...fields, name: planName }, OPTION_OF));
  emit(ctx, plan, () => `${ctx.t('plans.created', { name: plan.name, id: plan.id })}\n${planTable(ctx, [plan])}`);
}

async function update(ctx: Context, options: PlanOptions, id: string): Promise<void> {
  const data = checkedFields<Partial<PlanData>>(ctx, planUpdateSchema, fieldsOf(ctx, options), OPTION_OF);
  const { api } = await connect(ctx);
  const plan = await api.plans.update(id, data);
  emit(ctx, plan, () => `${ctx.t('plans.updated', { name: plan.name })}\n${planTable(ctx, [plan])}`);
}

async function remove(ctx: Context, _options: object, id: string): Promise<void> {
  const { api } = await connect(ctx);
  await removeConfirmed(ctx, id, () => api.plans.remove(id));
}

function planOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--name <name>', t('plans.nameOption'))
    .option('--users <n>', t('plans.usersOption'))
    .option('--connections <n>', t('plans.connectionsOption'))
    .option('--queues <n>', t('plans.queuesOption'))
    .option('--value <amount>', t('plans.valueOption'))
    .option('--pay-link <url>', t('plans.payLinkOption'))
    .option('--enable <flags>', t('plans.enableOption', { flags: PLAN_FLAGS.join(',') }))
    .option('--disable <flags>', t('plans.disableOption'));
}

export function plansCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const plans = program.command('plans').description(t('plans.description'));
  plans
    .command('list')
    .description(t('plans.listDescription'))
    .addHelpText('after', examples(texts, ['atende plans list --json']))
    .action(action(texts, list));
  planOptions(plans.command('create'), texts)
    .description(t('plans.createDescription'))
    .addHelpText('after', examples(texts, ['atende plans create --name Pro --users 10 --connections 3 --queues 5 --value 199.90 --enable useKanban,useExternalApi']))
    .action(action(texts, create));
  planOptions(plans.command('update <id>'), texts)
    .description(t('plans.updateDescription'))
    .addHelpText('after', examples(texts, ['atende plans update 66a1f0c2e4b0a1b2c3d4e5f6 --users 20 --disable useOpenAi']))
    .action(action(texts, update));
  plans
    .command('delete <id>')
    .description(t('plans.deleteDescription'))
    .addHelpText('after', examples(texts, ['atende plans delete 66a1f0c2e4b0a1b2c3d4e5f6 --yes']))
    .action(action(texts, remove));
}
