// @vitest-environment happy-dom
/**
 * The approval window's "Confirm on your Ledger" step, with a fake device (a key the wallet does not hold behind
 * LedgerEth's methods): what it shows, what it hands the worker, and each device trouble's words and way out.
 */
import { act, useState } from 'react';
import { Signature, Transaction, TypedDataEncoder, Wallet, getAddress, hexlify, keccak256, toUtf8Bytes, type TransactionLike, type TypedDataDomain, type TypedDataField } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../../shared/approvals';
import type { DeviceRequest } from '../../../shared/deviceSigning';
import type { Hex } from '../../../shared/params';
import { ledgerError } from '../../ledger/errors';
import type { LedgerEth } from '../../ledger/eth';
import type { LedgerErrorCode, LedgerResult } from '../../ledger/types';
import { mountPoint } from '../../testing/mount';
import type { Connect } from './signOnDevice';

const call = vi.fn(async (_method: string, _params?: unknown): Promise<unknown> => null);
vi.mock('../../api/background', () => ({ call }));
const { ConfirmOnLedger } = await import('./ConfirmOnLedger');

const { container, render } = mountPoint();
afterEach(() => call.mockClear());

const DEVICE = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const ACCOUNT = DEVICE.address as Hex;
const RECIPIENT = getAddress('0x70997970c51812dc3a64c3f2bf8f4d5a8b45d2c8');
const PATH = "44'/60'/0'/0/0";

/** A Ledger whose trouble is `trouble.now` (null: it signs); it records what it was asked. */
function fakeDevice(trouble: { now: LedgerErrorCode | null; fullTypedData?: boolean }) {
  const asked: string[] = [];
  const answer = async <T,>(what: string, sign: () => Promise<T>): Promise<LedgerResult<T>> => {
    asked.push(what);
    // Troubles before signing (no device, locked, no app) are met by connecting and checking the app.
    const signing = trouble.now && !['noDevice', 'locked', 'appNotOpen'].includes(trouble.now) ? trouble.now : null;
    return signing ? { ok: false, error: ledgerError(signing) } : { ok: true, value: await sign() };
  };
  const eth = {
    ethereumApp: async () => (trouble.now === 'locked' || trouble.now === 'appNotOpen' ? { ok: false, error: ledgerError(trouble.now) } : { ok: true, value: { version: '1.9.0' } }),
    signPersonalMessage: (_a: unknown, message: Hex) => answer('message', async () => ({ signature: (await DEVICE.signMessage(toUtf8Bytes(Buffer.from(message.slice(2), 'hex').toString()))) as Hex })),
    signTransaction: (_a: unknown, tx: TransactionLike) => answer('transaction', async () => ({ signature: '0x' as Hex, signed: (await DEVICE.signTransaction(tx)) as Hex })),
    signTypedData: async (_a: unknown, data: { domain: TypedDataDomain; types: Record<string, TypedDataField[]>; message: Record<string, unknown> }) => {
      if (trouble.fullTypedData === false) return (asked.push('typed data in full'), { ok: false, error: ledgerError('appTooOld') });
      const { EIP712Domain: _, ...types } = data.types;
      return answer('typed data in full', async () => ({ signature: (await DEVICE.signTypedData(data.domain, types, data.message)) as Hex }));
    },
    signTypedDataHashes: (_a: unknown, domainHash: Hex, messageHash: Hex) =>
      answer('typed data by hashes', async () => ({ signature: DEVICE.signingKey.sign(keccak256(`0x1901${domainHash.slice(2)}${messageHash.slice(2)}`)).serialized as Hex })),
  } as unknown as LedgerEth;
  const connected: string[] = [];
  const connect: Connect = async (how = 'choose') => {
    connected.push(how);
    if (how === 'known' && trouble.now === 'noDevice') return { ok: false, error: ledgerError('noDevice') };
    return { ok: true, value: eth };
  };
  return { connect, asked, connected };
}

const approvalOf = (type: string, details: object) => ({ id: 'a1', origin: 'https://dapp.example', type, details }) as unknown as ApprovalView;
const messageRequest: DeviceRequest = { approvalId: 'a1', account: ACCOUNT, path: PATH, payload: { kind: 'message', message: hexlify(toUtf8Bytes('Hello Ledger')) as Hex } };

const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);
/** Lets the device's answers and the screen's updates run until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(done()).toBe(true);
}
const signedCall = () => call.mock.calls.find(([method]) => method === 'deviceSigned');

describe('Confirm on your Ledger', () => {
  it('shows the message the device will show, signs it on the known device and hands the signature to the worker', async () => {
    const device = fakeDevice({ now: null });
    await render(<ConfirmOnLedger approval={approvalOf('signMessage', {})} request={messageRequest} connect={device.connect} />);
    expect(container.querySelector('h1')?.textContent).toBe('Confirm on your Ledger');
    expect(text('The device shows')).toBe('Hello Ledger');
    await until(() => Boolean(signedCall()));
    expect(device.connected).toEqual(['known']);
    expect(signedCall()).toEqual(['deviceSigned', { id: 'a1', signature: await DEVICE.signMessage('Hello Ledger') }]);
  });

  it('refused on the device: the request is rejected as Reject does (the site gets 4001)', async () => {
    const device = fakeDevice({ now: 'refused' });
    await render(<ConfirmOnLedger approval={approvalOf('signMessage', {})} request={messageRequest} connect={device.connect} />);
    await until(() => call.mock.calls.length > 0);
    expect(call.mock.calls).toEqual([['resolveApproval', { id: 'a1', approved: false }]]);
  });

  it('locked: says so and waits; unlocked, Try again signs', async () => {
    const trouble: { now: LedgerErrorCode | null } = { now: 'locked' };
    const device = fakeDevice(trouble);
    await render(<ConfirmOnLedger approval={approvalOf('signMessage', {})} request={messageRequest} connect={device.connect} />);
    await until(() => Boolean(button('Try again')));
    expect(text('Ledger')).toBe('Your Ledger is locked: enter its PIN, open the Ethereum app, then try again.');
    expect(call).not.toHaveBeenCalled();
    trouble.now = null;
    await act(async () => button('Try again')!.click());
    await until(() => Boolean(signedCall()));
    expect(signedCall()?.[1]).toEqual({ id: 'a1', signature: await DEVICE.signMessage('Hello Ledger') });
  });

  // The wallet's state comes again on every storage change, each time with a new approval object: the device is asked
  // again only by Try again, not by a refresh (which signed behind the screen's back, and raced the user's click).
  it('locked, then the wallet state refreshes: the device is not asked again until Try again', async () => {
    const trouble: { now: LedgerErrorCode | null } = { now: 'locked' };
    const device = fakeDevice(trouble);
    let refresh = () => undefined as void;
    function Refreshed() {
      const [approval, setApproval] = useState(() => approvalOf('signMessage', {}));
      refresh = () => setApproval(approvalOf('signMessage', {}));
      return <ConfirmOnLedger approval={approval} request={messageRequest} connect={device.connect} />;
    }
    await render(<Refreshed />);
    await until(() => Boolean(button('Try again')));
    trouble.now = null;
    await act(async () => refresh());
    for (let i = 0; i < 10; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(device.connected).toEqual(['known']);
    expect(signedCall()).toBeUndefined();
    expect(text('Ledger')).toBe('Your Ledger is locked: enter its PIN, open the Ethereum app, then try again.');
  });

  it('no device the browser already knows: Choose your Ledger opens the chooser, then signs', async () => {
    const device = fakeDevice({ now: 'noDevice' });
    await render(<ConfirmOnLedger approval={approvalOf('signMessage', {})} request={messageRequest} connect={device.connect} />);
    await until(() => Boolean(button('Choose your Ledger')));
    await act(async () => button('Choose your Ledger')!.click());
    await until(() => Boolean(signedCall()));
    expect(device.connected).toEqual(['known', 'choose']);
  });

  it("a transaction: shows amount, recipient, max fees and network, and hands back the device's signed transaction", async () => {
    const device = fakeDevice({ now: null });
    const unsigned = Transaction.from({ type: 2, chainId: 31337n, nonce: 7, to: RECIPIENT, value: 10n ** 18n, data: '0x', gasLimit: 21000n, maxFeePerGas: 2n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n }).unsignedSerialized as Hex;
    const request: DeviceRequest = { ...messageRequest, payload: { kind: 'transaction', unsigned } };
    await render(<ConfirmOnLedger approval={approvalOf('sendTransaction', { networkName: 'Local devnet', symbol: 'ETH' })} request={request} connect={device.connect} />);
    expect([text('Amount'), text('To'), text('Max fees'), text('Network')]).toEqual(['1 ETH', RECIPIENT, '0.000042 ETH', 'Local devnet']);
    expect(container.textContent).not.toContain('Blind signing');
    await until(() => Boolean(signedCall()));
    const signed = Transaction.from((signedCall()![1] as { signature: string }).signature);
    expect([signed.from, signed.unsignedSerialized]).toEqual([ACCOUNT, unsigned]);
  });

  const typedData = {
    types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail', domain: { name: 'Ether Mail' }, message: { contents: 'Hello, Bob!' },
  };
  const hashes = { domainHash: TypedDataEncoder.hashDomain(typedData.domain) as Hex, messageHash: TypedDataEncoder.hashStruct('Mail', { Mail: typedData.types.Mail }, typedData.message) as Hex };
  const typedRequest: DeviceRequest = { ...messageRequest, payload: { kind: 'typedData', typedData, ...hashes } };
  const digest = TypedDataEncoder.hash(typedData.domain, { Mail: typedData.types.Mail }, typedData.message);

  it('typed data: shows every field the device will list, says which setting it needs, and signs it in full', async () => {
    const device = fakeDevice({ now: null, fullTypedData: true });
    await render(<ConfirmOnLedger approval={approvalOf('signTypedData', {})} request={typedRequest} connect={device.connect} />);
    expect([text('name'), text('Mail.contents')]).toEqual(['Ether Mail', 'Hello, Bob!']);
    expect(container.textContent).toContain('Blind signing or Verbose EIP-712 must be on');
    await until(() => Boolean(signedCall()));
    expect(device.asked).toEqual(['typed data in full']);
    expect(Signature.from((signedCall()![1] as { signature: string }).signature).serialized).toBe(DEVICE.signingKey.sign(digest).serialized);
  });

  it('typed data on an app that can only take its hashes: says so, shows the two hashes and signs by them', async () => {
    const device = fakeDevice({ now: null, fullTypedData: false });
    await render(<ConfirmOnLedger approval={approvalOf('signTypedData', {})} request={typedRequest} connect={device.connect} />);
    await until(() => Boolean(signedCall()));
    expect(device.asked).toEqual(['typed data in full', 'typed data by hashes']);
    expect([text('Domain hash'), text('Message hash')]).toEqual([hashes.domainHash, hashes.messageHash]);
    expect(container.textContent).toContain("can only show this message's two hashes");
    expect(Signature.from((signedCall()![1] as { signature: string }).signature).serialized).toBe(DEVICE.signingKey.sign(digest).serialized);
  });
});
