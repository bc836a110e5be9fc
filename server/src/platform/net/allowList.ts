/**
 * The operator's allow-list (ATENDE_OUTBOUND_ALLOW): private addresses the server may call for a
 * company, for self-hosters who run n8n, Typebot or Ollama beside Atende. Entries, separated by
 * commas or spaces: an IP (`10.0.0.5`, `::1`), a CIDR (`10.0.0.0/8`, `fd00::/8`), a host name
 * (`n8n.internal`, `*.lan` for its subdomains), each optionally with a port (`127.0.0.1:11434`,
 * `[::1]:11434`, `n8n.internal:5678`), which is the safest: only that service, not the machine.
 * It is never a company setting.
 */
import { inRange, ipv4Bytes, ipv6Bytes, mappedIpv4, type IpBytes } from './addresses.js';

type Entry = { kind: 'range'; bytes: IpBytes; prefix: number; port: number | null } | { kind: 'host'; name: string; subdomains: boolean; port: number | null };

export interface AllowList {
  /** The entries as written (for the start-up log). */
  readonly entries: readonly string[];
  /** Whether a host name (as the URL names it) on a port is listed by name. */
  allowsHost(hostname: string, port: number): boolean;
  /** Whether an address on a port is listed (by IP or CIDR). */
  allowsAddress(address: string, port: number): boolean;
}

/** Lower case, without the final dot of a fully qualified name. */
export function normalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

function portOf(text: string | undefined, entry: string): number | null {
  if (text === undefined) return null;
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65_535) throw new Error(`"${entry}": the port must be 1-65535`);
  return port;
}

function rangeOf(text: string, port: number | null, entry: string): Entry | null {
  const [address, prefixText] = text.split('/');
  const bytes = ipv4Bytes(address!) ?? ipv6Bytes(address!);
  if (!bytes) return null;
  const max = bytes.length * 8;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) throw new Error(`"${entry}": the prefix must be 0-${max}`);
  return { kind: 'range', bytes, prefix, port };
}

function entryOf(entry: string): Entry {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    const range = rangeOf(bracketed[1]!, portOf(bracketed[2], entry), entry);
    if (!range) throw new Error(`"${entry}": not an IPv6 address`);
    return range;
  }
  // More than one colon and no brackets: an IPv6 address (or range) without a port.
  if ((entry.match(/:/g) ?? []).length > 1) {
    const range = rangeOf(entry, null, entry);
    if (!range) throw new Error(`"${entry}": not an IPv6 address (write [address]:port for a port)`);
    return range;
  }
  const [host, portText] = entry.split(':');
  const port = portOf(portText, entry);
  const range = rangeOf(host!, port, entry);
  if (range) return range;
  const name = normalHost(host!);
  const subdomains = name.startsWith('*.');
  const bare = subdomains ? name.slice(2) : name;
  if (!/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(bare)) throw new Error(`"${entry}": not an IP, a CIDR or a host name`);
  return { kind: 'host', name: bare, subdomains, port };
}

/** Parses the variable; throws naming the first entry it cannot read. */
export function parseAllowList(text: string): AllowList {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const parsed = entries.map(entryOf);
  const portFits = (entry: Entry, port: number) => entry.port === null || entry.port === port;
  return {
    entries,
    allowsHost(hostname, port) {
      const name = normalHost(hostname);
      return parsed.some((entry) => entry.kind === 'host' && portFits(entry, port) && (entry.subdomains ? name.endsWith(`.${entry.name}`) : entry.name === name));
    },
    allowsAddress(address, port) {
      const six = ipv6Bytes(address);
      const inner = six ? mappedIpv4(six) : null;
      const forms = [ipv4Bytes(address), six, inner ? ipv4Bytes(inner) : null].filter((bytes): bytes is IpBytes => bytes !== null);
      return parsed.some((entry) => entry.kind === 'range' && portFits(entry, port) && forms.some((bytes) => inRange(bytes, entry)));
    },
  };
}
