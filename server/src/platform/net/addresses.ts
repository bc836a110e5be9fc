/**
 * Which IP addresses a call made for a company may reach: public unicast only. Loopback, private,
 * shared (CGNAT), link-local, unique-local, multicast, unspecified, broadcast, documentation and
 * reserved ranges are refused, IPv4 written inside IPv6 (mapped, NAT64, 6to4) by the IPv4 it names.
 * Addresses come here canonical (WHATWG URL parsing has already turned `2130706433`, `0177.0.0.1`,
 * `0x7f.1` and `127.1` into 127.0.0.1) or from the resolver (any RFC 4291 text form).
 */
import { isIPv4, isIPv6 } from 'node:net';

export type IpBytes = number[];

interface Range {
  bytes: IpBytes;
  prefix: number;
  name: string;
}

export function ipv4Bytes(text: string): IpBytes | null {
  if (!isIPv4(text)) return null;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (with a trailing dotted quad or not); null when it is not one. */
export function ipv6Bytes(text: string): IpBytes | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!isIPv6(bare)) return null;
  let groups = bare;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(groups);
  if (quad) {
    const four = ipv4Bytes(quad[1]!)!;
    groups = `${groups.slice(0, -quad[1]!.length)}${((four[0]! << 8) | four[1]!).toString(16)}:${((four[2]! << 8) | four[3]!).toString(16)}`;
  }
  const [head, tail] = groups.includes('::') ? groups.split('::') : [groups, null];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const fill = tail === null ? [] : new Array<string>(8 - headParts.length - tailParts.length).fill('0');
  const words = [...headParts, ...fill, ...tailParts].map((word) => parseInt(word, 16));
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

function cidr(text: string, name: string): Range {
  const [address, prefix] = text.split('/');
  const bytes = ipv4Bytes(address!) ?? ipv6Bytes(address!);
  if (!bytes) throw new Error(`not an address: ${text}`);
  return { bytes, prefix: Number(prefix), name };
}

/** Whether `bytes` (same family as the range) fall inside it. */
export function inRange(bytes: IpBytes, range: { bytes: IpBytes; prefix: number }): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}

const IPV4_REFUSED: Range[] = [
  cidr('0.0.0.0/8', 'unspecified'),
  cidr('10.0.0.0/8', 'private'),
  cidr('100.64.0.0/10', 'shared (CGNAT)'),
  cidr('127.0.0.0/8', 'loopback'),
  cidr('169.254.0.0/16', 'link-local'),
  cidr('172.16.0.0/12', 'private'),
  cidr('192.0.0.0/24', 'reserved'),
  cidr('192.0.2.0/24', 'documentation'),
  cidr('192.88.99.0/24', 'reserved'),
  cidr('192.168.0.0/16', 'private'),
  cidr('198.18.0.0/15', 'reserved'),
  cidr('198.51.100.0/24', 'documentation'),
  cidr('203.0.113.0/24', 'documentation'),
  cidr('224.0.0.0/4', 'multicast'),
  // 240/4 holds the broadcast address 255.255.255.255.
  cidr('240.0.0.0/4', 'reserved'),
];

const GLOBAL_UNICAST = cidr('2000::/3', 'global');
const IPV6_REFUSED: Range[] = [cidr('2001::/23', 'reserved'), cidr('2001:db8::/32', 'documentation'), cidr('3fff::/20', 'documentation')];
/** IPv6 forms that carry an IPv4 address: the IPv4 decides, from its byte offset. */
const IPV6_EMBEDDING: { range: Range; offset: number }[] = [
  { range: cidr('::ffff:0:0/96', 'IPv4-mapped'), offset: 12 },
  { range: cidr('64:ff9b::/96', 'NAT64'), offset: 12 },
  { range: cidr('2002::/16', '6to4'), offset: 2 },
];

/** The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4), as text; null for none. */
export function embeddedIpv4(bytes: IpBytes): string | null {
  const embedding = IPV6_EMBEDDING.find(({ range }) => inRange(bytes, range));
  return embedding ? bytes.slice(embedding.offset, embedding.offset + 4).join('.') : null;
}

/** The IPv4 address of an IPv4-mapped IPv6 one (::ffff:a.b.c.d), the same host; null otherwise. */
export function mappedIpv4(bytes: IpBytes): string | null {
  return inRange(bytes, IPV6_EMBEDDING[0]!.range) ? bytes.slice(12).join('.') : null;
}

/** Why an address may not be called ("loopback", "private", ...), or null for a public one. */
export function refusedRange(address: string): string | null {
  const four = ipv4Bytes(address);
  if (four) return IPV4_REFUSED.find((range) => inRange(four, range))?.name ?? null;
  const six = ipv6Bytes(address);
  if (!six) return 'not an address';
  const inner = embeddedIpv4(six);
  if (inner) return refusedRange(inner);
  // Loopback, unspecified, unique-local, link-local, multicast, IPv4-compatible: all outside 2000::/3.
  if (!inRange(six, GLOBAL_UNICAST)) return 'not global unicast';
  return IPV6_REFUSED.find((range) => inRange(six, range))?.name ?? null;
}
