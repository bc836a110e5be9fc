/**
 * The import's report (issue 18): each refused row at the line the spreadsheet shows, with its
 * reason in the CLI's language. The server names a refused field in English; the row is checked
 * here again with the same shared rule to say which rule it broke, and a number already given on
 * an earlier line of the sheet is reported as repeated there.
 */
import { contactRowFromRecord, contactRowSchema, normaliseContactNumber, type ContactImportError, type ContactUploadRow } from '@atende/shared';
import type { Context } from '../support/context.js';
import type { Sheet } from './contactSheet.js';

export interface RefusedRow extends ContactImportError {
  /** Why, in the CLI's language. */
  reason: string;
}

type Field = 'name' | 'number' | 'email';

interface Problem {
  field: Field;
  type: string;
  limit?: unknown;
}

function problemOf(row: ContactUploadRow): Problem | null {
  const raw = contactRowFromRecord(row);
  const { error } = contactRowSchema.validate({ name: raw.name ?? '', number: raw.number ?? '', email: raw.email ?? '' }, { abortEarly: true, convert: true });
  const detail = error?.details[0];
  return detail ? { field: detail.path[0] as Field, type: detail.type, limit: detail.context?.limit } : null;
}

function ruleText(ctx: Context, problem: Problem): string {
  const { t } = ctx;
  const field = t(`contactImport.fields.${problem.field}`);
  if (problem.type === 'any.required' || problem.type === 'string.empty') return t('contactImport.reasons.missing', { field });
  if (problem.field === 'number') {
    if (problem.type === 'string.min') return t('contactImport.reasons.numberTooShort', { limit: problem.limit });
    if (problem.type === 'string.max') return t('contactImport.reasons.numberTooLong', { limit: problem.limit });
    return t('contactImport.reasons.numberInvalid');
  }
  if (problem.type === 'string.email') return t('contactImport.reasons.emailInvalid');
  if (problem.type === 'string.min') return t('contactImport.reasons.tooShort', { field, limit: problem.limit });
  if (problem.type === 'string.max') return t('contactImport.reasons.tooLong', { field, limit: problem.limit });
  return t('contactImport.reasons.invalid', { field });
}

/** The line of an earlier good row of the sheet with the same number, if any. */
function earlierLine(sheet: Sheet, index: number): number | undefined {
  const numberOf = (row: ContactUploadRow) => {
    const raw = contactRowFromRecord(row).number;
    return typeof raw === 'string' || typeof raw === 'number' ? normaliseContactNumber(raw) : null;
  };
  const wanted = numberOf(sheet.rows[index]!);
  if (wanted === null) return undefined;
  const earlier = sheet.rows.slice(0, index).findIndex((row) => numberOf(row) === wanted && problemOf(row) === null);
  return earlier === -1 ? undefined : sheet.lines[earlier];
}

function reasonOf(ctx: Context, sheet: Sheet, index: number, failure: ContactImportError): string {
  const { code, field, message } = failure.error;
  if (code === 'ERR_VALIDATION') {
    const problem = problemOf(sheet.rows[index]!);
    return problem ? ruleText(ctx, problem) : `${field ?? ''}: ${message}`;
  }
  if (code === 'ERR_DUPLICATED_CONTACT') {
    const line = earlierLine(sheet, index);
    if (line !== undefined) return ctx.t('contactImport.reasons.repeated', { line });
  }
  return ctx.texts.error(code, message);
}

/** `errorBag` numbers the rows of the whole upload from 1 (the server's rows): each becomes its sheet line. */
export function refusedRows(ctx: Context, sheet: Sheet, errorBag: ContactImportError[]): RefusedRow[] {
  return errorBag.map((failure) => {
    const index = failure.row - 1;
    return { ...failure, row: sheet.lines[index] ?? failure.row, reason: reasonOf(ctx, sheet, index, failure) };
  });
}
