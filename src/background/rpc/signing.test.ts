/** Typed data's params are checked to encode by the worker's later script: the checks still come before the user is asked. */
import { describe, expect, it, vi } from 'vitest';
import { loadLater } from '../loadLater';
import { connectedSite } from './connectedSite.fixture';
import { runRequest } from './pipeline';
import { DEFERRED } from './types';
import { Wallet } from 'ethers';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { packUints, type RpcUserOperation } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';
import { typedDataDigest, typedDataStructHash } from '../../shared/typedData/digest';
import type { TypedMessage } from '../../shared/typedData/types';
import { DELEGATE_CODE } from '../batches/delegates';
import { ROOT_AUTHORITY, delegationTypedData } from '../executionPermissions/delegation';
import { frameworkOn } from '../executionPermissions/framework';
import type { Danger } from '../../shared/dangers';
import { inEnglish } from '../../shared/dangers.fixture';
import { hasInvisible } from '../../shared/displayText';
import { RpcError } from '../../shared/errors';

vi.mock('../loadLater', async (original) => {
  const actual = await original<typeof import('../loadLater')>();
  return { ...actual, loadLater: vi.fn(actual.loadLater) };
});

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const GREETING = [{ type: 'string', name: 'greeting', value: 'Hi' }];

async function setup() {
  const { services, asked } = await connectedSite(SITE, ACCOUNT, {
    networks: { selected: async () => ({ chainId: '0x7a69' }) },
    reviewTypedData: async () => ({ dangers: [] }),
  });
  let id = 0;
  const request = (method: string) => (params: unknown) =>
    runRequest({ method, params }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: String(id++) }, services });
  return { send: request('eth_signTypedData'), sendV4: request('eth_signTypedData_v4'), asked };
}

describe('typed data checked by the later script', () => {
  it('that does not encode is -32602, and nobody is asked', async () => {
    const { send, asked } = await setup();
    expect(await send([[{ type: 'uint8', name: 'count', value: 'many' }], ACCOUNT])).toEqual({ error: { code: -32602, message: expect.stringContaining('typed data does not encode') } });
    expect(asked).toEqual([]);
  });

  it('whose check did not load is an error naming the script, nobody asked; the next request loads it and is asked', async () => {
    const { send, asked } = await setup();
    vi.mocked(loadLater).mockRejectedValueOnce(new Error('background-later.js failed to load'));
    expect(await send([GREETING, ACCOUNT])).toEqual({ error: { code: -32603, message: 'Internal error: background-later.js failed to load' } });
    expect(asked).toEqual([]);
    expect(await send([GREETING, ACCOUNT])).toBe(DEFERRED);
    expect(asked).toEqual(['signTypedData']);
  });
});

describe('typed data the wallet could not review', () => {
  /** The danger the approval is asked with when the review fails with `error`. */
  async function dangerWhenReviewFails(error: Error): Promise<Danger> {
    const shown: { clearSigning?: { dangers: Danger[] } }[] = [];
    const { services } = await connectedSite(SITE, ACCOUNT, {
      networks: { selected: async () => ({ chainId: '0x7a69' }) },
      reviewTypedData: async () => {
        throw error;
      },
      approvals: {
        earlier: async () => undefined,
        request: async (_type: string, _ctx: unknown, details: (typeof shown)[number]) => (shown.push(details), { id: 'queued' }),
        plans: { begin: () => ({ stillAsked: async () => undefined, end: async () => undefined }) },
      },
    });
    const typed = { types: { EIP712Domain: [{ name: 'name', type: 'string' }], Hello: [{ name: 'greeting', type: 'string' }] }, primaryType: 'Hello', domain: { name: 'Site' }, message: { greeting: 'Hi' } };
    const method = 'eth_signTypedData_v4';
    expect(await runRequest({ method, params: [ACCOUNT, JSON.stringify(typed)] }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, services })).toBe(DEFERRED);
    return shown[0].clearSigning!.dangers[0];
  }

  it('is asked as it is, saying why, in words the approval window says in the browser\'s language', async () => {
    const danger = await dangerWhenReviewFails(new Error('the node did not answer'));
    expect(danger).toMatchObject({ kind: 'notDescribed', message: 'The wallet could not review this message (the node did not answer): it is shown as it is.' });
    expect(inEnglish(danger)).toBe(danger.message);
  });

  // A node's error message is its own text: in a warning the wallet says, it is cleaned and bounded like any server's.
  it('names a node\'s reason without the characters that reorder or hide text, and bounded', async () => {
    const danger = await dangerWhenReviewFails(new RpcError(-32000, `\u202eevorppa\u202c \u200bsafe to sign. ${'x'.repeat(10_000)}`));
    expect(hasInvisible(JSON.stringify(danger.words))).toBe(false);
    expect(hasInvisible(danger.message)).toBe(false);
    expect(danger.message.length).toBeLessThan(500);
    expect(inEnglish(danger)).toBe(danger.message);
  });
});

/**
 * Typed data whose signature is the account's own authorization: a delegation the DelegationManager redeems (the
 * account's DeleGator runs any call it carries), or a userOp the account's delegate validates. A page that gets one
 * signed outside the grant screen or a batch's approval takes the account.
 */
describe("typed data that authorizes the account's own code", () => {
  const KEY = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  const ATTACKER = '0x000000000000000000000000000000000000dEaD' as Hex;
  const framework = frameworkOn(31337)!;
  const delegation = delegationTypedData({ delegate: ATTACKER, delegator: ACCOUNT, authority: ROOT_AUTHORITY, caveats: [], salt: '0x1' }, 31337, framework.delegationManager);
  const op = {
    sender: ACCOUNT, nonce: '0x0', callData: '0xe9ae5c53' as Hex, callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1',
    maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: '0x' as Hex,
  } as RpcUserOperation;
  const domainType = [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }];
  const opFields = [
    { name: 'sender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'initCode', type: 'bytes' }, { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' }, { name: 'preVerificationGas', type: 'uint256' }, { name: 'gasFees', type: 'bytes32' }, { name: 'paymasterAndData', type: 'bytes' },
  ];
  const packed = { sender: ACCOUNT, nonce: '0', initCode: '0x', callData: op.callData, accountGasLimits: packUints(1n, 1n), preVerificationGas: '1', gasFees: packUints(1n, 1n), paymasterAndData: '0x' };
  const entryPointOp: TypedMessage = {
    types: { EIP712Domain: domainType, PackedUserOperation: opFields }, primaryType: 'PackedUserOperation',
    domain: { name: 'ERC4337', version: '1', chainId: 31337, verifyingContract: ENTRY_POINT_V08 }, message: packed,
  };
  const deleGatorOp: TypedMessage = {
    types: { EIP712Domain: domainType, PackedUserOperation: [...opFields, { name: 'entryPoint', type: 'address' }] }, primaryType: 'PackedUserOperation',
    domain: { name: 'EIP7702StatelessDeleGator', version: '1', chainId: 31337, verifyingContract: ACCOUNT }, message: { ...packed, entryPoint: ENTRY_POINT_V08 },
  };

  it('is what the account\'s code checks: the delegation the grant screen signs, the userOps its batches sign', async () => {
    const typedSignature = (typed: TypedMessage) => KEY.signingKey.sign(typedDataDigest(typed, 'V4')).serialized;
    expect(typedDataStructHash(delegation)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(typedSignature(deleGatorOp)).toBe(DELEGATE_CODE.deleGator.signUserOperation(op, '0x7a69', KEY).signature);
    expect(typedSignature(entryPointOp)).toBe(DELEGATE_CODE.simple7702Account.signUserOperation(op, '0x7a69', KEY).signature);
  });

  it('is -32602 before any window: a delegation to the DelegationManager, a userOp to the EntryPoint or to the account itself', async () => {
    const { sendV4, asked } = await setup();
    for (const typed of [delegation, entryPointOp, deleGatorOp]) {
      expect(await sendV4([ACCOUNT, JSON.stringify(typed)])).toEqual({ error: { code: -32602, message: expect.stringMatching(/authorizes your account's own calls/) } });
    }
    expect(asked).toEqual([]);
  });

  it('is only that: the same delegation for another contract is asked as any typed data', async () => {
    const { sendV4, asked } = await setup();
    const elsewhere = { ...delegation, domain: { ...delegation.domain, verifyingContract: ATTACKER } };
    expect(await sendV4([ACCOUNT, JSON.stringify(elsewhere)])).toBe(DEFERRED);
    expect(asked).toEqual(['signTypedData']);
  });
});
