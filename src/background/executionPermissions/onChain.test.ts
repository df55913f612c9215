/** The revoking call is built only for the framework's own DelegationManager, whatever a stored record names; a grant reads revoked as the chain says. */
import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { frameworkOn } from './framework';
import { grantOnChain, revokeCall } from './onChain';
import type { GrantRecord } from './store';

const ONE = '0x0000000000000000000000000000000000000001';
const { delegationManager } = frameworkOn(31337)!;
const record: GrantRecord = {
  id: `0x${'1'.repeat(64)}`, origin: 'https://a.example', chainId: '0x7a69', from: ONE, to: '0x0000000000000000000000000000000000000002',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xa', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager, context: '0x', grantedAt: 1,
  delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: ONE, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x' },
};

describe('revokeCall', () => {
  it('calls the DelegationManager of the grant’s chain', async () => {
    expect((await revokeCall(record)).to).toBe(delegationManager);
  });

  it('refuses a record (planted or altered in storage) that names another contract, or another delegator than its account', async () => {
    await expect(revokeCall({ ...record, delegationManager: '0x0000000000000000000000000000000000000bad' })).rejects.toMatchObject({ code: ErrorCode.invalidParams });
    await expect(revokeCall({ ...record, delegation: { ...record.delegation, delegator: '0x0000000000000000000000000000000000000bad' } })).rejects.toMatchObject({ code: ErrorCode.invalidParams });
  });
});

describe('grantOnChain', () => {
  const { enforcers } = frameworkOn(31337)!;
  const coder = AbiCoder.defaultAbiCoder();
  const nonceCaveat = (nonce: bigint) => ({ enforcer: enforcers.nonce, terms: coder.encode(['uint256'], [nonce]) as Hex, args: '0x' as Hex });
  const amount = { enforcer: enforcers.nativeTokenPeriodTransfer, terms: '0x' as Hex, args: '0x' as Hex };
  const withNonce = (nonce: bigint): GrantRecord => ({ ...record, delegation: { ...record.delegation, caveats: [amount, amount, nonceCaveat(nonce)] } });
  /** A node where nothing is disabled, nothing spent, and the account's nonce at the NonceEnforcer is `nonce`. */
  const node = (nonce: bigint) => (async (_method: string, [{ to }]: [{ to: string }]) =>
    to === delegationManager ? coder.encode(['bool'], [false])
      : to === enforcers.nonce ? coder.encode(['uint256'], [nonce])
        : coder.encode(['uint256', 'bool', 'uint256'], [10n, false, 1n])) as unknown as ChainNode;

  it('reads a grant revoked once its account raised its nonce past the one the grant carries (Revoke all)', async () => {
    expect(await grantOnChain(node(3n), withNonce(3n))).toMatchObject({ revoked: false });
    expect(await grantOnChain(node(4n), withNonce(3n))).toMatchObject({ revoked: true });
  });
});

describe('grantOnChain, as a node that lies answers it', () => {
  const abi = AbiCoder.defaultAbiCoder();
  const periodic: GrantRecord = {
    ...record, permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0xa', periodDuration: 86_400, startTime: 1, justification: '' } },
    delegation: { ...record.delegation, caveats: [{ enforcer: '0x0000000000000000000000000000000000000e00', terms: '0x', args: '0x' }] },
  };
  /** A node whose enforcer says `available` of the period's 10 is left, in period 1; the grant is not disabled. */
  const node = (available: bigint) => (async (_method: string, [call]: [{ to: string }]) =>
    call.to === delegationManager ? abi.encode(['bool'], [false]) : abi.encode(['uint256', 'bool', 'uint256'], [available, false, 1n])) as unknown as ChainNode;

  it('is what was spent this period: the amount less what is left', async () => {
    expect(await grantOnChain(node(4n), periodic)).toEqual({ revoked: false, spent: 6n });
  });

  it('is refused when more is left than the period holds: Permissions would show a negative amount spent', async () => {
    await expect(grantOnChain(node(11n), periodic)).rejects.toThrow(/cannot be/);
  });
});

describe('grantOnChain, as a node answering in another form', () => {
  const abi = AbiCoder.defaultAbiCoder();
  const periodic: GrantRecord = {
    ...record, permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0xa', periodDuration: 86_400, startTime: 1, justification: '' } },
    delegation: { ...record.delegation, caveats: [{ enforcer: '0x0000000000000000000000000000000000000e00', terms: '0x', args: '0x' }] },
  };
  const word = (n: bigint) => abi.encode(['uint256'], [n]).slice(2);
  /** A node answering the DelegationManager with `disabled` and the enforcer with `enforcer`, both as written. */
  const node = (disabled: string, enforcer: string) => (async (_method: string, [call]: [{ to: string }]) =>
    call.to === delegationManager ? disabled : enforcer) as unknown as ChainNode;
  const fine = abi.encode(['uint256', 'bool', 'uint256'], [4n, false, 1n]);

  it('reads disabledDelegations only as a bool: a word of 2, or a bool with bytes after it, is no answer', async () => {
    await expect(grantOnChain(node(`0x${word(2n)}`, fine), periodic)).rejects.toThrow(/encoding/);
    await expect(grantOnChain(node(`0x${word(1n)}${word(0n)}`, fine), periodic)).rejects.toThrow(/encoding/);
  });

  it('reads the enforcer only as its three words: an isNewPeriod of 2 or bytes after them is no answer', async () => {
    const falseWord = `0x${word(0n)}`;
    await expect(grantOnChain(node(falseWord, `0x${word(4n)}${word(2n)}${word(1n)}`), periodic)).rejects.toThrow(/encoding/);
    await expect(grantOnChain(node(falseWord, `${fine}${word(0n)}`), periodic)).rejects.toThrow(/encoding/);
    expect(await grantOnChain(node(falseWord, fine), periodic)).toEqual({ revoked: false, spent: 6n });
  });

  it('reads a stream’s state only as its five words', async () => {
    const stream: GrantRecord = { ...periodic, permission: { type: 'native-token-stream', isAdjustmentAllowed: false, data: { initialAmount: '0x0', maxAmount: '0xa', amountPerSecond: '0x1', startTime: 1, justification: '' } } };
    const five = abi.encode(['uint256', 'uint256', 'uint256', 'uint256', 'uint256'], [0n, 10n, 1n, 1n, 3n]);
    expect(await grantOnChain(node(`0x${word(0n)}`, five), stream)).toEqual({ revoked: false, spent: 3n });
    await expect(grantOnChain(node(`0x${word(0n)}`, `${five}${word(0n)}`), stream)).rejects.toThrow(/encoding/);
  });
});
