import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { visibleAccounts } from './visible';

const A: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const deps = (unlocked: boolean) => ({
  vault: { isUnlocked: async () => unlocked },
  permissions: { accountsOf: async () => [A, B] },
  accounts: { selected: async () => B },
});

describe('the accounts a site sees', () => {
  it('are lowercase as MetaMask gives them (dapps compare them as strings with recovered signers), the selected one first', async () => {
    expect(await visibleAccounts(deps(true), 'https://app.example')).toEqual([B.toLowerCase(), A.toLowerCase()]);
  });
  it('are none while the wallet is locked', async () => {
    expect(await visibleAccounts(deps(false), 'https://app.example')).toEqual([]);
  });
});
