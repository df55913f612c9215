/**
 * The wallet's own descriptors speak first where they bind (bind.ts `rank`), but only where: a registry descriptor
 * for the same contract on a chain the wallet's deployments leave out would word it instead, without the wallet's
 * dangers (an unlimited Permit2 allowance, a spender without code). So the wallet's descriptor bound to a contract
 * must name every chain where the registry words that contract's functions or messages.
 */
import { describe, expect, it } from 'vitest';
import { functionOf } from '../../src/shared/erc7730/bind';
import { parseDescriptor } from '../../src/shared/erc7730/parse';
import { descriptors as wallets } from '../../src/shared/erc7730/samples.fixture';
import type { Descriptor } from '../../src/shared/erc7730/types';
import { generateRegistry } from './generate';
import { VENDORED } from './vendor';

/** A format key as what it binds: a function's selector, or a message's primary type. */
const bindsAs = (key: string): string => (/^0x[0-9a-fA-F]{8}$/.test(key) ? key.toLowerCase() : functionOf(key)?.selector ?? key.slice(0, key.indexOf('(')));
const places = (d: Descriptor) => (d.context.eip712 ?? d.context.contract)?.deployments ?? [];
const kind = (d: Descriptor) => (d.context.eip712 ? 'eip712' : 'contract');

describe('the registry beside the wallet\'s own descriptors', () => {
  it('words no function or message of a contract the wallet describes, on a chain the wallet leaves out', () => {
    const registry = [...generateRegistry(VENDORED).shards.values()].flatMap((shard) => Object.entries(shard).map(([file, { descriptor }]) => parseDescriptor(descriptor, file)));
    const takeovers: string[] = [];
    for (const wallet of wallets.filter((d) => places(d).length > 0)) {
      const addresses = new Set(places(wallet).map((p) => p.address.toLowerCase()));
      const chains = new Set(places(wallet).map((p) => `${p.chainId}:${p.address.toLowerCase()}`));
      const keys = new Set(Object.keys(wallet.display.formats).map(bindsAs));
      for (const other of registry.filter((d) => kind(d) === kind(wallet))) {
        const shared = Object.keys(other.display.formats).map(bindsAs).filter((k) => keys.has(k));
        for (const { chainId, address } of places(other)) {
          if (shared.length > 0 && addresses.has(address.toLowerCase()) && !chains.has(`${chainId}:${address.toLowerCase()}`)) takeovers.push(`${other.source} on chain ${chainId} (${shared.join(', ')}): not in ${wallet.source}`);
        }
      }
    }
    expect(takeovers).toEqual([]);
  });
});
