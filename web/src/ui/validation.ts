/**
 * Form validation from the shared joi schemas (the one source of validation): joi's failures
 * become the i18n keys of the messages the spec names ("Required", "Too Short!", "Too Long!",
 * "Invalid email"), one per field, keyed by the field's path.
 */
import type { ObjectSchema, ValidationErrorItem } from 'joi';

export interface FieldProblem {
  /** i18n key, e.g. `validation.tooShort`. */
  key: string;
  limit?: number;
}

const KEY_BY_TYPE: Record<string, string> = {
  'any.required': 'validation.required',
  'string.empty': 'validation.required',
  'array.includesRequiredUnknowns': 'validation.required',
  'string.min': 'validation.tooShort',
  'string.length': 'validation.invalid',
  'string.max': 'validation.tooLong',
  'array.min': 'validation.required',
  'string.email': 'validation.invalidEmail',
  'number.min': 'validation.min',
  'number.max': 'validation.max',
};

function problemOf(detail: ValidationErrorItem): FieldProblem {
  const key = KEY_BY_TYPE[detail.type] ?? 'validation.invalid';
  const limit = detail.context?.limit;
  return key === 'validation.min' || key === 'validation.max' ? { key, limit: typeof limit === 'number' ? limit : undefined } : { key };
}

/** The first problem of each field (paths like `schedules.0.startTime`); {} when the values pass. */
export function schemaProblems(schema: ObjectSchema, values: object): Record<string, FieldProblem> {
  const { error } = schema.validate(values, { abortEarly: false, allowUnknown: true });
  const problems: Record<string, FieldProblem> = {};
  for (const detail of error?.details ?? []) {
    const path = detail.path.join('.');
    // Rules on the whole object (e.g. "at least one field") belong to no input.
    if (path && !(path in problems)) problems[path] = problemOf(detail);
  }
  return problems;
}
