/** A device's refusal of the upgrade is read only for the vault's Ledger account and chain it names. */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { createDeviceSigning } from './deviceSigning';
import { DEVICE_SIGNING_DEFAULTS, type DevicePayloads } from './types';
import { memoryUpgradeRefusals } from './upgradeRefusals';

const LEDGER_A: Hex = '0x00000000000000000000000000000000000000a1';
const LEDGER_B: Hex = '0x00000000000000000000000000000000000000b2';
const KEY: Hex = '0x00000000000000000000000000000000000000c3';

describe('upgradeRefused', () => {
  it('ignores an entry naming a key account, another chain, or another Ledger account (the store holds what it holds)', async () => {
    const refusals = memoryUpgradeRefusals();
    await refusals.save([{ account: KEY, chainId: '0x7a69' }, { account: LEDGER_A, chainId: '0x7a69' }]);
    const signing = createDeviceSigning({
      session: typedStorage(memoryBackend(), DEVICE_SIGNING_DEFAULTS),
      approvals: { pending: async () => [], settle: async () => undefined },
      accounts: { ledgerPath: async (a: Hex) => ([LEDGER_A, LEDGER_B].includes(a) ? "44'/60'/0'/0/0" : undefined) },
      payloads: {} as DevicePayloads,
      refusals,
    });
    expect(await signing.upgradeRefused(KEY, '0x7a69')).toBe(false);
    expect(await signing.upgradeRefused(LEDGER_B, '0x7a69')).toBe(false);
    expect(await signing.upgradeRefused(LEDGER_A, '0x1')).toBe(false);
    expect(await signing.upgradeRefused(LEDGER_A, '0x7a69')).toBe(true);
  });
});
