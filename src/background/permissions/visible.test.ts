import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { visibleAccounts } from './visible';

const A: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const PLANTED: Hex = '0x000000000000000000000000000000000000dEaD';

const deps = (unlocked: boolean) => ({
  vault: { isUnlocked: async () => unlocked },
  permissions: { accountsOf: async () => [A, PLANTED, B] },
  accounts: { selected: async () => B, list: async () => [A, B].map((address, index) => ({ address, index, name: `Account ${index + 1}` })) },
});

describe('the accounts a site sees', () => {
  it('are lowercase as MetaMask gives them (dapps compare them as strings with recovered signers), the selected one first', async () => {
    expect(await visibleAccounts(deps(true), 'https://app.example')).toEqual([B.toLowerCase(), A.toLowerCase()]);
  });
  it("are only the wallet's accounts: an address planted in the site's permission (storage.local on Firefox) is not shown", async () => {
    expect(await visibleAccounts(deps(true), 'https://app.example')).not.toContain(PLANTED.toLowerCase());
  });
  it('are none while the wallet is locked', async () => {
    expect(await visibleAccounts(deps(false), 'https://app.example')).toEqual([]);
  });
});
