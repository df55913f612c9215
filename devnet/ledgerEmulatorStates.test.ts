/**
 * The states a test sets on the devnet's Ledger emulator, each as the wallet's `LedgerError`; who may reach it; and the
 * devnet build's seam (`connectLedger`) reaching it where WebHID exists.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectLedger } from '../src/ui/ledger/device';
import { EmulatorTransport } from '../src/ui/ledger/emulatorTransport';
import { LedgerEth } from '../src/ui/ledger/eth';
import { ledgerPath } from '../src/ui/ledger/paths';
import type { LedgerAccount } from '../src/ui/ledger/types';
import { CHAIN_ID } from './constants';
import { startLedgerEmulator, type LedgerEmulator } from './ledgerEmulator/server';

const ACCOUNT: LedgerAccount = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', path: ledgerPath('ledgerLive', 0) };
const AUTH = { address: '0x4Cd241E8d1510e30b2076397afc7508Ae59C66c9' as const, chainId: BigInt(CHAIN_ID), nonce: 0n };
const HASH = `0x${'11'.repeat(32)}` as const;

let emulator: LedgerEmulator;
let eth: LedgerEth;
beforeAll(async () => {
  emulator = await startLedgerEmulator({ port: 0 });
  eth = new LedgerEth(new EmulatorTransport(emulator.url));
});
afterAll(() => emulator.stop());
beforeEach(() => post('/state', { reset: true }));

const post = (path: string, body: object, headers: Record<string, string> = {}) => fetch(`${emulator.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
const state = async () => (await (await fetch(`${emulator.url}/state`)).json()) as { locked: boolean; signed: string[] };

describe('the Ledger emulator\'s states', () => {
  it('locked: every request answers 0x5515, and signs once unlocked', async () => {
    await post('/state', { locked: true });
    expect(await eth.ethereumApp()).toMatchObject({ ok: false, error: { code: 'locked', statusWord: 0x5515 } });
    expect(await eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: false, error: { code: 'locked' } });
    await post('/state', { locked: false });
    expect(await eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: true });
  });

  it('no app open, another app open', async () => {
    await post('/state', { app: 'none' });
    expect(await eth.ethereumApp()).toMatchObject({ ok: false, error: { code: 'appNotOpen' } });
    expect(await eth.accounts('ledgerLive', 0, 1)).toMatchObject({ ok: false, error: { code: 'appNotOpen', statusWord: 0x6511 } });
    await post('/state', { app: 'other' });
    expect(await eth.ethereumApp()).toMatchObject({ ok: false, error: { code: 'otherApp' } });
    expect(await eth.signTypedDataHashes(ACCOUNT, HASH, HASH)).toMatchObject({ ok: false, error: { code: 'appNotOpen', statusWord: 0x6e00 } });
  });

  it('the next signature refused on the device: 4001, once', async () => {
    await post('/state', { refuseNext: true });
    expect(await eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: false, error: { code: 'refused', rpcCode: 4001, statusWord: 0x6985 } });
    expect(await eth.signPersonalMessage(ACCOUNT, '0x01')).toMatchObject({ ok: true });
  });

  it('Blind signing off: contract data and typed data hashes answer 0x6a80, a plain transfer signs', async () => {
    await post('/state', { blindSigning: false });
    const tx = { type: 2, chainId: CHAIN_ID, nonce: 0, gasLimit: 50_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, to: ACCOUNT.address, value: 1n };
    expect(await eth.signTransaction(ACCOUNT, { ...tx, data: '0x12345678' })).toMatchObject({ ok: false, error: { code: 'blindSigningOff', statusWord: 0x6a80 } });
    expect(await eth.signTypedDataHashes(ACCOUNT, HASH, HASH)).toMatchObject({ ok: false, error: { code: 'blindSigningOff' } });
    expect(await eth.signTransaction(ACCOUNT, tx)).toMatchObject({ ok: true });
  });

  it('an app too old for authorizations, and Smart account upgrade off', async () => {
    await post('/state', { version: '1.16.0' });
    expect(await eth.ethereumApp()).toEqual({ ok: true, value: { version: '1.16.0' } });
    expect(await eth.signAuthorization(ACCOUNT, AUTH)).toMatchObject({ ok: false, error: { code: 'appTooOld' } });
    await post('/state', { reset: true, smartAccountUpgrade: false });
    expect(await eth.signAuthorization(ACCOUNT, AUTH)).toMatchObject({ ok: false, error: { code: 'notAllowed', statusWord: 0x6980 } });
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
    const connected = await connectLedger('known', { hid: {} }, emulator.url);
    expect(connected.ok && (await connected.value.ethereumApp())).toEqual({ ok: true, value: { version: '1.22.0' } });
  });

  it('leaves Firefox its words: no WebHID, no Ledger, emulator or not', async () => {
    expect(await connectLedger('choose', {}, emulator.url)).toMatchObject({ ok: false, error: { code: 'noWebHid' } });
  });
});
