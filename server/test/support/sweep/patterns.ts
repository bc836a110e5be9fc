/**
 * Pattern-typed fields in the route table (issue 29): every field made with the shared
 * `userPattern()` helper, found in a route's joi schemas wherever it sits (keys, list items, the
 * branches of `when` and alternatives), and the probe that sends a catastrophic pattern there.
 */
import type { Description, Schema } from 'joi';
import { isUserPatternSchema } from '@atende/shared';
import { routeKey, type SweepRoute } from './routes.js';

interface Branch {
  schema?: Described;
  then?: Described;
  otherwise?: Described;
  switch?: { then?: Described; otherwise?: Described }[];
}

interface Described {
  keys?: Record<string, Described>;
  items?: Described[];
  /** `when` conditions, and the alternatives of an alternatives schema. */
  whens?: Branch[];
  matches?: Branch[];
}

/** Paths of the pattern fields under a described schema (`nodes[].data.value`). */
export function patternPaths(description: Described | undefined, path = ''): string[] {
  if (!description) return [];
  const found = isUserPatternSchema(description as Description) ? [path] : [];
  for (const [key, inner] of Object.entries(description.keys ?? {})) found.push(...patternPaths(inner, path ? `${path}.${key}` : key));
  for (const item of description.items ?? []) found.push(...patternPaths(item, `${path}[]`));
  for (const branch of [...(description.whens ?? []), ...(description.matches ?? [])]) {
    const candidates = [branch.schema, branch.then, branch.otherwise, ...(branch.switch ?? []).flatMap((each) => [each.then, each.otherwise])];
    for (const candidate of candidates) found.push(...patternPaths(candidate, path));
  }
  return [...new Set(found)];
}

/** Every route with a pattern field in its query or body (or the body schema its handler checks), and where. */
export function patternRoutes(routes: SweepRoute[], handlerSchemas: Record<string, Schema>): { route: SweepRoute; paths: string[] }[] {
  return routes.flatMap((route) => {
    const body = handlerSchemas[routeKey(route)] ?? route.schemas.payload;
    const paths = [...patternPaths(route.schemas.query?.describe() as Described | undefined), ...patternPaths(body?.describe() as Described | undefined)];
    return paths.length > 0 ? [{ route, paths }] : [];
  });
}

/** Patterns that take a backtracking engine exponential time on the probe's text. */
export const CATASTROPHIC_PATTERNS = ['(a|a)+$', '^(a+)+$', '(a|aa)+$', '^(\\w+\\s?)*$', '(.*a){12}$', '(a*)*b'];
/** 61 characters: `(a|a)+$` would take a backtracking engine days on it. */
export const PROBE_TEXT = `${'a'.repeat(60)}!`;
