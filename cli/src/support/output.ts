/**
 * What commands print: with --json only the JSON document on stdout (for scripts); otherwise
 * tables and short lines for people. Warnings and progress go to stderr in both modes.
 */
import type { Context } from './context.js';

export interface Column<T> {
  label: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value).replace(/\s+/g, ' ');
}

/** Left-aligned columns separated by two spaces, a header row first. */
export function table<T>(rows: T[], columns: Column<T>[]): string {
  const cells = [columns.map((column) => column.label), ...rows.map((row) => columns.map((column) => cell(column.value(row))))];
  const widths = columns.map((_column, index) => Math.max(...cells.map((line) => line[index]!.length)));
  return cells.map((line) => line.map((text, index) => (index === line.length - 1 ? text : text.padEnd(widths[index]!))).join('  ')).join('\n');
}

/** "Label: value" lines, labels aligned. */
export function details(pairs: [string, string | number | boolean | null | undefined][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${cell(value)}`).join('\n');
}

/** The command's result: `value` as JSON with --json, else what `human` renders. */
export function emit(ctx: Context, value: unknown, human: () => string): void {
  const text = ctx.json ? JSON.stringify(value ?? null, null, 2) : human();
  if (text) process.stdout.write(`${text}\n`);
}

export function warn(text: string): void {
  process.stderr.write(`${text}\n`);
}
