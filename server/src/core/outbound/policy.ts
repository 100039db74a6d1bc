import { BlockList, isIP } from 'node:net';

// Where the server may connect on a tenant's or an operator's behalf (security.md S13): object
// storage now, SMS, data sources and OAuth through the same policy. One allow-list from
// configuration (OUTBOUND_HOSTS):
//   name            oss-cn-hangzhou.aliyuncs.com — that host exactly
//   *.suffix        *.aliyuncs.com — any host below aliyuncs.com (not aliyuncs.com itself)
//   *               any host name, and any public address
//   address, CIDR   10.0.0.5, 10.0.0.0/8, fd00::/8 — these addresses, private or not
//   default         the vendors' public endpoints (DEFAULT_OUTBOUND_HOSTS)
// A host name must be listed; every address it resolves to must be public (not loopback,
// link-local, private, unique-local, unspecified, CGNAT, multicast, documentation or reserved)
// unless that address is inside a listed address or CIDR. An IP-literal host must be inside a
// listed address or CIDR, or be public with `*` listed. The check runs on the resolved address
// when connecting (outbound/agents.ts), so a name that resolves differently later (DNS
// rebinding) gains nothing.

export type OutboundEntry =
  | { kind: 'host'; name: string }
  | { kind: 'wildcard'; suffix: string }
  | { kind: 'any' }
  | { kind: 'cidr'; address: string; prefix: number; family: 4 | 6 };

/**
 * The vendors' public endpoints, for object storage (Aliyun OSS, Tencent COS, Qiniu, AWS S3) and
 * SMS (Aliyun, Tencent, Qiniu, Yunpian). Self-hosted services (MinIO) must be listed.
 */
export const DEFAULT_OUTBOUND_HOSTS = [
  '*.aliyuncs.com',
  '*.myqcloud.com',
  '*.tencentcloudapi.com',
  '*.qiniucs.com',
  '*.qiniuapi.com',
  '*.amazonaws.com',
  '*.amazonaws.com.cn',
  '*.yunpian.com',
] as const;

/** Why an address or URL is refused (the submit-time 400 names it). */
export type OutboundRefusal = 'protocol' | 'host' | 'address';

export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUND_REFUSED';
  constructor(
    readonly host: string,
    readonly reason: OutboundRefusal,
  ) {
    super(
      reason === 'address'
        ? `outbound connection to ${host} refused: not a public address and not listed in OUTBOUND_HOSTS`
        : `outbound connection to ${host} refused: not listed in OUTBOUND_HOSTS`,
    );
    this.name = 'OutboundRefusedError';
  }
}

const NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Parses one entry of OUTBOUND_HOSTS; undefined when it is not one of the accepted forms. */
export function parseOutboundEntry(raw: string): OutboundEntry[] | undefined {
  const trimmed = raw.trim().toLowerCase();
  // A trailing dot (an absolute name) is dropped, but `*.` is no entry.
  const text = trimmed.endsWith('*.') ? trimmed : trimmed.replace(/\.$/, '');
  if (text === 'default') return DEFAULT_OUTBOUND_HOSTS.map((e) => parseOutboundEntry(e)![0]!);
  if (text === '*') return [{ kind: 'any' }];
  const slash = text.indexOf('/');
  const addressPart = (slash >= 0 ? text.slice(0, slash) : text).replace(/^\[(.*)\]$/, '$1');
  const family = isIP(addressPart);
  if (family === 4 || family === 6) {
    const max = family === 4 ? 32 : 128;
    const prefixText = slash >= 0 ? text.slice(slash + 1) : String(max);
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return undefined;
    const mapped = family === 6 ? mappedIPv4(addressPart) : null;
    if (mapped && Number(prefixText) >= 96)
      return [{ kind: 'cidr', address: mapped, prefix: Number(prefixText) - 96, family: 4 }];
    return [{ kind: 'cidr', address: addressPart, prefix: Number(prefixText), family }];
  }
  if (slash >= 0) return undefined;
  if (text.startsWith('*.')) {
    const suffix = text.slice(2);
    return NAME.test(suffix) && suffix.includes('.')
      ? [{ kind: 'wildcard', suffix: `.${suffix}` }]
      : undefined;
  }
  return NAME.test(text) && !/^[\d.]+$/.test(text) ? [{ kind: 'host', name: text }] : undefined;
}

/** Parses a comma-separated list; answers the first bad entry instead when there is one. */
export function parseOutboundHosts(raw: string): OutboundEntry[] | { bad: string } {
  const out: OutboundEntry[] = [];
  for (const part of raw.split(',')) {
    if (part.trim() === '') continue;
    const entries = parseOutboundEntry(part);
    if (!entries) return { bad: part.trim() };
    out.push(...entries);
  }
  return out.length > 0 ? out : { bad: raw };
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - head.length - tail.length;
  if ((halves.length === 1 && fill !== 0) || fill < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail].map((g) =>
    parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else null. */
function mappedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return null;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

/**
 * IANA's special-purpose ranges: never reached unless listed. One list per family: Node's BlockList
 * matches IPv4 addresses against IPv4-mapped IPv6 rules, so the families are kept apart.
 */
const SPECIAL_V4 = new BlockList();
const SPECIAL_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  SPECIAL_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible (IPv4-mapped ones are checked as IPv4)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  SPECIAL_V6.addSubnet(net, prefix, 'ipv6');

/** An address as the policy compares it: IPv4-mapped IPv6 as IPv4, no brackets or zone. */
export function normalizeAddress(address: string): { address: string; family: 4 | 6 } | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 4) return { address: bare, family: 4 };
  if (family !== 6) return null;
  const mapped = mappedIPv4(bare);
  return mapped ? { address: mapped, family: 4 } : { address: bare.replace(/%.*$/, ''), family: 6 };
}

/** Whether an address is in a special-purpose range (loopback, private, link-local, …). */
export function isSpecialAddress(address: string): boolean {
  const n = normalizeAddress(address);
  if (!n) return true;
  return n.family === 4 ? SPECIAL_V4.check(n.address, 'ipv4') : SPECIAL_V6.check(n.address, 'ipv6');
}

export class OutboundPolicy {
  readonly #names = new Set<string>();
  readonly #suffixes: string[] = [];
  readonly #listed4 = new BlockList();
  readonly #listed6 = new BlockList();
  readonly #any: boolean;
  readonly entries: readonly OutboundEntry[];

  constructor(entries: readonly OutboundEntry[]) {
    this.entries = entries;
    let any = false;
    for (const entry of entries) {
      if (entry.kind === 'host') this.#names.add(entry.name);
      else if (entry.kind === 'wildcard') this.#suffixes.push(entry.suffix);
      else if (entry.kind === 'any') any = true;
      else if (entry.family === 4) this.#listed4.addSubnet(entry.address, entry.prefix, 'ipv4');
      else this.#listed6.addSubnet(entry.address, entry.prefix, 'ipv6');
    }
    this.#any = any;
  }

  /** This policy and more entries (an endpoint the operator configured, such as SMS_ENDPOINTS). */
  with(entries: readonly OutboundEntry[]): OutboundPolicy {
    return new OutboundPolicy([...this.entries, ...entries]);
  }

  #listedAddress(address: string): boolean {
    const n = normalizeAddress(address);
    if (!n) return false;
    return n.family === 4 ? this.#listed4.check(n.address, 'ipv4') : this.#listed6.check(n.address, 'ipv6');
  }

  /** A host name (not an address) the list names. */
  allowsName(hostname: string): boolean {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (this.#names.has(name)) return true;
    if (name === 'localhost' || name.endsWith('.localhost')) return false;
    return this.#any || this.#suffixes.some((suffix) => name.endsWith(suffix));
  }

  /** An address a listed name resolved to: public, or listed itself. */
  allowsResolved(address: string): boolean {
    return this.#listedAddress(address) || !isSpecialAddress(address);
  }

  /** An address written as the host: listed, or public when `*` is listed. */
  allowsLiteral(address: string): boolean {
    return this.#listedAddress(address) || (this.#any && !isSpecialAddress(address));
  }

  /**
   * Checks a host as a URL carries it (a name, an IPv4 address, an IPv6 address in brackets);
   * answers why it is refused, or null. Names are checked here, their addresses when connecting.
   */
  checkHost(host: string): OutboundRefusal | null {
    const literal = normalizeAddress(host);
    if (literal) return this.allowsLiteral(host) ? null : isSpecialAddress(host) ? 'address' : 'host';
    return this.allowsName(host) ? null : 'host';
  }

  /**
   * Checks a URL as WHATWG URL reads it (so 2130706433, 0x7f.1 and 127.1 are 127.0.0.1, and
   * [::ffff:127.0.0.1] is IPv4-mapped): http(s) only, and a host the list allows.
   */
  checkUrl(text: string): OutboundRefusal | null {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'protocol';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'protocol';
    if (url.username || url.password) return 'host';
    return this.checkHost(url.hostname);
  }
}

/**
 * Entries naming the hosts of URLs the operator configured (SMS_ENDPOINTS): an address exactly,
 * or a name exactly — whose resolved addresses must still be public unless listed.
 */
export function entriesForUrls(urls: readonly string[]): OutboundEntry[] {
  const out: OutboundEntry[] = [];
  for (const text of urls) {
    let host: string;
    try {
      host = new URL(text).hostname;
    } catch {
      continue;
    }
    const n = normalizeAddress(host);
    if (n)
      out.push({ kind: 'cidr', address: n.address, prefix: n.family === 4 ? 32 : 128, family: n.family });
    else out.push({ kind: 'host', name: host.toLowerCase() });
  }
  return out;
}
