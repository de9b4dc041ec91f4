import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { forOperators } from '../../http/language';

/**
 * Addresses a webhook must never reach in production: this host, the private networks behind it,
 * link-local (169.254.169.254 is the cloud's metadata service, which hands out credentials), CGNAT,
 * and the IPv6 equivalents. A partner's URL naming any of them is a way into our network.
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is judged as the IPv4 one. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^::ffff:(?:0:)?(.+)$/i.exec(address)?.[1];
  if (mapped === undefined) return null;
  if (isIP(mapped) === 4) return mapped;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return INTERNAL.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 !== null ? INTERNAL.check(v4, 'ipv4') : INTERNAL.check(bare, 'ipv6');
  }
  return false;
}

export class InternalAddressError extends Error {
  constructor(host: string) {
    super(forOperators(`${host} resolves to an address inside a private network`));
    this.name = 'InternalAddressError';
  }
}

type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Throws InternalAddressError when `url`'s host is, or resolves to, an internal address. A name that
 * does not resolve passes here (it may exist later); delivery checks again on each connection.
 */
export async function assertPublicUrl(url: string, resolve: Resolve = resolveAll): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (isInternalAddress(host)) throw new InternalAddressError(host);
    return;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return;
  }
  if (addresses.some(isInternalAddress)) throw new InternalAddressError(host);
}

/**
 * A `lookup` for http(s).request that refuses internal addresses on the connection itself, so a name
 * that answered a public address at registration and a private one now (DNS rebinding) reaches
 * nothing: the check and the connection use the same answer.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address)))
      return callback(Object.assign(new InternalAddressError(hostname), { code: 'EINTERNAL' }), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
