/** Every Approve asks whether the request is a Ledger account's: a key account's never loads the later script. */
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRecord } from '../approvals/types';
import { lazyDeviceSigning } from './lazyDeviceSigning';
import type { DeviceSigning } from './types';

const KEY = '0x00000000000000000000000000000000000000aa';
const LEDGER = '0x00000000000000000000000000000000000000bb';
const record = (id: string, account: string) => ({ id, type: 'signMessage', details: { account, message: '0x68' } }) as unknown as ApprovalRecord;

function setup() {
  const real = { request: vi.fn(async () => null), signed: vi.fn(), needsDevice: vi.fn(), signatureFor: vi.fn(async () => '0x5151') } as unknown as DeviceSigning;
  const load = vi.fn(async () => real);
  const signing = lazyDeviceSigning(
    { approvals: { pending: async () => [record('k', KEY), record('l', LEDGER)] }, accounts: { ledgerPath: async (a) => (a === LEDGER ? "44'/60'/0'/0/0" : undefined) } },
    load,
  );
  return { signing, load, real };
}

describe('the device signing facade', () => {
  it("answers a key account's request without loading the later script", async () => {
    const { signing, load } = setup();
    expect([await signing.request('k', null), await signing.needsDevice('k'), await signing.signatureFor('k', KEY)]).toEqual([null, false, undefined]);
    expect(load).not.toHaveBeenCalled();
  });

  it("hands a Ledger account's request to the code it loads", async () => {
    const { signing, load, real } = setup();
    expect(await signing.needsDevice('l')).toBe(true);
    await signing.request('l', 'fast');
    expect(await signing.signatureFor('l', LEDGER)).toBe('0x5151');
    expect(load).toHaveBeenCalledOnce();
    expect(real.request).toHaveBeenCalledWith('l', 'fast');
  });
});
