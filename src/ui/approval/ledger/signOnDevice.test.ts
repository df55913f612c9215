/**
 * An upgrade on the device: the authorization first, then the type-4 transaction carrying it; a refusal of either ends
 * it. A sponsored batch's userOp: the authorization first when it upgrades, then the userOp as typed data.
 */
import { Signature, Transaction, Wallet, concat } from 'ethers';
import { describe, expect, it } from 'vitest';
import { LEDGER_7702_ACCOUNT } from '../../../shared/contracts';
import type { DeviceRequest } from '../../../shared/deviceSigning';
import type { Hex } from '../../../shared/params';
import { userOperationTypedData } from '../../../shared/userOperationTypedData';
import { ledgerError } from '../../ledger/errors';
import type { LedgerEth } from '../../ledger/eth';
import { signOnDevice, type Connect } from './signOnDevice';

const KEY = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const unsigned = Transaction.from({ type: 4, chainId: 31337n, nonce: 2, to: KEY.address, data: '0x34fcd5be', gasLimit: 100_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, authorizationList: [] }).unsignedSerialized as Hex;
const request: DeviceRequest = {
  approvalId: 'a1', account: KEY.address as Hex, path: "44'/60'/0'/0/0",
  payload: { kind: 'upgrade', unsigned, authorization: { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' } },
};

/** The device played by KEY; `asked` records what it was asked, in order. */
function device(asked: string[], authorization: 'signs' | 'notAllowed' = 'signs'): Connect {
  const eth = {
    ethereumApp: async () => ({ ok: true, value: { name: 'Ethereum', version: '1.22.0' } }),
    async signAuthorization(_account: unknown, auth: { address: Hex; chainId: bigint; nonce: bigint }) {
      asked.push(`authorization ${auth.address} ${auth.chainId} ${auth.nonce}`);
      if (authorization === 'notAllowed') return { ok: false, error: ledgerError('notAllowed', 0x6980) };
      const signed = await KEY.authorize(auth);
      return { ok: true, value: { yParity: signed.signature.yParity, r: signed.signature.r, s: signed.signature.s } };
    },
    async signTypedData(_account: unknown, data: { domain: Record<string, unknown>; types: Record<string, { name: string; type: string }[]>; message: Record<string, unknown> }) {
      asked.push(`typed data ${Object.keys(data.types).join(', ')}`);
      const { EIP712Domain: _domain, ...types } = data.types;
      return { ok: true, value: { signature: await KEY.signTypedData(data.domain, types, data.message) } };
    },
    async signTransaction(_account: unknown, tx: Transaction) {
      asked.push(`transaction type ${tx.type} with ${tx.authorizationList?.length} authorization`);
      const signed = await KEY.signTransaction(tx);
      return { ok: true, value: { signed, signature: '0x' } };
    },
  } as unknown as LedgerEth;
  return async () => ({ ok: true, value: eth });
}

describe('signOnDevice, an upgrade', () => {
  it('signs the authorization asked for, then the transaction with it as its only authorization', async () => {
    const asked: string[] = [];
    const result = await signOnDevice(request, 'known', device(asked), () => undefined);
    expect(asked).toEqual([`authorization ${LEDGER_7702_ACCOUNT} 31337 3`, 'transaction type 4 with 1 authorization']);
    if (!result.ok) throw new Error(result.error.words);
    const tx = Transaction.from(result.value as Hex);
    expect({ from: tx.from, delegate: tx.authorizationList?.[0].address, nonce: tx.authorizationList?.[0].nonce }).toEqual({ from: KEY.address, delegate: LEDGER_7702_ACCOUNT, nonce: 3n });
  });

  it('stops at an authorization the app does not allow (Smart account upgrade off, an old app), with its words', async () => {
    const asked: string[] = [];
    const result = await signOnDevice(request, 'known', device(asked, 'notAllowed'), () => undefined);
    expect(asked).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { code: 'notAllowed', words: expect.stringContaining('Smart account upgrade') } });
  });

  it('falls back where the worker gives a sequential payload: one transaction per call, each signed on the device in turn', async () => {
    const asked: string[] = [];
    const plain = (nonce: number, to: Hex) => Transaction.from({ type: 2, chainId: 31337n, nonce, to, value: 1n, gasLimit: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }).unsignedSerialized as Hex;
    const sequential: DeviceRequest = { ...request, payload: { kind: 'transactions', unsigned: [plain(2, `0x${'11'.repeat(20)}`), plain(3, `0x${'22'.repeat(20)}`)] } };
    const result = await signOnDevice(request, 'known', device(asked, 'notAllowed'), () => undefined, async () => sequential);
    expect(asked).toEqual([`authorization ${LEDGER_7702_ACCOUNT} 31337 3`, 'transaction type 2 with undefined authorization', 'transaction type 2 with undefined authorization']);
    if (!result.ok || !Array.isArray(result.value)) throw new Error('two signed transactions expected');
    expect(result.value.map((raw) => { const tx = Transaction.from(raw); return [tx.from, tx.nonce]; })).toEqual([[KEY.address, 2], [KEY.address, 3]]);
  });

  it('keeps the device\'s words where the batch must run atomically (the worker gives nothing instead)', async () => {
    const asked: string[] = [];
    const result = await signOnDevice(request, 'known', device(asked, 'notAllowed'), () => undefined, async () => null);
    expect(asked).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { code: 'notAllowed' } });
  });
});

describe('signOnDevice, a sponsored batch’s userOp', () => {
  const op = { sender: KEY.address as Hex, nonce: '0x0', callData: '0x34fcd5be' as Hex, callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1', signature: '0x' as Hex } as const;
  const typedData = userOperationTypedData(op, '0x7a69');
  const payload = { kind: 'userOperation', operation: op, typedData, userOpHash: '0x' as Hex, sponsor: { paymaster: LEDGER_7702_ACCOUNT }, fromBlock: 1 } as const;

  it('signs the authorization, then the userOp as typed data: both signatures, the authorization’s first', async () => {
    const asked: string[] = [];
    const authorization = { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' } as const;
    const result = await signOnDevice({ ...request, payload: { ...payload, authorization } }, 'known', device(asked), () => undefined);
    expect(asked).toEqual([`authorization ${LEDGER_7702_ACCOUNT} 31337 3`, 'typed data EIP712Domain, PackedUserOperation']);
    const { EIP712Domain: _domain, ...types } = typedData.types;
    const signedAuthorization = await KEY.authorize({ address: LEDGER_7702_ACCOUNT, chainId: 31337n, nonce: 3n });
    expect(result).toEqual({ ok: true, value: concat([Signature.from(signedAuthorization.signature).serialized, await KEY.signTypedData(typedData.domain, types, typedData.message)]) });
  });

  it('signs only the userOp for an account already delegated', async () => {
    const asked: string[] = [];
    const result = await signOnDevice({ ...request, payload }, 'known', device(asked), () => undefined);
    expect(asked).toEqual(['typed data EIP712Domain, PackedUserOperation']);
    expect(result.ok && result.value.length).toBe(132);
  });

  it('signs no userOp when the app does not allow the authorization', async () => {
    const asked: string[] = [];
    const authorization = { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' } as const;
    const result = await signOnDevice({ ...request, payload: { ...payload, authorization } }, 'known', device(asked, 'notAllowed'), () => undefined);
    expect(asked).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { code: 'notAllowed' } });
  });
});
