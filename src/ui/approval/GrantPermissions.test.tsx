// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import { DELEGATOR_V08 } from '../../shared/contracts';
import type { Danger } from '../../shared/dangers';
import type { GrantPermissionsDetails } from '../../shared/grants';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { GrantPermissions } = await import('./GrantPermissions');

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const FOREIGN = '0x00000000000000000000000000000000000000bB';
const REPLACES: Danger = { kind: 'replacesDelegate', tone: 'danger', confirm: true, message: `This account delegates now to ${FOREIGN}, which this wallet did not set.` };

const { container, render: mount } = mountPoint();
const render = (dangers: Danger[]) => {
  const details: GrantPermissionsDetails = {
    account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', grants: [], symbol: 'ETH',
    upgrade: { batchId: 'up', gasLimit: '55200', maxFee: '110400000000000', replaces: { address: FOREIGN }, delegate: { address: DELEGATOR_V08, name: 'DeleGator' }, dangers },
  };
  return mount(<GrantPermissions approval={{ id: 'a', origin: 'https://dapp.example', type: 'grantPermissions', details } as ApprovalView & { type: 'grantPermissions' }} state={{ accounts: [] } as unknown as WalletState} />);
};
const grant = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Grant')!;

describe('the grant screen’s account upgrade', () => {
  it('replacing a delegate the wallet did not set: the warning is shown and Grant waits for a second yes', async () => {
    await render([REPLACES]);
    expect(container.querySelector('[aria-label="Account upgrade"] [aria-label="Upgrade warning"]')?.textContent).toBe(REPLACES.message);
    expect(grant().disabled).toBe(true);
    await act(async () => (container.querySelector('label.check input') as HTMLInputElement).click());
    expect(grant().disabled).toBe(false);
  });

  it('an upgrade without dangers is granted with one yes', async () => {
    await render([]);
    expect(container.querySelector('[aria-label="Upgrade warning"]')).toBeNull();
    expect(grant().disabled).toBe(false);
  });
});

describe('the grant screen’s token', () => {
  const withToken = (symbol: string) => {
    const details: GrantPermissionsDetails = {
      account: ACCOUNT, chainId: '0x2105', networkName: 'Base',
      grants: [{
        to: FOREIGN, rules: [], dangers: [], token: { symbol, decimals: 6, balance: '0', address: '0x1111111111111111111111111111111111111111' },
        permission: { type: 'erc20-token-allowance', isAdjustmentAllowed: false, data: { tokenAddress: '0x1111111111111111111111111111111111111111', allowanceAmount: '0x989680', startTime: 1, justification: '' } },
      }],
    };
    return mount(<GrantPermissions approval={{ id: 'a', origin: 'https://dapp.example', type: 'grantPermissions', details } as ApprovalView & { type: 'grantPermissions' }} state={{ accounts: [] } as unknown as WalletState} />);
  };

  it('warns of a symbol written to imitate another (a Cyrillic Ѕ in "UЅDC"), as the token’s own screen does', async () => {
    await withToken('U\u0405DC');
    expect(container.querySelector('[aria-label="Look-alike warning"]')?.textContent).toMatch(/token symbol “UЅDC” mixes Latin and Cyrillic letters/);
  });

  it('says nothing of a plain symbol', async () => {
    await withToken('USDC');
    expect(container.querySelector('[aria-label="Look-alike warning"]')).toBeNull();
  });
});

describe('the grant screen’s stream that takes more than the account holds', () => {
  afterEach(() => vi.restoreAllMocks());
  const usdc = (amount: string) => ({ key: 'clearValues_amount', values: { amount: { decimal: amount }, symbol: 'USDC' } });
  // As the worker makes it (executionPermissions/dangers.ts, whose test pins these words): 0 USDC at once, then 1,000 USDC a second.
  const OVER: Danger = {
    kind: 'overBalance', tone: 'warn', message: 'In its first day it may take 86400000 USDC, more than the account holds now (500 USDC).',
    words: { key: 'dangers_grantStreamOverBalance', values: { amount: usdc('86400000'), balance: usdc('500') } },
  };
  const TOKEN = '0x1111111111111111111111111111111111111111';
  const streaming = () => {
    const details: GrantPermissionsDetails = {
      account: ACCOUNT, chainId: '0x2105', networkName: 'Base',
      grants: [{
        to: FOREIGN, rules: [{ type: 'expiry', data: { timestamp: 4_000_000_000 } }], dangers: [OVER], token: { symbol: 'USDC', decimals: 6, balance: '500000000', address: TOKEN },
        permission: { type: 'erc20-token-stream', isAdjustmentAllowed: false, data: { tokenAddress: TOKEN, initialAmount: '0x0', amountPerSecond: '0x3b9aca00', maxAmount: `0x${'f'.repeat(64)}`, startTime: 1, justification: '' } },
      }],
    };
    return mount(<GrantPermissions approval={{ id: 'a', origin: 'https://dapp.example', type: 'grantPermissions', details } as ApprovalView & { type: 'grantPermissions' }} state={{ accounts: [] } as unknown as WalletState} />);
  };
  const warnings = () => [...container.querySelectorAll('section [role="alert"]')].map((p) => p.textContent);

  it('says what the stream may take in its first day beside what the account holds', async () => {
    await streaming();
    expect(warnings()).toEqual(['In its first day it may take 86,400,000 USDC, more than the account holds now (500 USDC).']);
  });

  it('writes both amounts as the screen’s language does', async () => {
    speak('pt_BR');
    await streaming();
    expect(warnings()).toContain('No primeiro dia, pode pegar 86.400.000 USDC, mais do que a conta tem agora (500 USDC).');
  });
});
