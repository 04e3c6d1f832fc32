import { lookup as dnsLookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { fieldError } from '../errors.js';
import { SPECIAL_PURPOSE_BLOCKS } from './special-purpose-blocks.js';

/**
 * Where a webhook may point (SSRF protection). A URL is refused when it is malformed, not http(s), holds
 * credentials, or names a host that is, or resolves to, an address that is not public: private,
 * link-local (cloud metadata services live at 169.254.169.254 and fd00:ec2::254), multicast, or any
 * other special-purpose range (addressProblem): at
 * creation, and again at every delivery, whose connection goes to the very address that was checked
 * (so a DNS answer that changes in between, DNS rebinding, cannot redirect it). Outside the local stack
 * only https is allowed, and no loopback; `npm start` and the tests allow http and loopback so that a
 * developer can receive on localhost (`allowLocal`).
 */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** The ports a webhook may use outside the local stack: HTTPS's own and its usual alternative. */
export const WEBHOOK_PORTS = ['443', '8443'] as const;

/** NAT64's well-known prefix (RFC 6052): the IPv4 address it carries is named in the refusal. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/** IANA's special-purpose blocks, the narrowest first: a refusal names the entry that claims the address. */
const BLOCKS = SPECIAL_PURPOSE_BLOCKS.map(([block, name]) => ({
  block,
  name,
  range: ipaddr.parseCIDR(block),
})).sort((a, b) => b.range[1] - a.range[1]);

/** What the local stack may deliver to (a developer's receiver on localhost). */
const LOOPBACK_BLOCKS = new Set(['127.0.0.0/8', '::1/128']);

/**
 * IPv4-compatible IPv6 addresses (`::a.b.c.d`, RFC 4291 deprecated them): refused whole, as a host or
 * a translator that still takes them would reach the IPv4 address inside. `::` and `::1` are IANA's
 * own entries, found first.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** The last 32 bits of an IPv6 address as the IPv4 address they spell. */
function lowIPv4(address: ipaddr.IPv6): string {
  const [high = 0, low = 0] = address.parts.slice(6);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The IPv4 address an IPv6 one carries, if any: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible
 * (`::a.b.c.d`), NAT64's well-known prefix, or an ISATAP interface id (`…:0:5efe:a.b.c.d`, or
 * `…:200:5efe:…`, RFC 5214) under any prefix. 6to4 and Teredo carry one too; their ranges are refused
 * whole.
 */
function carriedIPv4(address: ipaddr.IPv6): string | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  if (address.match(NAT64)) return lowIPv4(address);
  // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
  if (address.match(IPV4_COMPATIBLE) && address.parts[6] !== 0) return lowIPv4(address);
  const [, , , , isatapHigh, isatapLow] = address.parts;
  if ((isatapHigh === 0 || isatapHigh === 0x200) && isatapLow === 0x5efe) return lowIPv4(address);
  return undefined;
}

/**
 * Why an address may not receive webhooks, or undefined when it may. Every block of IANA's IPv4 and
 * IPv6 special-purpose address registries is refused whole, whatever the registry says of it (the
 * copies in lib/webhooks/iana/, tested entry by entry), and so is what ipaddr.js knows is not public
 * beyond them (multicast, the deprecated site-local range). Loopback is allowed on the local stack
 * alone. An IPv6 address carrying an IPv4 one (IPv4-mapped, IPv4-compatible, NAT64, ISATAP) is
 * refused when the IPv4 address would be, naming its own problem; IPv4-compatible ones always are.
 */
export function addressProblem(
  address: string,
  options: { allowLocal: boolean },
): string | undefined {
  if (isIP(address) === 0) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const inner = parsed.kind() === 'ipv6' ? carriedIPv4(parsed as ipaddr.IPv6) : undefined;
  if (inner !== undefined) {
    const problem = addressProblem(inner, options);
    if (problem !== undefined) return problem;
  }
  const entry = BLOCKS.find(
    ({ range }) => range[0].kind() === parsed.kind() && parsed.match(range),
  );
  if (entry && LOOPBACK_BLOCKS.has(entry.block))
    return options.allowLocal ? undefined : `${address} is a loopback address`;
  if (entry)
    return `${address} is a private, link-local or reserved address (${entry.block}: ${entry.name})`;
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE))
    return `${address} is a private, link-local or reserved address (::/96: IPv4-compatible, deprecated)`;
  const range = parsed.range();
  if (range !== 'unicast')
    return `${address} is a private, link-local or reserved address (${range})`;
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
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    throw fieldError('url', 'max_length', `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fieldError('url', 'absolute_url', 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw fieldError('url', 'absolute_url', 'must be an absolute http(s) URL');
  if (url.protocol === 'http:' && !options.allowLocal)
    throw fieldError('url', 'https', 'must use https');
  if (url.username || url.password)
    throw fieldError('url', 'no_credentials', 'must not contain credentials');
  // `port` is '' for the scheme's default (443 for https).
  if (
    !options.allowLocal &&
    url.port !== '' &&
    !(WEBHOOK_PORTS as readonly string[]).includes(url.port)
  ) {
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
  if (addresses.length === 0)
    throw fieldError('url', 'resolvable', `the host ${host} could not be resolved`);
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
      if (unsafe)
        return callback(
          Object.assign(new UnsafeAddressError(`${hostname} resolves to ${unsafe}`), {
            code: 'EUNSAFE',
          }),
          '',
          0,
        );
      if (addresses.length === 0)
        return callback(
          Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }),
          '',
          0,
        );
      if (lookupOptions.all)
        return (
          callback as unknown as (e: null, all: { address: string; family: number }[]) => void
        )(null, addresses);
      const [first] = addresses as [{ address: string; family: number }];
      callback(null, first.address, first.family);
    };
    if (options.resolve) {
      options.resolve(hostname).then(
        (addresses) =>
          done(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          ),
        (error: Error) => done(error, []),
      );
      return;
    }
    dnsLookup(
      hostname,
      { all: true, verbatim: true, family: lookupOptions.family as number | undefined },
      (error, addresses) => done(error, addresses ?? []),
    );
  };
}
