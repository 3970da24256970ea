import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP, isIPv4 } from 'node:net';

/*
 * Where the server may send a request whose address someone configured (an SMS provider's endpoint, the
 * cloud bucket, the SMTP server of the site settings, later webhooks): https only, to public addresses only.
 * Loopback, private, link-local (cloud metadata at 169.254.169.254), shared, reserved and multicast
 * addresses are refused, IPv4 and IPv6 alike, an IPv4 address inside IPv6 (::ffff:10.0.0.1, NAT64, 6to4) by
 * the IPv4 rules. A host name is resolved and every address it has is checked; the connection then goes to
 * an address that was checked (the lookup below is the connection's own), so a name that answers a public
 * address to the check and a private one to the connection gets nowhere.
 *
 * A development setting lifts the address and https rules: the environment variable the policy names
 * (`OUTBOUND_ALLOW_PRIVATE=1` for providers; webhooks will have `WEBHOOK_ALLOW_PRIVATE`), which the specs set
 * for their stand-ins on loopback.
 */

/** What an outgoing call may reach: the environment variable that allows private addresses and plain http. */
export interface OutboundPolicy {
  allowPrivateVariable: string;
}

/** Provider calls: SMS, cloud bucket and STS, the SMTP server of the site settings. */
export const PROVIDER_CALLS: OutboundPolicy = { allowPrivateVariable: 'OUTBOUND_ALLOW_PRIVATE' };

export type OutboundRefusal = 'url' | 'scheme' | 'private-address' | 'redirect' | 'unresolved';

/** An outgoing call the guard refused; `detail` names the address (for the log, never a secret). */
export class OutboundRefusedError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    readonly detail: string,
  ) {
    super(`outgoing call refused (${reason}): ${detail}`);
    this.name = 'OutboundRefusedError';
  }
}

export function allowsPrivate(policy: OutboundPolicy, env: NodeJS.ProcessEnv = process.env): boolean {
  return env[policy.allowPrivateVariable] === '1';
}

const V4_NOT_PUBLIC = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

const V6_NOT_PUBLIC = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const;

const notPublic = new BlockList();
for (const [network, prefix] of V4_NOT_PUBLIC) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of V6_NOT_PUBLIC) notPublic.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), or null. */
export function embeddedIpv4(address: string): string | null {
  const words = ipv6Words(address);
  if (!words) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && words[5] === 0xffff) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included), or null when it is not one. */
function ipv6Words(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (s: string) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const first = part(head);
  const last = tail === null ? [] : part(tail);
  const words = tail === null ? first : [...first, ...Array(8 - first.length - last.length).fill(0), ...last];
  return words.length === 8 ? words : null;
}

/** True for an address on the public internet; false for loopback, private, link-local, reserved, … and for what is not an address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !notPublic.check(bare, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== null) return isIPv4(inner) && !notPublic.check(inner, 'ipv4');
  return !notPublic.check(bare, 'ipv6');
}

/**
 * The URL of an outgoing call, checked before anything is sent: http(s) without credentials in it, https
 * unless the policy's development setting is on, and an address literal must be public (a host name is
 * checked when it is resolved, by `guardedLookup`).
 */
export function checkOutboundUrl(value: string | URL, policy: OutboundPolicy, env: NodeJS.ProcessEnv = process.env): URL {
  let url: URL;
  try {
    url = typeof value === 'string' ? new URL(value) : value;
  } catch {
    throw new OutboundRefusedError('url', String(value).slice(0, 200));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefusedError('scheme', url.protocol);
  if (url.username || url.password || !url.hostname) throw new OutboundRefusedError('url', url.host);
  const lifted = allowsPrivate(policy, env);
  if (url.protocol !== 'https:' && !lifted) throw new OutboundRefusedError('scheme', `${url.protocol}//${url.host}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !lifted && !isPublicAddress(host)) throw new OutboundRefusedError('private-address', host);
  return url;
}

/** Resolves a host name and checks every address it has; answers them (an address literal answers itself). */
export async function checkOutboundHost(host: string, policy: OutboundPolicy, env: NodeJS.ProcessEnv = process.env): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses: LookupAddress[] = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await new Promise((resolve, reject) => dnsLookup(bare, { all: true, verbatim: true }, (error, found) => (error ? reject(new OutboundRefusedError('unresolved', bare)) : resolve(found))));
  if (!addresses.length) throw new OutboundRefusedError('unresolved', bare);
  if (!allowsPrivate(policy, env)) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new OutboundRefusedError('private-address', `${bare} → ${bad.address}`);
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets and HTTP agents (node:net's signature): resolves like dns.lookup, refuses unless
 * every address is allowed, and hands the connection only addresses it checked.
 */
export function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | number, callback: LookupCallback): void => {
    const all = typeof options === 'object' && options.all === true;
    const family = typeof options === 'number' ? options : Number(typeof options === 'object' ? (options.family ?? 0) : 0) || 0;
    checkOutboundHost(hostname, policy).then(
      (addresses) => {
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (!usable.length) return callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), all ? [] : '', family);
        if (all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: Error) => callback(Object.assign(error, { code: 'EOUTBOUNDREFUSED' }), all ? [] : ''),
    );
  };
}
