// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import { DELEGATOR_V08 } from '../../shared/contracts';
import type { Danger } from '../../shared/dangers';
import type { GrantPermissionsDetails } from '../../shared/grants';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

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
