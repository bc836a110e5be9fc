/**
 * How every model is declared.
 *
 * Every query must run on MongoDB >= 6 AND on the embedded FerretDB 1.24 (PostgreSQL backend):
 * - on a hot path, select by top-level equality on scalar fields declared as engine keys
 *   (tuning.ts): FerretDB evaluates anything else ($in, $or, ranges, $and) after reading the
 *   documents; test/engine/hotQueries.test.ts checks it;
 * - no multi-document transactions (no sessions/withTransaction);
 * - no `$lookup` (join in the service with a second query on ids);
 * - `$group` only with `$sum` / `$count`, and ONE accumulator per `$group` stage (FerretDB 1.24
 *   silently answers 0 for every accumulator after the first);
 * - no `$text` indexes or queries (search with anchored/escaped regular expressions);
 * - no collation (store a normalised lower-case copy when case-insensitive order matters);
 * - no TTL indexes (expireAfterSeconds): expired documents are deleted by the code or a job;
 * - no partial indexes (partialFilterExpression); unique indexes must not rely on null/missing
 *   values being skipped (MongoDB indexes them), so give every document a real value;
 * - no date operators in pipelines ($dateToString, $hour, ...): store the day/hour a report
 *   groups by as fields when the document is written;
 * - duplicate-key errors carry no keyValue (and on updates FerretDB may answer another code naming
 *   the index): check before writing, and let the unique index only guard races
 *   (see registerDuplicateCode / duplicateKeyCode).
 */
import mongoose, { Schema, type Model, type SchemaDefinition } from 'mongoose';
import { tenantModelNames, tenantOwned } from './tenancy.js';

export const { ObjectId } = Schema.Types;

/** A collection owned by a company: carries companyId and goes through the tenancy plugin. */
export function tenantModel<T>(name: string, definition: SchemaDefinition, configure?: (schema: Schema) => void): Model<T> {
  const fields: SchemaDefinition = { ...definition, companyId: { type: ObjectId, ref: 'Company', required: true, index: true } };
  const schema: Schema = new Schema(fields, { timestamps: true });
  schema.plugin(tenantOwned);
  configure?.(schema);
  const model = mongoose.model(name, schema) as unknown as Model<T>;
  tenantModelNames.add(name);
  return model;
}

/** A platform collection (companies, plans, helps, platform settings). */
export function platformModel<T>(name: string, definition: SchemaDefinition, configure?: (schema: Schema) => void): Model<T> {
  const schema: Schema = new Schema(definition, { timestamps: true });
  configure?.(schema);
  return mongoose.model(name, schema) as unknown as Model<T>;
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && mongoose.isValidObjectId(value) && /^[0-9a-f]{24}$/i.test(value);
}

/** Text as searches compare it: without accents, lower case ("Élida" -> "elida"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const WORDS_MAX = 64;

/** The distinct words (3+ letters or digits, folded) a text is found by (no $text on FerretDB). */
export function searchWordsOf(text: string): string[] {
  const words = foldText(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  return [...new Set(words)].slice(0, WORDS_MAX);
}

/** Escapes user text for a regular-expression search (no $text on FerretDB). */
export function searchRegex(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
