/**
 * The address fields of the route table (issue 29): every string field of a schema that is a URL
 * (a joi `uri` rule, or a name saying url, link, webhook, endpoint or callback), whether it is
 * marked as an address the server calls (the shared `outboundUrl()` helper's meta), and requests
 * that put a chosen value in it.
 */
import type { Schema } from 'joi';
import { OUTBOUND_URL_META } from '@atende/shared';

export interface UrlField {
  /** Keys, '*' for any item of a list: `nodes.*.data.typebotIntegration.urlN8N`. */
  path: string;
  outbound: boolean;
}

interface Description {
  type?: string;
  keys?: Record<string, Description>;
  items?: Description[];
  matches?: { schema?: Description; then?: Description; otherwise?: Description; switch?: { then?: Description; otherwise?: Description }[] }[];
  whens?: { then?: Description; otherwise?: Description; switch?: { then?: Description; otherwise?: Description }[] }[];
  rules?: { name: string }[];
  metas?: unknown[];
}

const URL_NAME = /url|uri|link|webhook|endpoint|callback/i;
/** Names that say what goes with an address, not the address: `webhookSecret`, `webhookId`. */
const NOT_AN_ADDRESS = /secret|token|key|id$/i;

function walk(description: Description | undefined, path: string[], found: Map<string, UrlField>): void {
  if (!description) return;
  const name = path.at(-1) ?? '';
  const isUrl = description.type === 'string' && ((description.rules ?? []).some((rule) => rule.name === 'uri') || (URL_NAME.test(name) && !NOT_AN_ADDRESS.test(name)));
  if (isUrl) {
    const outbound = (description.metas ?? []).some((meta) => typeof meta === 'object' && meta !== null && OUTBOUND_URL_META in meta);
    const key = path.join('.');
    // A field several branches describe (a `when`) is marked only if every branch marks it.
    const known = found.get(key);
    found.set(key, { path: key, outbound: known ? known.outbound && outbound : outbound });
  }
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

export function urlFieldsOf(schema: Schema | undefined): UrlField[] {
  if (!schema) return [];
  const found = new Map<string, UrlField>();
  walk(schema.describe() as Description, [], found);
  return [...found.values()];
}

/**
 * A copy of `value` with every place `path` names (lists: each item that has it) set to `to`;
 * null when the value has no such place (the sample lacks the field).
 */
export function withValueAt(value: unknown, path: string[], to: string): unknown {
  if (path.length === 0) return typeof value === 'string' ? to : null;
  const [head, ...rest] = path;
  if (head === '*') {
    if (!Array.isArray(value)) return null;
    const items = value.map((item) => withValueAt(item, rest, to));
    return items.some((item) => item !== null) ? value.map((item, index) => items[index] ?? item) : null;
  }
  if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, head!)) return null;
  const inner = withValueAt((value as Record<string, unknown>)[head!], rest, to);
  return inner === null ? null : { ...(value as Record<string, unknown>), [head!]: inner };
}

/** Whether a field named in an answer (`nodes.1.data.x`) is the field at `path` (`nodes.*.data.x`). */
export function isFieldAt(named: string, path: string): boolean {
  const a = named.split('.');
  const b = path.split('.');
  return a.length === b.length && b.every((part, index) => (part === '*' ? /^\d+$/.test(a[index]!) : part === a[index]));
}
