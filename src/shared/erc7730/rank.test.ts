/** Which descriptor speaks when several bind: the wallet's own, then the registry's, then the user's files. */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bindCall, bindMessage } from './bind';
import { parseDescriptor } from './parse';
import { SIGNER, USDC, descriptors, usdcPermit } from './samples.fixture';
import type { Descriptor } from './types';

const approve = (intent: string, deployments?: { chainId: number; address: string }[]) => ({
  context: { contract: deployments ? { deployments } : {} },
  display: { formats: { 'approve(address spender,uint256 amount)': { intent, fields: [] } } },
});
const permit = (intent: string) => ({
  context: { eip712: { deployments: [{ chainId: 1, address: USDC }] } },
  display: { formats: { 'Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)': { intent, fields: [] } } },
});
const fromRegistry = (json: unknown): Descriptor => ({ ...parseDescriptor(json, 'registry/acme/x.json'), registry: true });
const fromUser = (json: unknown): Descriptor => ({ ...parseDescriptor(json, 'your file x.json'), userFile: true });

const call = { chainId: 1n, to: USDC as `0x${string}`, data: new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [SIGNER, 1n]) as `0x${string}` };
const atUsdc = [{ chainId: 1, address: USDC }];

describe('ranking', () => {
  it('the wallet\'s own descriptor, even a generic one, before a registry descriptor bound to the token', () => {
    expect(bindCall([fromRegistry(approve('Registry approve', atUsdc)), ...descriptors], call)?.descriptor.source).toBe('calldata-erc20.json');
    expect(bindMessage([fromRegistry(permit('Registry permit')), ...descriptors], usdcPermit)?.descriptor.source).toBe('eip712-erc2612-permit.json');
  });

  it('a registry descriptor before a file of the user\'s, where the wallet has none', () => {
    const mine = fromUser(approve('My approve', atUsdc));
    expect(bindCall([mine, fromRegistry(approve('Registry approve', atUsdc))], call)?.format.intent).toBe('Registry approve');
    expect(bindMessage([fromUser(permit('My permit')), fromRegistry(permit('Registry permit'))], usdcPermit)?.format.intent).toBe('Registry permit');
  });
});
