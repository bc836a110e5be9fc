/**
 * Bad input generated from each route's joi schemas (issue 13): per field a wrong type, NUL, a
 * lone surrogate, an operator object, a list where one value goes, deep nesting; per body a
 * missing required field, 1 MB of text, prototype and operator keys, deep nesting; per query key
 * the same in query form; per path parameter malformed values. Each case spoils one thing of a
 * valid request, so a refusal is about that thing.
 */
import type { Schema } from 'joi';
import type { Sample } from './samples.js';
import { encodeQuery, type SweepRequest } from './requests.js';

export interface BadInput {
  label: string;
  /** What it changes of the route's valid request. */
  request: Partial<Omit<SweepRequest, 'method' | 'token'>>;
  /** When the answer is 400 ERR_VALIDATION it must name this field (or a part of it). */
  field?: string;
  /**
   * Harmless once decoded, so it may be accepted: invalid UTF-8 in a URL arrives as U+FFFD
   * (a URL cannot carry a lone surrogate). It must still not fail with 5xx.
   */
  mayPass?: boolean;
}

interface Description {
  type?: string;
  flags?: { presence?: string };
  keys?: Record<string, Description>;
}

const NUL = 'Ana\u0000';
const LONE_SURROGATE = 'Ana\uD83D';
const MB = 1_048_576;

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Values no field of that type may take. */
function badValues(type: string | undefined): { label: string; value: unknown }[] {
  const operator = { label: 'operator object', value: { $gt: '' } };
  const deep = { label: 'deep nesting', value: nested(200) };
  switch (type) {
    case 'string':
      return [
        { label: 'wrong type', value: 12345 },
        { label: 'NUL', value: NUL },
        { label: 'lone surrogate', value: LONE_SURROGATE },
        { label: 'list', value: ['a', 'b'] },
        operator,
        deep,
      ];
    case 'number':
      return [{ label: 'wrong type', value: 'abc' }, { label: 'NUL', value: NUL }, operator, { label: 'list', value: [1, 2] }];
    case 'boolean':
      return [{ label: 'wrong type', value: 'maybe' }, { label: 'NUL', value: NUL }, operator];
    case 'date':
      return [{ label: 'wrong type', value: 'not-a-date' }, { label: 'NUL', value: NUL }, operator];
    case 'array':
      return [{ label: 'wrong type', value: 'x' }, { label: 'NUL items', value: [NUL] }, operator, { label: 'deep nesting', value: [nested(200)] }];
    case 'object':
      return [{ label: 'wrong type', value: 'x' }, { label: 'operator key', value: { $where: 'sleep(1000)' } }, deep];
    case 'alternatives':
      return [{ label: 'NUL', value: NUL }, { label: 'lone surrogate', value: LONE_SURROGATE }, operator, deep];
    default:
      // `any` fields are stripped or checked by the handler: nothing typed to spoil.
      return [];
  }
}

function fieldsOf(schema: Schema | undefined): Record<string, Description> {
  const description = schema?.describe() as Description | undefined;
  return description?.type === 'object' ? (description.keys ?? {}) : {};
}

export function payloadCases(schema: Schema | undefined, sample: Sample): BadInput[] {
  const base = sample.payload;
  const cases: BadInput[] = [
    { label: 'body: not an object', request: { rawJson: '"text"' } },
    { label: 'body: __proto__ key', request: { rawJson: '{"__proto__":{"polluted":true}}' } },
    { label: 'body: constructor.prototype key', request: { rawJson: '{"constructor":{"prototype":{"polluted":true}}}' } },
    { label: 'body: operator key', request: { payload: { $where: 'sleep(1000)' } } },
    { label: 'body: deep nesting', request: { rawJson: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` } },
  ];
  const fields = fieldsOf(schema);
  if (typeof base !== 'object' || base === null || Array.isArray(base)) {
    cases.push({ label: 'body: 1 MB of text', request: { payload: 'x'.repeat(MB) } });
    return cases;
  }
  const firstString = Object.entries(fields).find(([, field]) => field.type === 'string')?.[0];
  if (firstString) cases.push({ label: `${firstString}: 1 MB`, request: { payload: { ...base, [firstString]: 'x'.repeat(MB) } } });
  for (const [key, field] of Object.entries(fields)) {
    if (field.flags?.presence === 'required' && key in base) {
      const { [key]: _missing, ...rest } = base as Record<string, unknown>;
      cases.push({ label: `${key}: missing`, request: { payload: rest }, field: key });
    }
    for (const bad of badValues(field.type)) {
      cases.push({ label: `${key}: ${bad.label}`, request: { payload: { ...base, [key]: bad.value } }, field: key });
    }
  }
  return cases;
}

/** Query values as they arrive in a URL (already encoded). */
export function queryCases(schema: Schema | undefined, sample: Sample): BadInput[] {
  const base = encodeQuery(sample.query ?? {});
  const join = (extra: string) => (base ? `${base}&${extra}` : extra);
  const fields = fieldsOf(schema);
  const cases: BadInput[] = [
    { label: 'query: unknown operator key', request: { query: join('%24where=1') } },
    { label: 'query: __proto__ key', request: { query: join('__proto__%5Bpolluted%5D=1') } },
  ];
  const firstKey = Object.keys(fields)[0];
  if (firstKey) cases.push({ label: `${firstKey}: 64 KB`, request: { query: join(`${firstKey}=${'x'.repeat(65_536)}`) } });
  for (const [key, field] of Object.entries(fields)) {
    const without = encodeQuery(Object.fromEntries(Object.entries(sample.query ?? {}).filter(([name]) => name !== key)));
    const withValue = (encoded: string) => (without ? `${without}&${key}=${encoded}` : `${key}=${encoded}`);
    if (field.flags?.presence === 'required') cases.push({ label: `${key}: missing`, request: { query: without }, field: key });
    cases.push({ label: `${key}: NUL`, request: { query: withValue('Ana%00') }, field: key });
    cases.push({ label: `${key}: lone surrogate (invalid UTF-8)`, request: { query: withValue('Ana%ED%A0%BD') }, mayPass: true });
    cases.push({ label: `${key}: operator`, request: { query: `${without ? `${without}&` : ''}${key}%5B%24gt%5D=` } });
    if (field.type === 'number') cases.push({ label: `${key}: wrong type`, request: { query: withValue('abc') }, field: key });
    if (field.type === 'boolean') cases.push({ label: `${key}: wrong type`, request: { query: withValue('maybe') }, field: key });
    if (field.type === 'string') cases.push({ label: `${key}: twice`, request: { query: `${withValue('a')}&${key}=b` }, field: key });
  }
  return cases;
}

/** Malformed values for one path parameter (already encoded). */
export function paramValues(): { label: string; value: string }[] {
  return [
    { label: 'not an id', value: 'not-an-id' },
    { label: 'NUL', value: 'Ana%00' },
    { label: 'lone surrogate (invalid UTF-8)', value: 'Ana%ED%A0%BD' },
    { label: 'operator', value: encodeURIComponent('{"$gt":""}') },
    { label: '__proto__', value: '__proto__' },
    { label: '4 KB', value: 'a'.repeat(4_096) },
  ];
}
