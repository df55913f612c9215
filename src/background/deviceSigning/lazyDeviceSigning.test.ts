/** Every Approve asks whether the request is a Ledger account's: a wallet without a Ledger account never loads the later script. */
import { describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from '../accounts/storedAccounts';
import { lazyDeviceSigning } from './lazyDeviceSigning';
import type { DeviceSigning } from './types';

const KEY = '0x00000000000000000000000000000000000000aa';
const LEDGER = '0x00000000000000000000000000000000000000bb';
const PATH = "44'/60'/0'/0/0";

function setup(records: AccountRecord[]) {
  const real = { request: vi.fn(async () => null), signed: vi.fn(), needsDevice: vi.fn(async () => true), signatureFor: vi.fn(async () => '0x5151') } as unknown as DeviceSigning;
  const load = vi.fn(async () => real);
  const ledgers = records.filter((r) => r.ledgerPath).map((r) => r.address);
  const signing = lazyDeviceSigning({ accounts: { list: async () => records, ledgerPath: async (a) => (ledgers.includes(a) ? PATH : undefined) } }, load);
  return { signing, load, real };
}

describe('the device signing facade', () => {
  it('answers every request of a wallet without a Ledger account without loading the later script', async () => {
    const { signing, load } = setup([{ address: KEY, index: 0, name: 'Account 1' }]);
    expect([await signing.request('k', null), await signing.needsDevice('k', null), await signing.signatureFor('k', KEY)]).toEqual([null, false, undefined]);
    expect(load).not.toHaveBeenCalled();
  });

  it("hands the requests of a wallet with a Ledger account to the code it loads, with the screen's answer", async () => {
    const { signing, load, real } = setup([{ address: KEY, index: 0, name: 'Account 1' }, { address: LEDGER, index: 0, name: 'Ledger 1', ledgerPath: PATH }]);
    expect(await signing.needsDevice('l', [LEDGER])).toBe(true);
    await signing.request('l', 'fast');
    expect(await signing.signatureFor('l', LEDGER)).toBe('0x5151');
    expect(await signing.signatureFor('k', KEY)).toBeUndefined();
    expect(load).toHaveBeenCalledOnce();
    expect(real.request).toHaveBeenCalledWith('l', 'fast');
    expect(real.needsDevice).toHaveBeenCalledWith('l', [LEDGER]);
  });
});
