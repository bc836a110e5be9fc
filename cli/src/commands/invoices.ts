/**
 * atende invoices list|pay (super users see every company's; a company its own) and
 * atende settings pix (the platform's Pix receiving account; super users). Document 2, invoices.
 */
import { Option, type Command } from 'commander';
import { INVOICE_STATUSES, invoiceDisplayStatus, invoiceListQuery, pixSettingsSchema, type Invoice, type PixSettings } from '@atende/shared';
import type { InvoiceQuery, PixSettingsData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { details, emit, table, type Column } from '../support/output.js';
import { checkedFields } from '../support/prompts.js';

interface ListOptions {
  company?: string;
  status?: string;
}

interface PixOptions {
  key?: string;
  name?: string;
  city?: string;
  webhookSecret?: string;
}

/** Reais as the console shows them: R$ 49,00. */
function money(value: number): string {
  return `R$ ${value.toFixed(2).replace('.', ',')}`;
}

function invoiceTable(ctx: Context, invoices: Invoice[]): string {
  const { t, texts } = ctx;
  const columns: Column<Invoice>[] = [
    { label: 'ID', value: (i) => i.id },
    { label: t('invoices.company'), value: (i) => i.companyName ?? i.companyId },
    { label: t('invoices.detail'), value: (i) => i.detail },
    { label: t('invoices.value'), value: (i) => money(i.value) },
    { label: t('invoices.dueDate'), value: (i) => texts.date(i.dueDate) },
    { label: t('common.status'), value: (i) => t(`invoices.statuses.${invoiceDisplayStatus(i)}`) },
  ];
  // Super users: the payment notices refused for not matching their invoice, when there are any.
  if (invoices.some((i) => i.paymentMismatch)) {
    columns.push({ label: t('invoices.refusedNotice'), value: (i) => (i.paymentMismatch ? `${i.paymentMismatch.amount} ${i.paymentMismatch.currency} ${texts.date(i.paymentMismatch.receivedAt)}` : null) });
  }
  return table(invoices, columns);
}

/** Every page of the list (bounded pages, as the console reads them). */
async function list(ctx: Context, options: ListOptions): Promise<void> {
  const query = checkedFields<InvoiceQuery>(ctx, invoiceListQuery, { companyId: options.company, status: options.status }, { companyId: '--company', status: '--status' });
  const { api } = await connect(ctx);
  const invoices: Invoice[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.invoices.page({ ...query, pageNumber });
    invoices.push(...page.records);
    if (!page.hasMore) break;
  }
  emit(ctx, invoices, () => (invoices.length ? invoiceTable(ctx, invoices) : ctx.t('invoices.none')));
}

async function pay(ctx: Context, _options: object, id: string): Promise<void> {
  const { api } = await connect(ctx);
  const answer = await api.invoices.pay(id);
  const date = ctx.texts.date(answer.dueDate);
  emit(ctx, answer, () => (answer.alreadyPaid ? ctx.t('invoices.alreadyPaid', { id, date }) : ctx.t('invoices.paid', { id, date })));
}

function pixDetails(ctx: Context, settings: PixSettings): string {
  const { t } = ctx;
  return details([
    [t('invoices.pixKey'), settings.key],
    [t('invoices.pixName'), settings.merchantName],
    [t('invoices.pixCity'), settings.city],
    [t('invoices.pixSecret'), settings.webhookSecretSet ? t('common.yes') : t('common.no')],
  ]);
}

async function pix(ctx: Context, options: PixOptions): Promise<void> {
  const { api } = await connect(ctx);
  if (!options.key && !options.name && !options.city && !options.webhookSecret) {
    const current = await api.invoices.pixSettings();
    emit(ctx, current, () => pixDetails(ctx, current));
    return;
  }
  const data = checkedFields<PixSettingsData>(
    ctx,
    pixSettingsSchema,
    { key: options.key, merchantName: options.name, city: options.city, webhookSecret: options.webhookSecret },
    { key: '--key', merchantName: '--name', city: '--city', webhookSecret: '--webhook-secret' },
  );
  const saved = await api.invoices.savePixSettings(data);
  emit(ctx, saved, () => `${ctx.t('invoices.pixSaved')}\n${pixDetails(ctx, saved)}`);
}

export function invoicesCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const invoices = program.command('invoices').description(t('invoices.description'));
  invoices
    .command('list')
    .description(t('invoices.listDescription'))
    .option('--company <id>', t('invoices.companyOption'))
    .addOption(new Option('--status <status>', t('invoices.statusOption')).choices([...INVOICE_STATUSES]))
    .addHelpText('after', examples(texts, ['atende invoices list', 'atende invoices list --status open', 'atende invoices list --company 64b7f0c2a1e4d3b2c1a09876 --json']))
    .action(action(texts, list));
  invoices
    .command('pay <id>')
    .description(t('invoices.payDescription'))
    .addHelpText('after', examples(texts, ['atende invoices pay 64b7f0c2a1e4d3b2c1a09876']))
    .action(action(texts, pay));
}

/** `atende settings pix`, added to the settings command. */
export function pixSettingsCommand(settings: Command, texts: Texts): void {
  const { t } = texts;
  settings
    .command('pix')
    .description(t('invoices.pixDescription'))
    .option('--key <key>', t('invoices.pixKeyOption'))
    .option('--name <name>', t('invoices.pixNameOption'))
    .option('--city <city>', t('invoices.pixCityOption'))
    .option('--webhook-secret <secret>', t('invoices.pixSecretOption'))
    .addHelpText('after', examples(texts, ['atende settings pix', 'atende settings pix --key 12345678000199 --name "Atende Ltda" --city "Sao Paulo" --webhook-secret "$SECRET"']))
    .action(action(texts, pix));
}
