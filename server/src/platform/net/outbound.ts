/**
 * The server's outbound calls for companies (issue 29), in one place: the guarded fetch and the
 * save-time check of the addresses companies store. Built once from the operator's allow-list;
 * an address the operator set in the environment (the default AI endpoint, the alert webhook) is
 * allowed for its own calls only (`forOperatorAddress`), never for what a company sets.
 */
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { createOutboundFetch, type OutboundFetch } from './fetch.js';
import { createGuard, refusalIn, systemResolve, type Guard, type Resolve } from './guard.js';
import type { AllowList } from './allowList.js';

export interface Outbound {
  fetch: OutboundFetch;
  guard: Guard;
  forOperatorAddress(address: string): Outbound;
  /**
   * Save time: refuses (400 ERR_OUTBOUND_ADDRESS_REFUSED naming `field`) an address no call could
   * make, as far as it can be told without DNS; names are resolved, and checked, at every call.
   */
  refuseSaved(address: string, field: string): void;
}

function fromGuard(guard: Guard, logger: Logger | null): Outbound {
  const guarded = createOutboundFetch(guard);
  return {
    async fetch(input, init, limits) {
      try {
        return await guarded(input, init, limits);
      } catch (err) {
        // The operator's log says what was refused (the company sees one sentence whatever it was).
        const refused = refusalIn(err);
        if (refused) logger?.warn({ detail: refused.detail, reason: refused.reason }, 'outbound call refused (ATENDE_OUTBOUND_ALLOW lists the private addresses allowed)');
        throw err;
      }
    },
    guard,
    forOperatorAddress: (address) => fromGuard(guard.withOperatorAddress(address), logger),
    refuseSaved(address, field) {
      if (!address.trim()) return;
      let url: URL;
      try {
        url = new URL(address.trim());
      } catch {
        throw new AppError('ERR_VALIDATION', { field, rule: 'string.uri' }, `${field}: must be a valid address`);
      }
      const refused = guard.refusedWithoutDns(url);
      if (refused) throw new AppError('ERR_OUTBOUND_ADDRESS_REFUSED', { field, reason: refused.reason });
    },
  };
}

export function createOutbound(allow: AllowList, resolve: Resolve = systemResolve, logger: Logger | null = null): Outbound {
  if (allow.entries.length > 0) logger?.info({ allowed: allow.entries }, 'outbound calls may reach these private addresses (ATENDE_OUTBOUND_ALLOW)');
  return fromGuard(createGuard(allow, resolve), logger);
}
