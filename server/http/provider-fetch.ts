import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { CustomFetch } from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';

// Requests to a client's sign-in provider (OpenID Connect discovery, token, userinfo, keys). The provider's address
// is typed by a tenant's admin, so it must not reach this server's own network: loopback, private ranges, link-local
// (cloud metadata at 169.254.169.254) and the like are refused. The check runs at connection time on the addresses
// DNS gave, so a name that resolves to a public address when saved and a private one later (DNS rebinding) is refused
// too. An operator whose provider lives on the private network (Keycloak at 10.x) sets OIDC_ALLOW_PRIVATE_NETWORK=1.

const PRIVATE_NETWORKS: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['224.0.0.0', 3, 'ipv4'], // multicast and reserved, up to 255.255.255.255
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];

const privateNetworks = new BlockList();
for (const [network, prefix, family] of PRIVATE_NETWORKS) privateNetworks.addSubnet(network, prefix, family);

/** True for an address of this machine or its private network (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateNetworks.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  return privateNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * True for an issuer host that is certainly on this machine or its network: `localhost` or a private IP written out.
 * Said to the admin when saving; a name that resolves there is refused when the server connects.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

export class PrivateProviderAddressError extends Error {
  constructor(host: string) {
    super(`The sign-in provider's address (${host}) is on a private network, which this server does not call.`);
    this.name = 'PrivateProviderAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that leaves out private addresses, and fails when none is left (net.connect's `lookup` option). */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((entry) => !isPrivateAddress(entry.address));
    if (allowed.length === 0) return callback(new PrivateProviderAddressError(hostname), []);
    if (options.all) return callback(null, allowed);
    const first = allowed[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
}

const publicOnly = new Agent({ connect: { lookup: publicLookup } });

/**
 * The fetch for sign-in providers: only public addresses unless `allowPrivateNetwork`. An address written as an IP
 * is checked here (no DNS lookup happens for it); a name is checked by the agent on every connection.
 */
export function providerFetch(allowPrivateNetwork: boolean): CustomFetch | undefined {
  if (allowPrivateNetwork) return undefined;
  return async (url, options) => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && isPrivateAddress(host)) throw new PrivateProviderAddressError(host);
    // undici's own fetch, so that its Agent does the dispatching. Its request options and Response are the WHATWG
    // ones openid-client passes and reads (it checks Response by tag, not class); the casts bridge the DOM's and
    // undici's declarations of the same shapes.
    const init = options as Parameters<typeof undiciFetch>[1];
    const response = await undiciFetch(url, { ...init, dispatcher: publicOnly });
    return response as unknown as Response;
  };
}
