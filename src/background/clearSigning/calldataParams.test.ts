/**
 * ERC-7730's calldata format says where the call it shows is made: `selector` / `selectorPath` when the selector is not
 * the data's first 4 bytes, `chainId` / `chainIdPath` when the call runs on another chain. A call is read as it will run
 * (its selector before its arguments), and a call on another chain is not read with this chain's descriptors, tokens
 * and names: it shows as its bytes.
 */
import { Interface, MaxUint256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import { parseDescriptor } from '../../shared/erc7730/parse';
import { USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { reviewCalls } from './calls';
import { EOA, abi, deps } from './calls.fixture';
import { MAINNET } from './chain.fixture';

const RELAY = '0x5555555555555555555555555555555555555555';
const relay = new Interface(['function relay(address target, bytes4 selector, bytes args, uint256 chainId)']);
const KEY = 'relay(address target,bytes4 selector,bytes args,uint256 chainId)';

/** A user's file for RELAY on Ethereum whose one field is the call it makes, with `params` saying where. */
const relayFile = (params: Record<string, unknown>) => ({
  ...parseDescriptor({
    context: { contract: { deployments: [{ chainId: 1, address: RELAY }] } },
    metadata: { owner: 'Relay' },
    display: { formats: { [KEY]: { intent: 'Relay a call', fields: [{ path: 'args', label: 'Call', format: 'calldata', params: { calleePath: 'target', ...params } }, { path: 'chainId', label: 'Chain' }, { path: 'selector', label: 'Selector' }] } } },
  }, 'relay.json'),
  userFile: true as const,
});

const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
const args = `0x${approve.slice(10)}`;
const review = async (params: Record<string, unknown>, chainId = 1n) => {
  const data = relay.encodeFunctionData('relay', [USDC, approve.slice(0, 10), args, chainId]) as Hex;
  const [call] = await reviewCalls({ ...deps, descriptors: async () => [...descriptors, relayFile(params)] }, [{ to: RELAY as Hex, value: '0x0', data }], EOA as Hex, MAINNET);
  return call.review;
};

describe('a call a descriptor shows as calldata', () => {
  it('with its selector apart (selectorPath) is read as the selector then its arguments: the approve it runs, with its dangers', async () => {
    const read = await review({ selectorPath: 'selector' });
    expect(read?.inner?.map((i) => i.clear.intent)).toEqual(['Approve: allow spending of your tokens']);
    expect(read?.dangers.map((d) => d.kind)).toContain('unlimited');
  });

  it('on another chain (chainIdPath) is not read with this chain’s descriptors and tokens: it shows as its bytes', async () => {
    const elsewhere = await review({ selectorPath: 'selector', chainIdPath: 'chainId' }, 10n);
    expect(elsewhere?.inner).toBeUndefined();
    const here = await review({ selectorPath: 'selector', chainIdPath: 'chainId' }, 1n);
    expect(here?.inner?.map((i) => i.clear.intent)).toEqual(['Approve: allow spending of your tokens']);
  });
});
