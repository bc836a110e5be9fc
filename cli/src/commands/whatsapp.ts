/** atende whatsapp status [connection]: the health of the company's connections (issue 21). */
import type { Command } from 'commander';
import { formatDuration, type ConnectionHealth } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { nameLookup } from '../support/names.js';
import { details, emit, table } from '../support/output.js';

/** How long ago, or "never". */
function ago(ctx: Context, iso: string | null, now: number): string {
  return iso ? formatDuration(now - Date.parse(iso)) : ctx.texts.health('fields.never');
}

function statusLine(ctx: Context, health: ConnectionHealth, now: number): string {
  const reason = health.reason ? ` (${ctx.texts.health(`reasons.${health.reason}`)})` : '';
  const since = health.statusSince ? ` ${ctx.texts.health('fields.since')} ${formatDuration(now - Date.parse(health.statusSince))}` : '';
  return `${ctx.texts.health(`status.${health.status}`)}${reason}${since}`;
}

function healthTable(ctx: Context, rows: ConnectionHealth[], now: number): string {
  const { health } = ctx.texts;
  return table(rows, [
    { label: 'ID', value: (row) => row.whatsappId },
    { label: ctx.t('whatsapp.name'), value: (row) => row.name },
    { label: health('fields.status'), value: (row) => statusLine(ctx, row, now) },
    { label: health('fields.connectedFor'), value: (row) => (row.connectedSince ? formatDuration(now - Date.parse(row.connectedSince)) : '-') },
    { label: health('fields.lastInbound'), value: (row) => ago(ctx, row.lastInboundAt, now) },
    { label: health('fields.lastOutbound'), value: (row) => ago(ctx, row.lastOutboundAt, now) },
    { label: health('fields.reconnects24h'), value: (row) => row.reconnects24h },
    { label: health('fields.recovered'), value: (row) => row.recovered },
    { label: health('fields.decryptFailures'), value: (row) => row.decryptFailures },
  ]);
}

function healthDetails(ctx: Context, row: ConnectionHealth, now: number): string {
  const { health } = ctx.texts;
  const summary = details([
    ['ID', row.whatsappId],
    [ctx.t('whatsapp.name'), row.name],
    [health('fields.status'), statusLine(ctx, row, now)],
    [health('fields.connectedFor'), row.connectedSince ? formatDuration(now - Date.parse(row.connectedSince)) : null],
    [health('fields.downFor'), row.downSince ? formatDuration(now - Date.parse(row.downSince)) : null],
    [health('fields.lastInbound'), ago(ctx, row.lastInboundAt, now)],
    [health('fields.lastOutbound'), ago(ctx, row.lastOutboundAt, now)],
    [health('fields.reconnects24h'), row.reconnects24h],
    [health('fields.recovered'), row.recovered],
    [health('fields.decryptFailures'), row.decryptFailures],
  ]);
  const timeline = row.timeline
    .slice(0, 10)
    .map((entry) => `  ${entry.at.replace('T', ' ').slice(0, 19)}  ${health(`status.${entry.status}`)}: ${health(`reasons.${entry.reason}`)}${entry.code === null ? '' : ` (${health('fields.code', { code: entry.code })})`}`);
  return timeline.length > 0 ? `${summary}\n\n${ctx.t('whatsapp.timelineTitle')}\n${timeline.join('\n')}` : summary;
}

async function status(ctx: Context, _options: object, ref: string | undefined): Promise<void> {
  const { api } = await connect(ctx);
  const now = Date.now();
  if (ref) {
    const health = await api.whatsapp.health(await nameLookup(ctx, api).one('connection', ref));
    emit(ctx, health, () => healthDetails(ctx, health, now));
    return;
  }
  const all = await api.whatsapp.healthAll();
  emit(ctx, all, () => healthTable(ctx, all, now));
}

export function whatsappCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const whatsapp = program.command('whatsapp').description(t('whatsapp.description'));
  whatsapp
    .command('status [connection]')
    .description(t('whatsapp.statusDescription'))
    .addHelpText('after', examples(texts, ['atende whatsapp status', 'atende whatsapp status Sales', 'atende whatsapp status --json']))
    .action(action(texts, status));
}
