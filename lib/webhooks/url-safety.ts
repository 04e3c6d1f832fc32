import { lookup as dnsLookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { fieldError } from '../errors.js';

/**
 * Where a webhook may point (SSRF protection). A URL is refused when it is malformed, not http(s), holds
 * credentials, or names a host that is, or resolves to, an address inside a private network, link-local
 * (cloud metadata services live at 169.254.169.254 and fd00:ec2::254), multicast or reserved: at
 * creation, and again at every delivery, whose connection goes to the very address that was checked
 * (so a DNS answer that changes in between, DNS rebinding, cannot redirect it). Outside the local stack
 * only https is allowed, and no loopback; `npm start` and the tests allow http and loopback so that a
 * developer can receive on localhost (`allowLocal`).
 */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** The ports a webhook may use outside the local stack: HTTPS's own and its usual alternative. */
export const WEBHOOK_PORTS = ['443', '8443'] as const;

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (and some clouds' metadata)
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::', 96], // IPv4-compatible (deprecated)
  // Transition ranges that carry an IPv4 address inside (and so could reach a private one): refused whole.
  ['::ffff:0:0:0', 96], // SIIT, IPv4-translated
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo
  ['2002::', 16], // 6to4
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 address carries (NAT64 64:ff9b::/96), if it does. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] as string, 16);
  const low = Number.parseInt(match[3] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why an address may not receive webhooks, or undefined when it may. */
export function addressProblem(address: string, options: { allowLocal: boolean }): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  if (inner) return addressProblem(inner, options);
  if (LOOPBACK.check(address, type)) return options.allowLocal ? undefined : `${address} is a loopback address`;
  if (FORBIDDEN.check(address, type)) return `${address} is a private, link-local or reserved address`;
  return undefined;
}

export interface UrlCheckOptions {
  allowLocal: boolean;
  /** resolves a host name to every address it has (DNS by default; tests replace it) */
  resolve?: (hostname: string) => Promise<string[]>;
}

async function resolveAll(hostname: string): Promise<string[]> {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Checks what can be checked without DNS: syntax, scheme, credentials, and a literal address. */
export function parseWebhookUrl(raw: string, options: { allowLocal: boolean }): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) throw fieldError('url', 'max_length', `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fieldError('url', 'absolute_url', 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fieldError('url', 'absolute_url', 'must be an absolute http(s) URL');
  if (url.protocol === 'http:' && !options.allowLocal) throw fieldError('url', 'https', 'must use https');
  if (url.username || url.password) throw fieldError('url', 'no_credentials', 'must not contain credentials');
  // `port` is '' for the scheme's default (443 for https).
  if (!options.allowLocal && url.port !== '' && !(WEBHOOK_PORTS as readonly string[]).includes(url.port)) {
    throw fieldError('url', 'port', `the port must be ${WEBHOOK_PORTS.join(' or ')}`);
  }
  const host = hostOf(url);
  if (isIP(host)) {
    const problem = addressProblem(host, options);
    if (problem) throw fieldError('url', 'public_address', problem);
  } else if (!options.allowLocal && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw fieldError('url', 'public_address', 'localhost is a loopback address');
  }
  return url;
}

/**
 * The URL, checked whole: parseWebhookUrl, then every address its host resolves to. A host that does
 * not resolve is refused too (a webhook that can never be delivered).
 */
export async function checkWebhookUrl(raw: string, options: UrlCheckOptions): Promise<URL> {
  const url = parseWebhookUrl(raw, options);
  const host = hostOf(url);
  if (isIP(host)) return url;
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveAll)(host);
  } catch {
    throw fieldError('url', 'resolvable', `the host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw fieldError('url', 'resolvable', `the host ${host} could not be resolved`);
  for (const address of addresses) {
    const problem = addressProblem(address, options);
    if (problem) throw fieldError('url', 'public_address', `${host} resolves to ${problem}`);
  }
  return url;
}

/** Raised at delivery when the host now resolves to an address webhooks may not reach. */
export class UnsafeAddressError extends Error {}

/**
 * A `lookup` for http(s).request: resolves like the default one, refuses the connection when any
 * address is unsafe, and hands over only checked addresses, so the socket connects to what was checked.
 */
export function safeLookup(options: UrlCheckOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const done = (error: Error | null, addresses: { address: string; family: number }[]) => {
      if (error) return callback(error as NodeJS.ErrnoException, '', 0);
      const unsafe = addresses.map(({ address }) => addressProblem(address, options)).find(Boolean);
      if (unsafe) return callback(Object.assign(new UnsafeAddressError(`${hostname} resolves to ${unsafe}`), { code: 'EUNSAFE' }), '', 0);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), '', 0);
      if (lookupOptions.all) return (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, addresses);
      const [first] = addresses as [{ address: string; family: number }];
      callback(null, first.address, first.family);
    };
    if (options.resolve) {
      options.resolve(hostname).then(
        (addresses) => done(null, addresses.map((address) => ({ address, family: isIP(address) }))),
        (error: Error) => done(error, []),
      );
      return;
    }
    dnsLookup(hostname, { all: true, verbatim: true, family: lookupOptions.family as number | undefined }, (error, addresses) => done(error, addresses ?? []));
  };
}
