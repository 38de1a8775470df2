import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a tenant's storage endpoint may not reach: this machine, the private networks it may sit in, and
 * the cloud metadata services (169.254.169.254, Alibaba Cloud's 100.100.100.200, AWS's fd00:ec2::254).
 * IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are checked as the IPv4 address they carry.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT, Alibaba Cloud metadata)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a gateway
  ['2002::', 16], // 6to4: likewise
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** True for an address of our own network (see above); a string that is no address is refused too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
  constructor(host: string, address: string) {
    const what = host === address ? `${address} is` : `${host} resolves to ${address},`;
    super(`${what} an address of our own network (ALLOW_PRIVATE_TENANT_URLS)`);
  }
}

/**
 * Names that only ever mean our own network, refused without asking DNS: `localhost` and `*.localhost`
 * (RFC 6761), `*.internal` (cloud-internal names: `metadata.google.internal`, `*.ec2.internal`; ICANN keeps
 * `.internal` private), `*.local` (mDNS), and single-label names (`metadata`, `minio`: resolved through the
 * resolver's search domains, i.e. inside our network). A trailing dot (`localhost.`) changes nothing.
 */
function isOwnNetworkName(name: string): boolean {
  const host = name.toLowerCase().replace(/\.+$/, '');
  if (!host.includes('.')) return true;
  return /(^|\.)(localhost|internal|local)$/.test(host);
}

/**
 * Whether a host as a URL parser leaves it (`url.hostname`: numeric and hex forms already dotted addresses,
 * IPv6 in brackets) is our own network by its very writing: a literal address of the refused ranges, or a
 * reserved name. Names that resolve inside are caught by guardedLookup when connecting.
 */
export function isOwnNetworkHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isPrivateAddress(host);
  return isOwnNetworkName(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses private addresses after DNS resolution, at the moment of
 * connecting: a name that resolved to a public address when the configuration was saved and to an internal
 * one now (DNS rebinding) is refused too. Every address a name resolves to must be public.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) return callback(new PrivateAddressError(hostname, inside.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/**
 * How the server reaches any URL a tenant configures (object-storage endpoints, supplier APIs, and later
 * webhooks and map layers): by default only public addresses. An operator whose MinIO or supplier gateway
 * sits on a private network allows it explicitly (ALLOW_PRIVATE_TENANT_URLS, or its older name
 * STORAGE_ALLOW_PRIVATE_ENDPOINTS). Checked three times: on save (`refuses`: a 400 naming the field), before
 * connecting (`checkHost`), and after DNS resolution at connect time (`lookup`).
 */
export class NetworkGuard {
  constructor(readonly allowPrivate: boolean) {}

  /** The `lookup` to connect with (none: the system's). */
  get lookup(): typeof guardedLookup | undefined {
    return this.allowPrivate ? undefined : guardedLookup;
  }

  /**
   * On save: true when a URL (the contract's normalised tenantUrl) names our own network by its host alone,
   * so the configuration is refused. A name is not resolved here: DNS may change, the check that counts is
   * at connect time. A string that is no URL is refused too.
   */
  refuses(url: string): boolean {
    if (this.allowPrivate) return false;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return true;
    }
    return isOwnNetworkHost(parsed.hostname);
  }

  /** Address literals are never looked up, so they (and the reserved names) are checked here, before connecting. */
  checkHost(url: URL): void {
    if (this.allowPrivate) return;
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isOwnNetworkHost(host)) throw new PrivateAddressError(host, host);
  }
}
