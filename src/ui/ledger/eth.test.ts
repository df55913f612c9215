import { Signature, Transaction, TypedDataEncoder, hashAuthorization, hashMessage, keccak256, recoverAddress, verifyMessage, verifyTypedData } from 'ethers';
import { describe, expect, it } from 'vitest';
import { packedUserOperationHash, packedDigest, type RpcUserOperation } from '../../shared/erc4337';
import { LedgerEth } from './eth';
import { PATH_LIVE_0, PATH_LIVE_1, TypedDataApp, addressAnswer, appAndVersion, command, deviceKey, replay, signatureAnswer, utf8Hex } from './ledger.fixture';
import type { LedgerAccount } from './types';
import { LEDGER_7702_ACCOUNT } from '../../shared/contracts';
import { userOperationTypedData } from '../../shared/userOperationTypedData';

const KEY_0 = deviceKey("44'/60'/0'/0/0");
const KEY_1 = deviceKey("44'/60'/1'/0/0");
const ACCOUNT: LedgerAccount = { address: KEY_0.address as `0x${string}`, path: "44'/60'/0'/0/0" };
const GET_APP = 'b001000000';
const hexLength = (hex: string) => (hex.length - 2) / 2;

describe('the Ethereum app over recorded exchanges', () => {
  it('lists Ledger Live accounts with their paths, each address its public key’s', async () => {
    const eth = new LedgerEth(await replay([
      [command(0x02, 0x00, 0x01, PATH_LIVE_0), addressAnswer(KEY_0)],
      [command(0x02, 0x00, 0x01, PATH_LIVE_1), addressAnswer(KEY_1)],
    ]));
    expect(await eth.accounts('ledgerLive', 0, 2)).toEqual({ ok: true, value: [
      { address: KEY_0.address, path: "44'/60'/0'/0/0" },
      { address: KEY_1.address, path: "44'/60'/1'/0/0" },
    ] });
  });

  it('lists legacy accounts at m/44\'/60\'/0\'/i', async () => {
    const key = deviceKey("44'/60'/0'/3");
    const eth = new LedgerEth(await replay([[command(0x02, 0x00, 0x01, '048000002c8000003c8000000000000003'), addressAnswer(key)]]));
    expect(await eth.accounts('legacy', 3, 1)).toEqual({ ok: true, value: [{ address: key.address, path: "44'/60'/0'/3" }] });
  });

  it('refuses an address that is not its public key’s', async () => {
    const eth = new LedgerEth(await replay([[command(0x02, 0x00, 0x01, PATH_LIVE_0), addressAnswer(KEY_0, KEY_1.address)]]));
    expect(await eth.accounts('ledgerLive', 0, 1)).toMatchObject({ ok: false, error: { code: 'wrongAddress' } });
  });

  it('signs personal_sign: the message with its length, and the signature recovers to the account', async () => {
    const message = utf8Hex('Sign in to Batch');
    const signature = KEY_0.signingKey.sign(hashMessage(Buffer.from('Sign in to Batch')));
    const eth = new LedgerEth(await replay([
      [command(0x08, 0x00, 0x00, `${PATH_LIVE_0}00000010${message.slice(2)}`), signatureAnswer(signature, signature.v)],
    ]));
    const signed = await eth.signPersonalMessage(ACCOUNT, message as `0x${string}`);
    expect(signed.ok && verifyMessage('Sign in to Batch', signed.value.signature)).toBe(KEY_0.address);
  });

  it('signs EIP-712 by its two hashes (the app\'s v0)', async () => {
    const domain = keccak256('0x01');
    const message = keccak256('0x02');
    const signature = KEY_0.signingKey.sign(keccak256(`0x1901${domain.slice(2)}${message.slice(2)}`));
    const eth = new LedgerEth(await replay([
      [command(0x0c, 0x00, 0x00, `${PATH_LIVE_0}${domain.slice(2)}${message.slice(2)}`), signatureAnswer(signature, signature.v)],
    ]));
    const signed = await eth.signTypedDataHashes(ACCOUNT, domain as `0x${string}`, message as `0x${string}`);
    expect(signed).toEqual({ ok: true, value: { signature: signature.serialized } });
  });

  it('signs an EIP-1559 transaction: the unsigned RLP after the path, and the signed one recovers to the account', async () => {
    const tx = Transaction.from({ type: 2, chainId: 31337, nonce: 4, maxPriorityFeePerGas: 1n, maxFeePerGas: 2_000_000_000n, gasLimit: 21000n, to: KEY_1.address, value: 10n ** 16n, data: '0x' });
    const signature = KEY_0.signingKey.sign(tx.unsignedHash);
    const eth = new LedgerEth(await replay([
      [command(0x04, 0x00, 0x00, `${PATH_LIVE_0}${tx.unsignedSerialized.slice(2)}`), signatureAnswer(signature, signature.yParity)],
    ]));
    const signed = await eth.signTransaction(ACCOUNT, tx);
    expect(signed.ok && Transaction.from(signed.value.signed).from).toBe(KEY_0.address);
  });

  it('signs a legacy EIP-155 transaction whose v does not fit the byte the app answers', async () => {
    const tx = Transaction.from({ type: 0, chainId: 31337, nonce: 0, gasPrice: 1_000_000_000n, gasLimit: 21000n, to: KEY_1.address, value: 1n });
    const signature = KEY_0.signingKey.sign(tx.unsignedHash);
    const eth = new LedgerEth(await replay([
      [command(0x04, 0x00, 0x00, `${PATH_LIVE_0}${tx.unsignedSerialized.slice(2)}`), signatureAnswer(signature, 31337 * 2 + 35 + signature.yParity)],
    ]));
    const signed = await eth.signTransaction(ACCOUNT, tx);
    const sent = signed.ok ? Transaction.from(signed.value.signed) : null;
    expect([sent?.from, sent?.chainId]).toEqual([KEY_0.address, 31337n]);
  });

  it('signs a type-4 transaction (an upgrade with its authorization) in 255-byte chunks: the first after the path, the rest with P1 0x80', async () => {
    const authorization = { address: LEDGER_7702_ACCOUNT, chainId: 31337n, nonce: 1n, signature: KEY_0.signingKey.sign(hashAuthorization({ address: LEDGER_7702_ACCOUNT, chainId: 31337n, nonce: 1n })) };
    const tx = Transaction.from({ type: 4, chainId: 31337, nonce: 0, maxPriorityFeePerGas: 1n, maxFeePerGas: 2_000_000_000n, gasLimit: 200_000n, to: KEY_0.address, data: `0x34fcd5be${'ab'.repeat(300)}`, authorizationList: [authorization] });
    const payload = `${PATH_LIVE_0}${tx.unsignedSerialized.slice(2)}`;
    const chunks = payload.match(/.{1,510}/g) ?? [];
    expect(chunks.length).toBeGreaterThan(1);
    const signature = KEY_0.signingKey.sign(tx.unsignedHash);
    const eth = new LedgerEth(await replay(chunks.map((chunk, i): [string, string] => [
      command(0x04, i === 0 ? 0x00 : 0x80, 0x00, chunk),
      i === chunks.length - 1 ? signatureAnswer(signature, signature.yParity) : '9000',
    ])));
    const signed = await eth.signTransaction(ACCOUNT, tx);
    const sent = signed.ok ? Transaction.from(signed.value.signed) : null;
    expect([sent?.from, sent?.authorizationList?.length]).toEqual([KEY_0.address, 1]);
  });

  it('never ends a legacy transaction\'s chunks right before its EIP-155 [chainId, 0, 0], which the app would take for the end', async () => {
    const legacy = (size: number) => Transaction.from({ type: 0, chainId: 31337, nonce: 0, gasPrice: 1n, gasLimit: 100_000n, to: KEY_1.address, data: `0x${'ab'.repeat(size)}` });
    let tx = legacy(200);
    for (let size = 200; (21 + hexLength(tx.unsignedSerialized)) !== 258; size++) tx = legacy(size);
    // 258 bytes in 255 would leave 3 (the tail is 5: 82 7a69 80 80); 254 leaves 4, 253 leaves 5, 252 leaves 6.
    const payload = `${PATH_LIVE_0}${tx.unsignedSerialized.slice(2)}`;
    const signature = KEY_0.signingKey.sign(tx.unsignedHash);
    const eth = new LedgerEth(await replay([
      [command(0x04, 0x00, 0x00, payload.slice(0, 504)), '9000'],
      [command(0x04, 0x80, 0x00, payload.slice(504)), signatureAnswer(signature, 31337 * 2 + 35 + signature.yParity)],
    ]));
    const signed = await eth.signTransaction(ACCOUNT, tx);
    expect(signed.ok && Transaction.from(signed.value.signed).from).toBe(KEY_0.address);
  });

  it('signs a long personal message in 255-byte chunks: the first with the path and the length, the rest with P1 0x80', async () => {
    const text = 'I agree to the terms. '.repeat(15);
    const message = utf8Hex(text).slice(2);
    const signature = KEY_0.signingKey.sign(hashMessage(Buffer.from(text)));
    const eth = new LedgerEth(await replay([
      [command(0x08, 0x00, 0x00, `${PATH_LIVE_0}0000014a${message.slice(0, 460)}`), '9000'],
      [command(0x08, 0x80, 0x00, message.slice(460)), signatureAnswer(signature, signature.v)],
    ]));
    const signed = await eth.signPersonalMessage(ACCOUNT, `0x${message}`);
    expect(signed.ok && verifyMessage(text, signed.value.signature)).toBe(KEY_0.address);
  });

  it('signs an EIP-7702 authorization with the app\'s own command (INS 0x34, its TLV) once the app is 1.17.0 or later', async () => {
    const auth = { address: LEDGER_7702_ACCOUNT as `0x${string}`, chainId: 31337n, nonce: 5n };
    const signature = KEY_0.signingKey.sign(hashAuthorization(auth));
    const tlv = `002d000101${'0114'}${LEDGER_7702_ACCOUNT.slice(2).toLowerCase()}02080000000000007a6903080000000000000005`;
    const eth = new LedgerEth(await replay([
      [GET_APP, appAndVersion('Ethereum', '1.17.0')],
      [command(0x34, 0x01, 0x00, `${PATH_LIVE_0}${tlv}`), signatureAnswer(signature, signature.yParity)],
    ]));
    const signed = await eth.signAuthorization(ACCOUNT, auth);
    expect(signed).toEqual({ ok: true, value: { yParity: signature.yParity, r: signature.r, s: signature.s } });
    if (signed.ok) expect(recoverAddress(hashAuthorization(auth), Signature.from(signed.value))).toBe(KEY_0.address);
  });

  it('reads which app is open: the Ethereum app and its version', async () => {
    const eth = new LedgerEth(await replay([[GET_APP, appAndVersion('Ethereum', '1.22.0')]]));
    expect(await eth.ethereumApp()).toEqual({ ok: true, value: { version: '1.22.0' } });
  });
});

describe('EIP-712 in full, at the APDU level', () => {
  const mail = {
    domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    types: { Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }], Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { from: { name: 'Cow', wallet: KEY_0.address }, to: { name: 'Bob', wallet: KEY_1.address }, contents: 'Hello, Bob!' },
  };

  it('sends the struct definitions and implementations, then signs on the device; the signature verifies', async () => {
    const app = new TypedDataApp(KEY_0);
    const signed = await new LedgerEth(app).signTypedData(ACCOUNT, mail);
    expect(signed.ok && verifyTypedData(mail.domain, mail.types, mail.message, signed.value.signature)).toBe(KEY_0.address);
    expect(app.instructions).toEqual(expect.arrayContaining([0x1a, 0x1c]));
    expect(app.instructions.at(-1)).toBe(0x0c);
  });

  it('signs an EntryPoint v0.8 userOp as typed data whose digest is the userOp hash', async () => {
    const op: RpcUserOperation = {
      sender: KEY_0.address as `0x${string}`, nonce: '0x0', callData: '0xe9ae5c53', callGasLimit: '0x5208', verificationGasLimit: '0x186a0', preVerificationGas: '0xc350',
      maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1', paymaster: '0x1111111111111111111111111111111111111111', paymasterVerificationGasLimit: '0x7530',
      paymasterPostOpGasLimit: '0x0', paymasterData: '0xabcd', signature: '0x',
    };
    const { EIP712Domain: _domain, ...types } = userOperationTypedData(op, '0x7a69').types;
    const typed = { ...userOperationTypedData(op, '0x7a69'), types };
    const userOpHash = packedUserOperationHash(packedDigest(op, undefined), 31337n);
    expect(TypedDataEncoder.hash(typed.domain, typed.types, typed.message)).toBe(userOpHash);
    const signed = await new LedgerEth(new TypedDataApp(KEY_0)).signTypedData(ACCOUNT, typed);
    expect(signed.ok && recoverAddress(userOpHash, signed.value.signature)).toBe(KEY_0.address);
  });
});

