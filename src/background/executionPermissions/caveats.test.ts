/**
 * The grant's caveats beside MetaMask's own: each type's caveats as @metamask/7715-permission-types builds them, and
 * the whole list decoded back by its decoders (what MetaMask's tools read a grant as) into the permission requested.
 */
import {
  createErc20TokenAllowanceCaveats, createErc20TokenPeriodicCaveats, createErc20TokenStreamCaveats, createNativeTokenAllowanceCaveats,
  createNativeTokenPeriodicCaveats, createNativeTokenStreamCaveats, makePermissionDecoderConfigs, type EnforcerAddressesByName,
} from '@metamask/7715-permission-types';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { parseExecutionPermissionRequests, type Permission, type PermissionRequest } from '../../shared/schemas/executionPermissions';
import { grantCaveats, permissionCaveats } from './caveats';
import { frameworkOn } from './framework';

const NOW = 1_800_000_000;
const TOKEN = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PAYEE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const framework = frameworkOn(1)!;
const { enforcers } = framework;
const contracts: EnforcerAddressesByName = {
  erc20StreamingEnforcer: enforcers.erc20Streaming, erc20PeriodTransferEnforcer: enforcers.erc20PeriodTransfer, nativeTokenStreamingEnforcer: enforcers.nativeTokenStreaming,
  nativeTokenPeriodTransferEnforcer: enforcers.nativeTokenPeriodTransfer, valueLteEnforcer: enforcers.valueLte, exactCalldataEnforcer: enforcers.exactCalldata,
  timestampEnforcer: enforcers.timestamp, nonceEnforcer: enforcers.nonce, allowedCalldataEnforcer: enforcers.allowedCalldata, allowedTargetsEnforcer: enforcers.allowedTargets,
  redeemerEnforcer: enforcers.redeemer, approvalRevocationEnforcer: '0x0000000000000000000000000000000000000001',
};

const request = (type: string, data: Record<string, unknown>, rules: unknown[] = []): PermissionRequest =>
  parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules, permission: { type, isAdjustmentAllowed: true, data } }], NOW)[0];

const EXAMPLES: PermissionRequest[] = [
  request('erc20-token-periodic', { tokenAddress: TOKEN, periodAmount: '0x8ac7230489e80000', periodDuration: 86_400 }),
  request('erc20-token-stream', { tokenAddress: TOKEN, amountPerSecond: '0x3e8', initialAmount: '0x5', maxAmount: '0xffff', startTime: NOW + 60 }),
  request('erc20-token-allowance', { tokenAddress: TOKEN, allowanceAmount: '0x64' }),
  request('native-token-periodic', { periodAmount: '0x2386f26fc10000', periodDuration: 604_800, startTime: NOW + 3600 }),
  request('native-token-stream', { amountPerSecond: '0x1' }),
  request('native-token-allowance', { allowanceAmount: '0xde0b6b3a7640000' }),
];

/** MetaMask's builder of the type's caveats. */
function theirs(permission: Permission) {
  switch (permission.type) {
    case 'erc20-token-periodic': return createErc20TokenPeriodicCaveats({ permission, contracts });
    case 'erc20-token-stream': return createErc20TokenStreamCaveats({ permission, contracts });
    case 'erc20-token-allowance': return createErc20TokenAllowanceCaveats({ permission, contracts });
    case 'native-token-periodic': return createNativeTokenPeriodicCaveats({ permission, contracts });
    case 'native-token-stream': return createNativeTokenStreamCaveats({ permission, contracts });
    case 'native-token-allowance': return createNativeTokenAllowanceCaveats({ permission, contracts });
  }
}

/** Data compared by value: the decoders give amounts as they are packed (padded) and addresses in lower case. */
const values = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, typeof value === 'string' && value.startsWith('0x') ? (value.length === 42 ? value.toLowerCase() : BigInt(value)) : value]));

/** The grant as MetaMask's decoders read it back from its caveats. */
function decoded(caveats: { enforcer: Hex; terms: Hex; args: Hex }[], type: string) {
  const config = makePermissionDecoderConfigs(contracts).find((c) => c.permissionType === type)!;
  const required = new Map(Object.entries(config.requiredEnforcers) as [Hex, number][]);
  for (const [enforcer, count] of required) expect(caveats.filter((c) => c.enforcer === enforcer)).toHaveLength(count);
  const known = new Set([...required.keys(), ...config.optionalEnforcers]);
  expect(caveats.every((c) => known.has(c.enforcer))).toBe(true);
  return {
    data: config.validateAndDecodeData(caveats, contracts),
    rules: config.rules.map((decode) => decode({ contractAddresses: contracts, caveats, requiredEnforcers: required })).filter(Boolean),
  };
}

describe('caveats', () => {
  it.each(EXAMPLES.map((example) => [example.permission.type, example] as const))('builds %s’s caveats as MetaMask’s types build them', (_, { permission }) => {
    // The same bytes: their terms keep the token address's checksum case.
    expect(permissionCaveats(permission, framework)).toEqual(theirs(permission).map((c) => ({ ...c, terms: (c.terms as string).toLowerCase() })));
  });

  it.each(EXAMPLES.map((example) => [example.permission.type, example] as const))('makes a %s grant MetaMask’s decoders read back as requested', (type, { permission }) => {
    const { justification: _, ...data } = permission.data;
    void _;
    expect(values(decoded(grantCaveats({ permission, rules: [] }, framework, 0n), type).data)).toEqual(values(data));
  });

  it('adds the nonce and one caveat per rule, which the decoders read back as the rules requested', () => {
    const expiry = { type: 'expiry', data: { timestamp: NOW + 86_400 } };
    const redeemer = { type: 'redeemer', data: { addresses: [SESSION] } };
    const payee = { type: 'payee', data: { addresses: [PAYEE] } };
    for (const type of ['erc20-token-periodic', 'native-token-periodic']) {
      const data = type.startsWith('erc20') ? { tokenAddress: TOKEN, periodAmount: '0x1', periodDuration: 60 } : { periodAmount: '0x1', periodDuration: 60 };
      const granted = request(type, data, [expiry, redeemer, payee]);
      const caveats = grantCaveats(granted, framework, 7n);
      expect(caveats.find((c) => c.enforcer === enforcers.nonce)?.terms).toBe(`0x${'7'.padStart(64, '0')}`);
      expect(decoded(caveats, type).rules).toEqual([expiry, redeemer, payee]);
    }
  });
});
