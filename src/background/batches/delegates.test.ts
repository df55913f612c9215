import { AbiCoder, Interface, recoverAddress } from 'ethers';
import { kitDeleGatorSignature } from './kitSignature.fixture';
import { describe, expect, it } from 'vitest';
import { userOperationHash, type RpcUserOperation } from '../../shared/erc4337';
import { deriveWallet } from '../accounts/keys';
import { DELEGATE_CODE, delegateOfBatch } from './delegates';

const wallet = deriveWallet('test test test test test test test test test test test junk', 3);
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const PLAIN = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const transfer = new Interface(['function transfer(address to, uint256 amount)']).encodeFunctionData('transfer', [PLAIN, 7n]) as `0x${string}`;
const calls = [{ to: TOKEN, value: '0x0', data: transfer, suffix: '0xdd8021' }, { to: PLAIN, value: '0x5', data: '0x' }] as const;

const op: RpcUserOperation = {
  sender: wallet.address as `0x${string}`,
  nonce: '0x3',
  callData: '0xe9ae5c53',
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x30d40',
  preVerificationGas: '0xc350',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
  paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762',
  paymasterVerificationGasLimit: '0xc350',
  paymasterPostOpGasLimit: '0x1',
  paymasterData: '0x0000000000000000000000001234',
  signature: '0x',
};

describe('Simple7702Account', () => {
  const simple = DELEGATE_CODE.simple7702Account;

  it('runs a batch as executeBatch((address,uint256,bytes)[]), each call with the attribution it carries', async () => {
    const [decoded] = new Interface(['function executeBatch((address,uint256,bytes)[])']).decodeFunctionData('executeBatch', await simple.encodeBatch([...calls]));
    expect(decoded.map((c: unknown[]) => [...c])).toEqual([[TOKEN, 0n, `${transfer}dd8021`], [PLAIN, 5n, '0x']]);
  });

  it('takes the account key’s raw signature of the EntryPoint’s userOp hash', () => {
    const signed = simple.signUserOperation(op, '0x7a69', wallet);
    expect(recoverAddress(userOperationHash(signed, '0x7a69'), signed.signature)).toBe(wallet.address);
  });
});

describe('the DeleGator', () => {
  const deleGator = DELEGATE_CODE.deleGator;

  it('runs a batch through ERC-7821 execute in batch mode (callType 0x01, execType 0x00), the calls abi-encoded as Execution[]', async () => {
    const [mode, executionCalldata] = new Interface(['function execute(bytes32 mode, bytes executionCalldata)']).decodeFunctionData('execute', await deleGator.encodeBatch([...calls]));
    expect(mode).toBe(`0x01${'00'.repeat(31)}`);
    const [executions] = AbiCoder.defaultAbiCoder().decode(['(address,uint256,bytes)[]'], executionCalldata);
    expect(executions.map((c: unknown[]) => [...c])).toEqual([[TOKEN, 0n, `${transfer}dd8021`], [PLAIN, 5n, '0x']]);
  });

  it('signs a userOp as @metamask/smart-accounts-kit does (EIP-712 over the packed userOp and the EntryPoint v0.8)', async () => {
    const expected = await kitDeleGatorSignature(op, wallet.privateKey, 31337);
    expect(deleGator.signUserOperation(op, '0x7a69', wallet).signature).toBe(expected);
    const unsponsored = { ...op, paymaster: undefined, paymasterVerificationGasLimit: undefined, paymasterPostOpGasLimit: undefined, paymasterData: undefined };
    expect(deleGator.signUserOperation(unsponsored, '0x7a69', wallet).signature).not.toBe(expected);
  });

  it('refuses to sign a userOp that would also upgrade the account (an upgrade delegates to Simple7702Account)', () => {
    expect(() => deleGator.signUserOperation({ ...op, factory: '0x7702', factoryData: '0x' }, '0x7a69', wallet)).toThrow(/upgrade/);
  });
});

describe('delegateOfBatch', () => {
  it('is the record’s delegate, and Simple7702Account for an upgrade or a record from before delegates were kept', () => {
    expect(delegateOfBatch({ delegate: 'deleGator', upgrade: false })).toBe(DELEGATE_CODE.deleGator);
    expect(delegateOfBatch({ upgrade: false })).toBe(DELEGATE_CODE.simple7702Account);
  });
});
