/**
 * Save-time refusal of the addresses companies store (issue 29), for every route at once: the
 * fields of a payload schema built with the shared `outboundUrl()` helper (marked by its meta)
 * are found in the schema's description, and their values checked after validation, so a new
 * route with such a field is covered without a line of its own.
 */
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { Schema } from 'joi';
import { OUTBOUND_URL_META } from '@atende/shared';
import type { Outbound } from './outbound.js';

/** A field's place: keys, and '*' for any item of a list. */
type FieldPath = string[];

interface Description {
  keys?: Record<string, Description>;
  items?: Description[];
  matches?: { schema?: Description; then?: Description; otherwise?: Description; switch?: { then?: Description; otherwise?: Description }[] }[];
  whens?: { then?: Description; otherwise?: Description; switch?: { then?: Description; otherwise?: Description }[] }[];
  metas?: unknown[];
}

function walk(description: Description | undefined, path: FieldPath, found: Map<string, FieldPath>): void {
  if (!description) return;
  if (description.metas?.some((meta) => typeof meta === 'object' && meta !== null && OUTBOUND_URL_META in meta)) found.set(path.join('.'), path);
  for (const [key, child] of Object.entries(description.keys ?? {})) walk(child, [...path, key], found);
  for (const item of description.items ?? []) walk(item, [...path, '*'], found);
  for (const branch of [...(description.matches ?? []), ...(description.whens ?? [])]) {
    walk((branch as { schema?: Description }).schema, path, found);
    walk(branch.then, path, found);
    walk(branch.otherwise, path, found);
    for (const option of branch.switch ?? []) {
      walk(option.then, path, found);
      walk(option.otherwise, path, found);
    }
  }
}

const known = new WeakMap<Schema, FieldPath[]>();

/** The outbound address fields of a schema (described once per schema). */
export function outboundFieldsOf(schema: Schema): FieldPath[] {
  let fields = known.get(schema);
  if (!fields) {
    const found = new Map<string, FieldPath>();
    walk(schema.describe() as Description, [], found);
    fields = [...found.values()];
    known.set(schema, fields);
  }
  return fields;
}

function valuesAt(value: unknown, path: FieldPath, field: string[], out: { field: string; value: string }[]): void {
  if (path.length === 0) {
    if (typeof value === 'string') out.push({ field: field.join('.'), value });
    return;
  }
  const [head, ...rest] = path;
  if (head === '*') {
    if (Array.isArray(value)) value.forEach((item, index) => valuesAt(item, rest, [...field, String(index)], out));
  } else if (typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, head!)) {
    valuesAt((value as Record<string, unknown>)[head!], rest, [...field, head!], out);
  }
}

/** Refuses (400) the first stored address of `value` no call could make. */
export function refuseSavedFields(outbound: Outbound, schema: Schema, value: unknown): void {
  const found: { field: string; value: string }[] = [];
  for (const path of outboundFieldsOf(schema)) valuesAt(value, path, [], found);
  for (const { field, value: address } of found) outbound.refuseSaved(address, field);
}

/** Every route's validated payload, before its handler. */
export function registerSavedUrlCheck(server: Server, outbound: Outbound): void {
  server.ext('onPreHandler', (request: Request, h: ResponseToolkit) => {
    const schema = (request.route.settings.validate as { payload?: Schema } | undefined)?.payload;
    if (schema && typeof schema.describe === 'function') refuseSavedFields(outbound, schema, request.payload);
    return h.continue;
  });
}
