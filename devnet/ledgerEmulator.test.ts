/**
 * The devnet's Ledger emulator driven by the wallet's own `LedgerEth` over the devnet build's HTTP transport: every
 * signature it gives recovers to the devnet phrase's account at the path asked for.
 */
import { HDNodeWallet, Signature, Transaction, TypedDataEncoder, Wallet, keccak256, recoverAddress, toUtf8Bytes, verifyAuthorization, verifyMessage } from 'ethers';
import { describe, expect, it } from 'vitest';
import { userOperationHash } from '../src/shared/erc4337';
import { ledgerPath } from '../src/ui/ledger/paths';
import type { LedgerAccount } from '../src/ui/ledger/types';
import { userOperationTypedData } from '../src/shared/userOperationTypedData';
import { CHAIN_ID, DEVNET_MNEMONIC, TEST_PERMIT_TOKEN_ADDRESS } from './constants';
import { emulatorForTests } from './ledgerEmulator.fixture';
import { LEDGER_7702_ACCOUNT } from '../src/shared/contracts';

const phrase = (path: string) => HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, `m/${path}`);
const ACCOUNT: LedgerAccount = { address: phrase(ledgerPath('ledgerLive', 1)).address as `0x${string}`, path: ledgerPath('ledgerLive', 1) };
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const device = emulatorForTests();

const signedBy = (signed: string) => Transaction.from(signed).from;
const fees = { chainId: CHAIN_ID, nonce: 3, gasLimit: 100_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000n };

describe('the Ledger emulator signs as the devnet phrase', () => {
  it('gives the phrase\'s addresses on the Ledger Live and the legacy paths', async () => {
    for (const kind of ['ledgerLive', 'legacy'] as const) {
      const accounts = await device.eth.accounts(kind, 0, 3);
      expect(accounts).toEqual({ ok: true, value: [0, 1, 2].map((i) => ({ address: phrase(ledgerPath(kind, i)).address, path: ledgerPath(kind, i) })) });
    }
    // Ledger Live's first account is anvil's funded account #0.
    expect(await device.eth.accounts('ledgerLive', 0, 1)).toMatchObject({ value: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] });
  });

  it('signs an EIP-1559 call, a legacy transfer and a type-4 upgrade, each from the account', async () => {
    const call = await device.eth.signTransaction(ACCOUNT, { ...fees, type: 2, to: RECIPIENT, value: 1n, data: '0xa9059cbb' + '00'.repeat(64) });
    // Long enough to go in several chunks, past a byte's v (chain id 31337).
    const legacy = await device.eth.signTransaction(ACCOUNT, { type: 0, chainId: CHAIN_ID, nonce: 1, gasLimit: 21_000n, gasPrice: 1_000_000_000n, to: RECIPIENT, value: 5n, data: `0x${'ab'.repeat(400)}` });
    const authority = new Wallet(phrase(ledgerPath('ledgerLive', 1)).privateKey);
    const authorization = authority.authorizeSync({ address: LEDGER_7702_ACCOUNT, chainId: BigInt(CHAIN_ID), nonce: 4n });
    const upgrade = await device.eth.signTransaction(ACCOUNT, { ...fees, type: 4, to: ACCOUNT.address, data: '0x', authorizationList: [authorization] });
    for (const result of [call, legacy, upgrade]) expect(result.ok && signedBy(result.value.signed)).toBe(ACCOUNT.address);
    expect(upgrade.ok && Transaction.from(upgrade.value.signed).authorizationList?.[0].address).toBe(LEDGER_7702_ACCOUNT);
  });

  it('signs a personal message', async () => {
    const signed = await device.eth.signPersonalMessage(ACCOUNT, '0x68656c6c6f');
    expect(signed.ok && verifyMessage('hello', signed.value.signature)).toBe(ACCOUNT.address);
  });

  it('signs typed data in full, a permit and an EntryPoint v0.8 userOp, hashing what the wallet sent itself', async () => {
    const permit = {
      domain: { name: 'Test Permit Token', version: '1', chainId: CHAIN_ID, verifyingContract: TEST_PERMIT_TOKEN_ADDRESS },
      types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
      primaryType: 'Permit',
      message: { owner: ACCOUNT.address, spender: RECIPIENT, value: 10n ** 18n, nonce: 0n, deadline: 2n ** 255n },
    };
    const signed = await device.eth.signTypedData(ACCOUNT, permit);
    expect(signed.ok && recoverAddress(TypedDataEncoder.hash(permit.domain, permit.types, permit.message), signed.value.signature)).toBe(ACCOUNT.address);

    const op = { sender: ACCOUNT.address, nonce: '0x1', callData: `0x${'12'.repeat(254)}`, callGasLimit: '0x10000', verificationGasLimit: '0x20000', preVerificationGas: '0x5000', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0xf4240', signature: '0x' } as const;
    const userOp = await device.eth.signTypedData(ACCOUNT, userOperationTypedData(op, `0x${CHAIN_ID.toString(16)}`));
    expect(userOp.ok && recoverAddress(userOperationHash(op, `0x${CHAIN_ID.toString(16)}`), userOp.value.signature)).toBe(ACCOUNT.address);
  });

  it('signs typed data by its hashes', async () => {
    const [domain, message] = [keccak256(toUtf8Bytes('domain')), keccak256(toUtf8Bytes('message'))] as `0x${string}`[];
    const signed = await device.eth.signTypedDataHashes(ACCOUNT, domain, message);
    expect(signed.ok && recoverAddress(keccak256(`0x1901${domain.slice(2)}${message.slice(2)}`), signed.value.signature)).toBe(ACCOUNT.address);
  });

  it('signs an authorization to the delegate the app lists, and a revocation, and refuses another delegate', async () => {
    for (const address of [LEDGER_7702_ACCOUNT, '0x0000000000000000000000000000000000000000'] as const) {
      const auth = { address, chainId: BigInt(CHAIN_ID), nonce: 7n };
      const signed = await device.eth.signAuthorization(ACCOUNT, auth);
      expect(signed.ok && verifyAuthorization(auth, Signature.from(signed.value))).toBe(ACCOUNT.address);
    }
    const other = await device.eth.signAuthorization(ACCOUNT, { address: '0xe6Cae83BdE06E4c305530e199D7217f42808555B', chainId: BigInt(CHAIN_ID), nonce: 7n });
    expect(other).toMatchObject({ ok: false, error: { code: 'notAllowed', statusWord: 0x6980 } });
  });

  it('lists what it signed', async () => {
    await device.eth.signPersonalMessage(ACCOUNT, '0x01');
    const state = (await (await fetch(`${device.url}/state`)).json()) as { signed: string[] };
    expect(state.signed.at(-1)).toBe('personalMessage');
  });
});
