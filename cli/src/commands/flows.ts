/**
 * atende flows list|export|import (document 3, flows): the company's flows, a flow written to a
 * file (FlowExport JSON; media travel as stored file names only) and read back as a new flow (a
 * name already taken gets a suffix on the server).
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { terminalJson, type Flow, type FlowExport } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import { readLocalFile } from '../support/files.js';
import type { Texts } from '../support/i18n.js';
import { emit, printData, table } from '../support/output.js';

async function list(ctx: Context, options: { search?: string }): Promise<void> {
  const { api } = await connect(ctx);
  const flows: Flow[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.flows.listFlows({ pageNumber, ...(options.search ? { searchParam: options.search } : {}) });
    flows.push(...page.flows);
    if (!page.hasMore) break;
  }
  const { t } = ctx;
  emit(ctx, flows, () =>
    table(flows, [
      { label: 'ID', value: (flow) => flow.id },
      { label: t('common.name'), value: (flow) => flow.name },
      { label: t('common.status'), value: (flow) => (flow.active ? t('flows.active') : t('flows.inactive')) },
      { label: t('flows.updated'), value: (flow) => ctx.texts.date(flow.updatedAt) },
    ]),
  );
}

async function exportFlow(ctx: Context, options: { output?: string }, id: string): Promise<void> {
  const { api } = await connect(ctx);
  const exported = await api.flows.exportFlow(id);
  const text = `${terminalJson(exported, 2)}\n`;
  if (!options.output || options.output === '-') {
    printData(text);
    return;
  }
  await writeFile(options.output, text);
  emit(ctx, { file: options.output, name: exported.name }, () => ctx.t('flows.exported', { name: exported.name, file: options.output }));
}

async function importFlow(ctx: Context, _options: object, path: string): Promise<void> {
  const { bytes } = await readLocalFile(ctx, path);
  let data: FlowExport;
  try {
    data = JSON.parse(bytes.toString('utf8')) as FlowExport;
  } catch (error) {
    throw new UsageError(ctx.t('flows.notJson', { file: path, reason: (error as Error).message }));
  }
  const { api } = await connect(ctx);
  const flow = await api.flows.importFlow(data);
  emit(ctx, flow, () => ctx.t('flows.imported', { name: flow.name, id: flow.id }));
}

export function flowsCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const flows = program.command('flows').description(t('flows.description'));
  flows
    .command('list')
    .description(t('flows.listDescription'))
    .option('--search <text>', t('flows.searchOption'))
    .addHelpText('after', examples(texts, ['atende flows list', 'atende flows list --search vendas --json']))
    .action(action(texts, list));
  flows
    .command('export <id>')
    .description(t('flows.exportDescription'))
    .option('-o, --output <file>', t('flows.outputOption'))
    .addHelpText('after', examples(texts, ['atende flows export 65f1c0ffee0000000000abcd -o vendas.json', 'atende flows export 65f1c0ffee0000000000abcd > vendas.json']))
    .action(action(texts, exportFlow));
  flows
    .command('import <file>')
    .description(t('flows.importDescription'))
    .addHelpText('after', examples(texts, ['atende flows import vendas.json', 'atende flows import vendas.json --json']))
    .action(action(texts, importFlow));
}
