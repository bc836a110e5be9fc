/**
 * What commands print: with --json only the JSON document on stdout (for scripts); otherwise
 * tables and short lines for people. Warnings and progress go to stderr in both modes. Nothing
 * reaches the terminal unchecked: names, messages and the server's answers come from outside (a
 * customer's escape sequence must not rename the terminal or clear it), so every text goes out
 * through terminalSafe and every JSON document through terminalJson. Commands print only through
 * this module.
 */
import { terminalJson, terminalSafe } from '@atende/shared';
import type { Context } from './context.js';

export interface Column<T> {
  label: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return terminalSafe(String(value)).replace(/\s+/g, ' ');
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

/** Text for people on stdout, as a terminal may show it. */
export function print(text: string): void {
  process.stdout.write(terminalSafe(text));
}

/** One JSON document per line on stdout (events of a wait, for scripts). */
export function printJsonLine(value: unknown): void {
  process.stdout.write(`${terminalJson(value)}\n`);
}

/**
 * A file's content written to stdout (`-` as the file): kept as it is for a pipe or a file,
 * terminal-safe when it is the terminal itself.
 */
export function printData(text: string): void {
  process.stdout.write(process.stdout.isTTY ? terminalSafe(text) : text);
}

/** On a terminal, moves back over the last `lines` lines printed and clears them (a redrawn block). */
export function eraseLines(lines: number): void {
  if (lines > 0 && process.stdout.isTTY) process.stdout.write(`\x1b[${lines}A\x1b[0J`);
}

/** The command's result: `value` as JSON with --json, else what `human` renders. */
export function emit(ctx: Context, value: unknown, human: () => string): void {
  const text = ctx.json ? terminalJson(value, 2) : terminalSafe(human());
  if (text) process.stdout.write(`${text}\n`);
}

export function warn(text: string): void {
  process.stderr.write(`${terminalSafe(text)}\n`);
}

/** The error line a failed command ends with (stderr), as JSON with --json. */
export function printError(json: boolean, error: { error: string | null; message: string; exitCode: number }): void {
  process.stderr.write(json ? `${terminalJson(error)}\n` : `${terminalSafe(`${error.error ? `${error.error}: ` : ''}${error.message}`)}\n`);
}
