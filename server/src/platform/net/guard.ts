/**
 * The check every outbound address goes through (issue 29): http or https, no credentials, and a
 * host that leads only to public addresses or to what the operator's allow-list names. A name is
 * resolved here and the connection is pinned to the address checked (fetch.ts), so a name that
 * answers differently a moment later (DNS rebinding) changes nothing. `localhost` and its
 * subdomains are loopback without asking DNS.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusedRange } from './addresses.js';
import { normalHost, parseAllowList, type AllowList } from './allowList.js';

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * What a company sees of a refusal: the same words whatever the address was (loopback, private,
 * a name resolving to one, or to nothing), so a refusal tells nothing about internal hosts.
 */
export const REFUSED_ADDRESS = 'the address is not allowed: it does not lead to a public address';

/** A call refused before anything was sent. `detail` is for the operator's log only. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  constructor(
    readonly reason: 'scheme' | 'credentials' | 'address',
    readonly detail: string,
  ) {
    super(reason === 'scheme' ? 'only http and https addresses can be called' : reason === 'credentials' ? 'an address cannot carry a user name or password' : REFUSED_ADDRESS);
  }
}

/** Whether `err` (or what caused it, as fetch and the openai client wrap errors) is a refusal. */
export function refusalIn(err: unknown): OutboundRefused | null {
  for (let current = err, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof OutboundRefused) return current;
  }
  return null;
}

export interface Target {
  /** The host as the URL names it (brackets off), for the Host header and TLS. */
  host: string;
  port: number;
  /** The checked addresses the connection may go to (all of the name's, each checked), first preferred. */
  addresses: { address: string; family: 4 | 6 }[];
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function isLocalhostName(host: string): boolean {
  const name = normalHost(host);
  return name === 'localhost' || name.endsWith('.localhost');
}

export interface Guard {
  readonly allow: AllowList;
  /** The scheme and credentials rules (throws OutboundRefused). */
  checkForm(url: URL): void;
  /** Save time: whether the address is refused by what can be told without DNS (literal IPs, localhost names). */
  refusedWithoutDns(url: URL): OutboundRefused | null;
  /** Call time: the address to connect to, checked (throws OutboundRefused). */
  target(url: URL, signal?: AbortSignal): Promise<Target>;
  /** The same guard, also allowing the host and port of an address the operator set in the environment. */
  withOperatorAddress(address: string): Guard;
}

function aborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export function createGuard(allow: AllowList, resolve: Resolve): Guard {
  function checkForm(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('scheme', url.protocol);
    if (url.username || url.password) throw new OutboundRefused('credentials', 'userinfo');
  }

  function checkAddress(address: string, port: number, host: string): void {
    const range = refusedRange(address);
    if (range && !allow.allowsAddress(address, port)) throw new OutboundRefused('address', `${host} -> ${address} (${range})`);
  }

  /** The addresses a host stands for without DNS: itself, or loopback for localhost names; null: ask DNS. */
  function knownAddresses(host: string): string[] | null {
    if (isIP(host)) return [host];
    return isLocalhostName(host) ? ['127.0.0.1'] : null;
  }

  return {
    allow,
    checkForm,
    refusedWithoutDns(url) {
      try {
        checkForm(url);
        const host = bareHost(url);
        const port = portOf(url);
        if (!allow.allowsHost(host, port)) for (const address of knownAddresses(host) ?? []) checkAddress(address, port, host);
        return null;
      } catch (err) {
        if (err instanceof OutboundRefused) return err;
        throw err;
      }
    },
    async target(url, signal) {
      checkForm(url);
      const host = bareHost(url);
      const port = portOf(url);
      const byName = allow.allowsHost(host, port);
      let addresses = knownAddresses(host);
      if (!addresses) {
        const found = await Promise.race([resolve(host), aborted(signal)]).catch((err: unknown) => {
          if (signal?.aborted) throw err;
          throw new OutboundRefused('address', `${host} does not resolve`);
        });
        addresses = found.map((each) => each.address);
      }
      if (addresses.length === 0) throw new OutboundRefused('address', `${host} does not resolve`);
      // Every address the name gives must be allowed: the connection could otherwise take any of them.
      if (!byName) for (const address of addresses) checkAddress(address, port, host);
      return { host, port, addresses: addresses.map((address) => ({ address, family: isIP(address) === 6 ? (6 as const) : (4 as const) })) };
    },
    withOperatorAddress(address) {
      const url = new URL(address);
      const host = bareHost(url);
      const entry = isIP(host) === 6 ? `[${host}]:${portOf(url)}` : `${host}:${portOf(url)}`;
      return createGuard(parseAllowList([...allow.entries, entry].join(' ')), resolve);
    },
  };
}
