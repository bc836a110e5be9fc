/**
 * Regular expressions written by users (a flow condition of type regex) run on RE2JS, a pure
 * JavaScript port of RE2: matching takes time linear in the text, so `(a|a)+$` cannot hold the
 * event loop as the built-in engine's backtracking does (12 s for 29 characters, doubling with
 * each). The native `re2` binding would need a download or a compiler at install; this needs
 * neither. The JavaScript syntax people already write is translated (`\uXXXX`, named groups) and
 * look-behinds without groups are kept; back-references and look-aheads have no linear-time form
 * and are refused.
 */
import { RE2JS } from 're2js';
import { USER_PATTERN_MAX, USER_PATTERN_PROGRAM_MAX, USER_PATTERN_SUBJECT_MAX } from '@atende/shared';

export type PatternProblem = 'tooLong' | 'syntax' | 'tooComplex';

export type CompiledPattern = { ok: true; regex: RE2JS } | { ok: false; problem: PatternProblem; detail: string };

/** Compiled patterns by source: a condition runs on every message of every run that reaches it. */
const cache = new Map<string, CompiledPattern>();
const CACHE_MAX = 500;

function compile(pattern: string): CompiledPattern {
  if (pattern.length > USER_PATTERN_MAX) return { ok: false, problem: 'tooLong', detail: `longer than ${USER_PATTERN_MAX} characters` };
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.CASE_INSENSITIVE | RE2JS.LOOKBEHINDS);
  } catch (err) {
    return { ok: false, problem: 'syntax', detail: err instanceof Error ? err.message : String(err) };
  }
  if (regex.programSize() > USER_PATTERN_PROGRAM_MAX) {
    return { ok: false, problem: 'tooComplex', detail: `compiles to ${regex.programSize()} instructions, more than ${USER_PATTERN_PROGRAM_MAX}` };
  }
  return { ok: true, regex };
}

/** The pattern compiled (case-insensitive, as conditions always were), or why it cannot run. */
export function compileUserPattern(pattern: string): CompiledPattern {
  const known = cache.get(pattern);
  if (known) return known;
  const compiled = compile(pattern);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(pattern, compiled);
  return compiled;
}

/** Whether the text contains a match; false for a pattern that cannot run and for texts over the bound. */
export function userPatternMatches(pattern: string, subject: string): boolean {
  if (subject.length > USER_PATTERN_SUBJECT_MAX) return false;
  const compiled = compileUserPattern(pattern);
  return compiled.ok && compiled.regex.test(subject);
}
