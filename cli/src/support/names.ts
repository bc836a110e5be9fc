/**
 * Names where ids are asked (issue 18): `--queues Vendas,Suporte`, `--user ana@acme.test`,
 * `--connection Demo`, `--tags VIP`, a queue or a tag named in place of its id. A value shaped
 * like an id (24 hex digits) goes to the server as given, which says whether it exists (exit 2);
 * anything else is looked up among the company's items, without regard to case: none or several
 * matching is a usage error (exit 1) naming what was not found or the items it could mean.
 */
import type { QuickMessage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import type { Context } from './context.js';
import { UsageError } from './errors.js';

export type NameKind = 'queue' | 'user' | 'connection' | 'tag' | 'quickMessage' | 'option' | 'plan';

export interface Candidate {
  id: string;
  /** What the item may be called by (name, e-mail, shortcode...). */
  names: (string | null | undefined)[];
  /** How the item is shown in an error. */
  label: string;
}

const ID = /^[0-9a-f]{24}$/i;
/** Known items listed in a "not found" error at most. */
const KNOWN_SHOWN = 10;

export function isId(value: string): boolean {
  return ID.test(value);
}

function folded(text: string): string {
  return text.normalize('NFC').trim().toLocaleLowerCase();
}

/** The known items' labels for an error, in order, the first few. */
export function knownList(ctx: Context, candidates: Pick<Candidate, 'label'>[]): string {
  if (candidates.length === 0) return ctx.t('names.none');
  const labels = candidates.map((candidate) => candidate.label).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const shown = labels.slice(0, KNOWN_SHOWN);
  return candidates.length > KNOWN_SHOWN ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The id of the one candidate `given` names (its id, or one of its names without regard to case). */
export function pickByName(ctx: Context, kind: NameKind, given: string, candidates: Candidate[]): string {
  const byId = candidates.find((candidate) => candidate.id === given);
  if (byId) return byId.id;
  const wanted = folded(given);
  const matches = candidates.filter((candidate) => candidate.names.some((name) => name && folded(name) === wanted));
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) {
    throw new UsageError(ctx.t(`names.ambiguous.${kind}`, { name: given, matches: matches.map((match) => `${match.label} (${match.id})`).join(', ') }));
  }
  if (isId(given)) return given;
  throw new UsageError(ctx.t(`names.notFound.${kind}`, { name: given, known: knownList(ctx, candidates) }));
}

/**
 * Finds items by name for one command run; each list is read once, and only when a value is not
 * an id. `companyId` (super users) looks among another company's queues, users and connections.
 */
export function nameLookup(ctx: Context, api: ApiClient, scope: { companyId?: string } = {}) {
  const lists = new Map<NameKind, Promise<Candidate[]>>();
  const query = scope.companyId ? { companyId: scope.companyId } : {};
  const loaders: Record<Exclude<NameKind, 'option'>, () => Promise<Candidate[]>> = {
    queue: async () => (await api.queues.list(query)).map((queue) => ({ id: queue.id, names: [queue.name], label: queue.name })),
    user: async () => (await api.users.list(query)).map((user) => ({ id: user.id, names: [user.email, user.name], label: `${user.name} <${user.email}>` })),
    connection: async () => (await api.whatsapp.list(query)).map((connection) => ({ id: connection.id, names: [connection.name], label: connection.name })),
    tag: async () => (await api.tags.list()).map((tag) => ({ id: tag.id, names: [tag.name], label: tag.name })),
    // Every one the user sees, the inactive ones too (the "/" list leaves those out).
    quickMessage: async () => {
      const records: QuickMessage[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const page = await api.quickMessages.page({ pageNumber });
        records.push(...page.records);
        if (!page.hasMore) break;
      }
      return records.map((message) => ({ id: message.id, names: [message.shortcode], label: message.shortcode }));
    },
    plan: async () => (await api.plans.all()).map((plan) => ({ id: plan.id, names: [plan.name], label: plan.name })),
  };
  const candidates = (kind: Exclude<NameKind, 'option'>): Promise<Candidate[]> => {
    let list = lists.get(kind);
    if (!list) {
      list = loaders[kind]();
      lists.set(kind, list);
    }
    return list;
  };
  const one = async (kind: Exclude<NameKind, 'option'>, given: string): Promise<string> => (isId(given) ? given : pickByName(ctx, kind, given, await candidates(kind)));
  return {
    one,
    /** Each of a comma list, in order; undefined stays undefined (the option was not given). */
    async many(kind: Exclude<NameKind, 'option'>, given: string[] | undefined): Promise<string[] | undefined> {
      if (given === undefined) return undefined;
      const ids: string[] = [];
      for (const item of given) ids.push(await one(kind, item));
      return [...new Set(ids)];
    },
    /** One value of an option that may be absent. */
    async optional(kind: Exclude<NameKind, 'option'>, given: string | undefined): Promise<string | undefined> {
      return given === undefined || given === '' ? given : one(kind, given);
    },
  };
}

export type NameLookup = ReturnType<typeof nameLookup>;
