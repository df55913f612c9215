import { DisconnectedDevice, DisconnectedDeviceDuringOperation, TransportOpenUserCancelled, TransportRaceCondition } from '@ledgerhq/errors';
import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLedger } from './device';
import { LedgerEth } from './eth';
import { PATH_LIVE_0, SilentTransport, ThrowingTransport, addressAnswer, answer, appAndVersion, command, deviceKey, replay, utf8Hex } from './ledger.fixture';
import type { LedgerAccount } from './types';
import { LEDGER_7702_ACCOUNT } from '../../shared/contracts';

// The unit tests run as the devnet build: the device is the fake one each test sets, whatever listens on the emulator's port.
vi.mock('./emulatorTransport', () => ({ emulatorTransport: () => Promise.resolve(null) }));

const KEY_0 = deviceKey("44'/60'/0'/0/0");
const ACCOUNT: LedgerAccount = { address: KEY_0.address as `0x${string}`, path: "44'/60'/0'/0/0" };
const GET_APP = 'b001000000';
const GET_ADDRESS = command(0x02, 0x00, 0x01, PATH_LIVE_0);
const MESSAGE = utf8Hex('hello');
const SIGN_MESSAGE = command(0x08, 0x00, 0x00, `${PATH_LIVE_0}00000005${MESSAGE.slice(2)}`);
const AUTH = { address: LEDGER_7702_ACCOUNT, chainId: 1n, nonce: 0n };

const status = (word: number) => answer('', word);

describe('every device state is an error value saying what to do', () => {
  afterEach(() => vi.useRealTimers());

  it('a locked device (0x5515) says to unlock it', async () => {
    const listed = await new LedgerEth(await replay([[GET_ADDRESS, status(0x5515)]])).accounts('ledgerLive', 0, 1);
    expect(listed).toEqual({ ok: false, error: { code: 'locked', statusWord: 0x5515, rpcCode: null, words: expect.stringMatching(/locked: enter its PIN/) } });
  });

  it('the dashboard (no app open) says to open the Ethereum app', async () => {
    expect(await new LedgerEth(await replay([[GET_APP, appAndVersion('BOLOS', '2.2.3')]])).ethereumApp()).toMatchObject({ ok: false, error: { code: 'appNotOpen' } });
    for (const word of [0x6511, 0x6e00, 0x6d00]) {
      const listed = await new LedgerEth(await replay([[GET_ADDRESS, status(word)]])).accounts('ledgerLive', 0, 1);
      expect(listed).toMatchObject({ ok: false, error: { code: 'appNotOpen', statusWord: word, words: expect.stringMatching(/Open the Ethereum app/) } });
    }
  });

  it('another app open says to close it', async () => {
    expect(await new LedgerEth(await replay([[GET_APP, appAndVersion('Bitcoin', '2.1.0')]])).ethereumApp())
      .toMatchObject({ ok: false, error: { code: 'otherApp', words: expect.stringMatching(/Another app is open/) } });
  });

  it('a rejection on the device (0x6985) settles the site\'s request with 4001, like Reject', async () => {
    const signed = await new LedgerEth(await replay([[SIGN_MESSAGE, status(0x6985)]])).signPersonalMessage(ACCOUNT, MESSAGE as `0x${string}`);
    expect(signed).toMatchObject({ ok: false, error: { code: 'refused', rpcCode: 4001, statusWord: 0x6985 } });
  });

  it('blind signing off (0x6a80 after the app\'s screen) says where to turn it on', async () => {
    const tx = Transaction.from({ type: 2, chainId: 1, nonce: 0, maxPriorityFeePerGas: 1n, maxFeePerGas: 2n, gasLimit: 50000n, to: KEY_0.address, data: '0x12345678' });
    const signed = await new LedgerEth(await replay([[command(0x04, 0x00, 0x00, `${PATH_LIVE_0}${tx.unsignedSerialized.slice(2)}`), status(0x6a80)]])).signTransaction(ACCOUNT, tx);
    expect(signed).toMatchObject({ ok: false, error: { code: 'blindSigningOff', rpcCode: null, words: expect.stringMatching(/Blind signing/) } });
  });

  it('an authorization the app does not allow (0x6980: upgrade off or a delegate it does not list) says so', async () => {
    const signed = await new LedgerEth(await replay([
      [GET_APP, appAndVersion('Ethereum', '1.22.0')],
      [command(0x34, 0x01, 0x00, `${PATH_LIVE_0}002d0001010114${AUTH.address.slice(2).toLowerCase()}020800000000000000010308${'00'.repeat(8)}`), status(0x6980)],
    ])).signAuthorization(ACCOUNT, AUTH);
    expect(signed).toMatchObject({ ok: false, error: { code: 'notAllowed', words: expect.stringMatching(/Smart account upgrade/) } });
  });

  it('an app older than 1.17.0 is not asked to sign an authorization', async () => {
    const signed = await new LedgerEth(await replay([[GET_APP, appAndVersion('Ethereum', '1.16.0')]])).signAuthorization(ACCOUNT, AUTH);
    expect(signed).toMatchObject({ ok: false, error: { code: 'appTooOld', words: expect.stringMatching(/update it in Ledger Live/) } });
  });

  it('an app older than 1.9.19 is not sent EIP-712 in full', async () => {
    const signed = await new LedgerEth(await replay([[GET_APP, appAndVersion('Ethereum', '1.9.18')]]))
      .signTypedData(ACCOUNT, { domain: { name: 'a', chainId: 1 }, types: { A: [{ name: 'x', type: 'uint256' }] }, primaryType: 'A', message: { x: 1 } });
    expect(signed).toMatchObject({ ok: false, error: { code: 'appTooOld' } });
  });

  it('unplugged mid-signature, or before, says to plug it in', async () => {
    for (const thrown of [new DisconnectedDeviceDuringOperation('gone'), new DisconnectedDevice()]) {
      const signed = await new LedgerEth(new ThrowingTransport(thrown)).signPersonalMessage(ACCOUNT, MESSAGE as `0x${string}`);
      expect(signed).toMatchObject({ ok: false, error: { code: 'unplugged', rpcCode: null } });
    }
  });

  it('a device busy with another request says to finish it there', async () => {
    const signed = await new LedgerEth(new ThrowingTransport(new TransportRaceCondition('pending'))).signPersonalMessage(ACCOUNT, MESSAGE as `0x${string}`);
    expect(signed).toMatchObject({ ok: false, error: { code: 'busy', words: expect.stringMatching(/busy/) } });
  });

  it('a device that never answers times out rather than leaving the request waiting', async () => {
    vi.useFakeTimers();
    const signing = new LedgerEth(new SilentTransport(), 60_000).signPersonalMessage(ACCOUNT, MESSAGE as `0x${string}`);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await signing).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('a signature from another key is never returned', async () => {
    const other = deviceKey("44'/60'/1'/0/0").signingKey.sign(`0x${'11'.repeat(32)}`);
    const signed = await new LedgerEth(await replay([[SIGN_MESSAGE, answer(`1b${other.r.slice(2)}${other.s.slice(2)}`)]])).signPersonalMessage(ACCOUNT, MESSAGE as `0x${string}`);
    expect(signed).toMatchObject({ ok: false, error: { code: 'wrongSignature' } });
  });

  it('Firefox (no navigator.hid) gets the word that WebHID is missing', async () => {
    expect(await connectLedger('choose', {})).toMatchObject({ ok: false, error: { code: 'noWebHid', words: expect.stringMatching(/no WebHID/) } });
  });

  it('closing the browser\'s device chooser says no Ledger was chosen', async () => {
    vi.doMock('@ledgerhq/hw-transport-webhid', () => ({ default: { create: () => Promise.reject(new TransportOpenUserCancelled()) } }));
    expect(await connectLedger('choose', { hid: {} })).toMatchObject({ ok: false, error: { code: 'noDevice' } });
    vi.doUnmock('@ledgerhq/hw-transport-webhid');
  });

  it('the approval window opens the device the browser already allows, without a chooser, or says none is there', async () => {
    const known = new SilentTransport();
    let connected: SilentTransport | null = null;
    vi.doMock('@ledgerhq/hw-transport-webhid', () => ({ default: { create: () => Promise.reject(new Error('no chooser here')), openConnected: () => Promise.resolve(connected) } }));
    expect(await connectLedger('known', { hid: {} })).toMatchObject({ ok: false, error: { code: 'noDevice', words: expect.stringMatching(/plug it in/) } });
    connected = known;
    expect(await connectLedger('known', { hid: {} })).toMatchObject({ ok: true });
    vi.doUnmock('@ledgerhq/hw-transport-webhid');
  });
});

describe('a device answering malformed bytes (a lying or broken device)', () => {
  it('gives an error value, never an address or a signature: short, empty or oversized answers with 0x9000', async () => {
    // The same exchange with a well-formed answer lists the address: what fails below is the bytes.
    expect(await new LedgerEth(await replay([[GET_ADDRESS, addressAnswer(KEY_0)]])).accounts('ledgerLive', 0, 1)).toMatchObject({ ok: true });
    for (const bytes of ['', '41', 'ff'.repeat(250)]) {
      const listed = await new LedgerEth(await replay([[GET_ADDRESS, answer(bytes, 0x9000)]])).accounts('ledgerLive', 0, 1);
      expect(listed).toMatchObject({ ok: false });
      const signed = await new LedgerEth(await replay([[SIGN_MESSAGE, answer(bytes, 0x9000)]])).signPersonalMessage(ACCOUNT, MESSAGE as `0x${string}`);
      expect(signed).toMatchObject({ ok: false });
    }
  });
});
