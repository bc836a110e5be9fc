/**
 * The session manager of a node among several (issue 17). Each connection's session runs on the
 * node holding its lease (leases.ts): startAll and a sweep every fifth of the lease take only
 * free or expired leases, a renewal every 0.4 of it keeps this node's, a lost lease stops its
 * session here, and a graceful stop releases every lease and tells the other nodes, whose sweep
 * takes them at once. A session's commands (start, new QR, logout, remove, health) and the calls
 * on its provider (the sandbox phone's controls, who is on WhatsApp) go to the owner over the bus,
 * whichever node the request reached; with no owner, this node takes the lease and runs it. An
 * owner that died answers nothing: such a request fails at once (503 ERR_NODE_UNAVAILABLE) with
 * the seconds until another node takes the session over (Retry-After), never waiting its lease out.
 */
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { ClusterBus } from '../../platform/cluster/bus.js';
import { WhatsappModel, type WhatsappDoc } from '../../domains/whatsapp/model.js';
import type { Provider } from '../provider.js';
import type { SessionManager } from '../sessions.js';
import type { Leases } from './leases.js';

type Command = 'start' | 'restart' | 'logout' | 'remove' | 'flushHealth';

interface CommandArgs {
  command: Command;
  companyId: string;
  whatsappId: string;
}

const RELEASED = 'sessions.released';

export interface OwnedSessionsDeps {
  bus: ClusterBus;
  leases: Leases;
  logger: Logger;
  leaseMs: number;
  /** This node took these connections' sessions over: what they left unsent goes out from here. */
  taken(whatsappIds: string[]): void;
}

export function ownedSessions(local: SessionManager, deps: OwnedSessionsDeps): SessionManager {
  const { bus, leases, logger } = deps;
  const timers: NodeJS.Timeout[] = [];
  let sweeping: Promise<void> = Promise.resolve();
  let closing = false;

  /** Takes a lease when free or expired; answers whether this node now holds it. */
  const claimFree = async (companyId: string, whatsappId: string) => !leases.holds(whatsappId) && leases.acquire(companyId, whatsappId);

  function sweep(): Promise<void> {
    sweeping = sweeping.then(async () => {
      if (closing) return;
      const started = await local.startClaimed(claimFree).catch((err: unknown) => {
        logger.warn({ err }, 'session sweep failed');
        return [];
      });
      if (started.length > 0) {
        logger.info({ sessions: started }, 'sessions of a stopped node taken over');
        deps.taken(started);
      }
    });
    return sweeping;
  }

  async function renew(): Promise<void> {
    for (const whatsappId of await leases.renew()) {
      // Another node holds it now (this one was away longer than the lease): its session stops here.
      logger.warn({ whatsappId }, 'session lease lost: the session stops on this node');
      await local.stop(whatsappId);
    }
  }

  /** A request to the session's owner; an owner gone says when to try again (its lease's end, then a sweep). */
  async function ask<T>(owner: string, whatsappId: string, kind: string, args: unknown): Promise<T> {
    try {
      return await bus.request<T>(owner, kind, args);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'ERR_NODE_UNAVAILABLE') throw err;
      const until = (await leases.expiresAt(whatsappId))?.getTime() ?? Date.now();
      throw new AppError('ERR_NODE_UNAVAILABLE', { retryAfter: Math.max(1, Math.ceil((until - Date.now() + deps.leaseMs * 0.2) / 1000)) });
    }
  }

  async function run({ command, companyId, whatsappId }: CommandArgs, forwarded: boolean): Promise<void> {
    if (!forwarded) {
      const owner = await leases.ownerOf(whatsappId);
      if (owner && owner !== bus.nodeId) {
        await ask(owner, whatsappId, 'session', { command, companyId, whatsappId } satisfies CommandArgs);
        return;
      }
    }
    switch (command) {
      case 'start':
      case 'restart': {
        const had = leases.holds(whatsappId);
        if (!(await leases.acquire(companyId, whatsappId))) {
          // Another node took it between the look and the take: it runs the command.
          const owner = await leases.ownerOf(whatsappId);
          if (forwarded || !owner) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
          await ask(owner, whatsappId, 'session', { command, companyId, whatsappId } satisfies CommandArgs);
          return;
        }
        await local[command](companyId, whatsappId);
        if (!had) deps.taken([whatsappId]);
        return;
      }
      case 'logout':
      case 'remove':
        // Ended for good: no node takes it back until it is started again.
        try {
          await local[command](companyId, whatsappId);
        } finally {
          await leases.release(whatsappId);
        }
        return;
      case 'flushHealth':
        await local.flushHealth(whatsappId);
    }
  }

  async function current(companyId: string, whatsappId: string): Promise<WhatsappDoc> {
    const doc = await WhatsappModel.findOne({ _id: whatsappId, companyId }).lean<WhatsappDoc>();
    if (!doc) throw new AppError('ERR_NO_WAPP_FOUND');
    return doc;
  }

  async function command(command: Command, companyId: string, whatsappId: string): Promise<WhatsappDoc> {
    await run({ command, companyId, whatsappId }, false);
    return current(companyId, whatsappId);
  }

  /** The owner's provider, called over the bus (`then` stays absent: it is no promise). */
  function remote(owner: string, whatsappId: string, kind: unknown): Provider {
    return new Proxy({ kind } as Record<string, unknown>, {
      get(target, name) {
        if (typeof name !== 'string' || name in target || name === 'then') return target[name as string];
        return (...args: unknown[]) => ask(owner, whatsappId, 'provider.call', { whatsappId, method: name, args });
      },
    }) as unknown as Provider;
  }

  async function reach(whatsappId: string): Promise<Provider | undefined> {
    const here = local.provider(whatsappId);
    if (here) return here;
    const owner = await leases.ownerOf(whatsappId);
    if (!owner || owner === bus.nodeId) return undefined;
    const described = await ask<{ kind: unknown } | null>(owner, whatsappId, 'provider.describe', { whatsappId });
    return described ? remote(owner, whatsappId, described.kind) : undefined;
  }

  bus.answer('session', (args: CommandArgs) => run(args, true));
  bus.answer('provider.describe', async ({ whatsappId }: { whatsappId: string }) => {
    const provider = local.provider(whatsappId) as (Provider & { kind?: unknown }) | undefined;
    return provider ? { kind: provider.kind ?? null } : null;
  });
  bus.answer('provider.call', async ({ whatsappId, method, args }: { whatsappId: string; method: string; args: unknown[] }) => {
    const provider = local.provider(whatsappId) as unknown as Record<string, unknown> | undefined;
    if (!provider) throw new AppError('ERR_WAPP_NOT_CONNECTED');
    const call = provider[method];
    if (typeof call !== 'function') throw new AppError('ERR_WAPP_NOT_CONNECTED');
    return (call as (...given: unknown[]) => Promise<unknown>).apply(provider, args);
  });
  bus.listen(RELEASED, (body) => {
    if ((body as { from: string }).from !== bus.nodeId) void sweep();
  });

  return {
    ...local,
    start: (companyId, whatsappId) => command('start', companyId, whatsappId),
    restart: (companyId, whatsappId) => command('restart', companyId, whatsappId),
    logout: (companyId, whatsappId) => command('logout', companyId, whatsappId),
    remove: (companyId, whatsappId) => run({ command: 'remove', companyId, whatsappId }, false),
    flushHealth: (whatsappId) => run({ command: 'flushHealth', companyId: '', whatsappId }, false),

    async stop(whatsappId) {
      await local.stop(whatsappId);
      await leases.release(whatsappId);
    },

    async startAll() {
      await local.startAll(claimFree);
      deps.taken(leases.held());
      const every = (ms: number, task: () => Promise<void>) => {
        const timer = setInterval(() => void task().catch((err: unknown) => logger.warn({ err }, 'session lease upkeep failed')), ms);
        timer.unref();
        timers.push(timer);
      };
      every(Math.round(deps.leaseMs * 0.4), renew);
      every(Math.round(deps.leaseMs * 0.2), sweep);
    },

    async stopAll() {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await sweeping;
      await local.stopAll();
      // Handed over at once: the other nodes sweep when they hear it.
      await Promise.all(leases.held().map((whatsappId) => leases.release(whatsappId).catch((err: unknown) => logger.warn({ err, whatsappId }, 'session lease release failed'))));
      bus.broadcast(RELEASED, { from: bus.nodeId });
    },

    reach,

    directory(whatsappId) {
      const here = local.directory(whatsappId);
      if (here) return here;
      return {
        async onWhatsApp(numbers) {
          const provider = await reach(whatsappId);
          if (!provider) throw new AppError('ERR_WAPP_NOT_CONNECTED');
          return provider.onWhatsApp(numbers);
        },
      };
    },
  };
}
