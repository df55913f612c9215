import http from 'node:http';
import https from 'node:https';
import { Transaction } from 'ethers';
import { afterEach, expect, it, vi } from 'vitest';
import { LedgerEth } from './eth';
import { PATH_LIVE_0, TypedDataApp, command, deviceKey, replay, signatureAnswer } from './ledger.fixture';

const KEY_0 = deviceKey("44'/60'/0'/0/0");

afterEach(() => vi.restoreAllMocks());

it('never asks Ledger\'s servers anything about what the user signs (hw-app-eth\'s look-ups are off)', async () => {
  const calls = [vi.spyOn(http, 'request'), vi.spyOn(https, 'request'), vi.spyOn(globalThis, 'fetch')];
  const permit = {
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
    primaryType: 'Permit',
    message: { owner: KEY_0.address, spender: KEY_0.address, value: 1n, nonce: 0n, deadline: 1n },
  };
  const app = new TypedDataApp(KEY_0);
  const signed = await new LedgerEth(app).signTypedData({ address: KEY_0.address as `0x${string}`, path: "44'/60'/0'/0/0" }, permit);
  // An ERC-20 transfer: hw-app-eth, given no resolution and its defaults, asks cdn.live.ledger.com about the token twice.
  const transfer = Transaction.from({ type: 2, chainId: 1, nonce: 0, maxPriorityFeePerGas: 1n, maxFeePerGas: 2n, gasLimit: 60000n, to: permit.domain.verifyingContract, data: `0xa9059cbb${KEY_0.address.slice(2).padStart(64, '0')}${'1'.padStart(64, '0')}` });
  const signature = KEY_0.signingKey.sign(transfer.unsignedHash);
  const sent = await new LedgerEth(await replay([[command(0x04, 0x00, 0x00, `${PATH_LIVE_0}${transfer.unsignedSerialized.slice(2)}`), signatureAnswer(signature, signature.yParity)]]))
    .signTransaction({ address: KEY_0.address as `0x${string}`, path: "44'/60'/0'/0/0" }, transfer);
  expect([signed.ok, sent.ok]).toEqual([true, true]);
  expect(calls.map((call) => call.mock.calls.length)).toEqual([0, 0, 0]);
});
