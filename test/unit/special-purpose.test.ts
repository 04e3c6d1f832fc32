import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { SPECIAL_PURPOSE_BLOCKS } from '../../lib/webhooks/special-purpose-blocks.js';
import { addressProblem } from '../../lib/webhooks/url-safety.js';
import {
  REGISTRY_FILES,
  registryBlocks,
  specialPurposeBlocks,
} from '../../scripts/local/special-purpose.js';
import { readFileSync } from 'node:fs';

/**
 * IANA's special-purpose address registries are the source of truth for where a webhook may not point:
 * every block of the copies in lib/webhooks/iana/ is refused, at its first, a middle and its last
 * address. A block IANA adds is a line added to a copy, and this test fails until the check refuses it.
 */
const blocks = specialPurposeBlocks();

/** The first, a middle and the last address of a CIDR block. */
function probes(block: string): string[] {
  const [base, prefix] = ipaddr.parseCIDR(block);
  const bytes = base.toByteArray();
  const bits = bytes.length * 8;
  const value = bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
  const size = 1n << BigInt(bits - prefix);
  const first = (value >> BigInt(bits - prefix)) << BigInt(bits - prefix);
  return [first, first + size / 2n, first + size - 1n].map((address) => {
    const out: number[] = [];
    for (let i = bytes.length - 1; i >= 0; i--)
      out[i] = Number((address >> BigInt(8 * (bytes.length - 1 - i))) & 255n);
    return ipaddr.fromByteArray(out).toString();
  });
}

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

describe('IANA’s special-purpose address registries', () => {
  it('are read whole from the copies: every entry, footnote marks and two-block cells included', () => {
    const [v4, v6] = REGISTRY_FILES.map((file) => registryBlocks(readFileSync(file, 'utf8')));
    expect(v4!.length).toBeGreaterThanOrEqual(25);
    expect(v6!.length).toBeGreaterThanOrEqual(25);
    expect(blocks).toContainEqual({ block: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix' });
    expect(blocks).toContainEqual({ block: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery' });
    expect(blocks).toContainEqual({ block: '192.0.0.0/24', name: 'IETF Protocol Assignments' });
    for (const { block } of blocks) expect(() => ipaddr.parseCIDR(block), block).not.toThrow();
  });

  it('parses a registry CSV as IANA writes it', () => {
    const csv = [
      'Address Block,Name,RFC,Allocation Date,Termination Date,Source,Destination,Forwardable,Globally Reachable,Reserved-by-Protocol',
      '2002::/16 [3],6to4,[RFC3056],2001-02,N/A,True,True,True,N/A [3],False',
      '"192.0.0.170/32, 192.0.0.171/32",NAT64/DNS64 Discovery,"[RFC8880][RFC7050], Section 2.2",2013-02,N/A,False,False,False,False,True',
      '255.255.255.255/32,Limited Broadcast,"[RFC8190]',
      '        [RFC919], Section 7",1984-10,N/A,False,True,False,False,True',
      '192.88.99.0/24,Deprecated (6to4 Relay Anycast),[RFC7526],2001-06,2015-03,,,,,',
      '',
    ].join('\n');

    expect(registryBlocks(csv).map(({ block }) => block)).toEqual([
      '2002::/16',
      '192.0.0.170/32',
      '192.0.0.171/32',
      '255.255.255.255/32',
      '192.88.99.0/24',
    ]);
  });

  it('are what the check holds (run `npm run special-purpose-blocks` after changing a copy)', () => {
    expect(SPECIAL_PURPOSE_BLOCKS.map(([block, name]) => ({ block, name }))).toEqual(blocks);
  });

  it.each(blocks.map(({ block, name }) => [block, name]))(
    'refuses %s (%s) for webhooks, at its first, a middle and its last address',
    (block) => {
      for (const address of probes(block)) {
        expect(addressProblem(address, { allowLocal: false }), address).toBeDefined();
        // The local stack delivers to loopback, and only there.
        if (!LOOPBACK.includes(block))
          expect(addressProblem(address, { allowLocal: true }), address).toBeDefined();
      }
    },
  );
});
