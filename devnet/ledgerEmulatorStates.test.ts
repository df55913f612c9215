/**
 * The states a test sets on the devnet's Ledger emulator, each as the wallet's `LedgerError`; who may reach it; and the
 * devnet build's seam (`connectLedger`) reaching it where WebHID exists.
 */
import { describe, expect, it } from 'vitest';
import { connectLedger } from '../src/ui/ledger/device';
import { ledgerPath } from '../src/ui/ledger/paths';
import type { LedgerAccount } from '../src/ui/ledger/types';
import { CHAIN_ID } from './constants';
import { emulatorForTests } from './ledgerEmulator.fixture';
import { LEDGER_7702_ACCOUNT } from '../src/shared/contracts';

const ACCOUNT: LedgerAccount = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', path: ledgerPath('ledgerLive', 0) };
const AUTH = { address: LEDGER_7702_ACCOUNT, chainId: BigInt(CHAIN_ID), nonce: 0n };
const HASH = `0x${'11'.repeat(32)}` as const;

const device = emulatorForTests();

const post = (path: string, body: object, headers: Record<string, string> = {}) => fetch(`${device.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
const state = async () => (await (await fetch(`${device.url}/state`)).json()) as { locked: boolean; signed: string[] };

describe('the Ledger emulator\'s states', () => {
  it('locked: every request answers 0x5515, and signs once unlocked', async () => {
    await post('/state', { locked: true });
    expect(await device.eth.ethereumApp()).toMatchObject({ ok: false, error: { code: 'locked', statusWord: 0x5515 } });
    expect(await device.eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: false, error: { code: 'locked' } });
    await post('/state', { locked: false });
    expect(await device.eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: true });
  });

  it('no app open, another app open', async () => {
    await post('/state', { app: 'none' });
    expect(await device.eth.ethereumApp()).toMatchObject({ ok: false, error: { code: 'appNotOpen' } });
    expect(await device.eth.accounts('ledgerLive', 0, 1)).toMatchObject({ ok: false, error: { code: 'appNotOpen', statusWord: 0x6511 } });
    await post('/state', { app: 'other' });
    expect(await device.eth.ethereumApp()).toMatchObject({ ok: false, error: { code: 'otherApp' } });
    expect(await device.eth.signTypedDataHashes(ACCOUNT, HASH, HASH)).toMatchObject({ ok: false, error: { code: 'appNotOpen', statusWord: 0x6e00 } });
  });

  it('the next signature refused on the device: 4001, once', async () => {
    await post('/state', { refuseNext: true });
    expect(await device.eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: false, error: { code: 'refused', rpcCode: 4001, statusWord: 0x6985 } });
    expect(await device.eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: true });
  });

  it('Blind signing off: contract data and typed data hashes answer 0x6a80, a plain transfer signs', async () => {
    await post('/state', { blindSigning: false });
    const tx = { type: 2, chainId: CHAIN_ID, nonce: 0, gasLimit: 50_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, to: ACCOUNT.address, value: 1n };
    expect(await device.eth.signTransaction(ACCOUNT, { ...tx, data: '0x12345678' })).toMatchObject({ ok: false, error: { code: 'blindSigningOff', statusWord: 0x6a80 } });
    expect(await device.eth.signTypedDataHashes(ACCOUNT, HASH, HASH)).toMatchObject({ ok: false, error: { code: 'blindSigningOff' } });
    expect(await device.eth.signTransaction(ACCOUNT, tx)).toMatchObject({ ok: true });
  });

  it('an app too old for authorizations, and Smart account upgrade off', async () => {
    await post('/state', { version: '1.16.0' });
    expect(await device.eth.ethereumApp()).toEqual({ ok: true, value: { version: '1.16.0' } });
    expect(await device.eth.signAuthorization(ACCOUNT, AUTH)).toMatchObject({ ok: false, error: { code: 'appTooOld' } });
    await post('/state', { reset: true, smartAccountUpgrade: false });
    expect(await device.eth.signAuthorization(ACCOUNT, AUTH)).toMatchObject({ ok: false, error: { code: 'notAllowed', statusWord: 0x6980 } });
  });

  it('a control request with a field it does not know, or a bad value, changes nothing', async () => {
    expect((await post('/state', { locked: 'yes' })).status).toBe(400);
    expect((await post('/state', { unlocked: true })).status).toBe(400);
    expect((await state()).locked).toBe(false);
  });
});

describe('who reaches the Ledger emulator', () => {
  it('a web page\'s request (the demo dapp\'s origin) is refused before it is read: no state set, no command answered', async () => {
    const page = { origin: 'http://127.0.0.1:4173' };
    expect((await post('/state', { locked: true }, page)).status).toBe(403);
    expect((await post('/apdu', { data: 'b001000000' }, page)).status).toBe(403);
    expect((await state()).locked).toBe(false);
  });

  it('the extension\'s pages are answered, with their origin allowed to read it', async () => {
    const response = await post('/apdu', { data: 'b001000000' }, { origin: 'chrome-extension://abcdefghijklmnop' });
    expect(response.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
    expect(((await response.json()) as { data: string }).data.endsWith('9000')).toBe(true);
  });
});

describe('the devnet build\'s seam', () => {
  it('connects to the emulator when it answers, where WebHID exists', async () => {
    const connected = await connectLedger('known', { hid: {} }, device.url);
    expect(connected.ok && (await connected.value.ethereumApp())).toEqual({ ok: true, value: { version: '1.22.0' } });
  });

  it('leaves Firefox its words: no WebHID, no Ledger, emulator or not', async () => {
    expect(await connectLedger('choose', {}, device.url)).toMatchObject({ ok: false, error: { code: 'noWebHid' } });
  });
});
