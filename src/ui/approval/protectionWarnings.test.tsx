// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

// The preview never arrives: these tests look only at the warnings the background put in the request.
vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount, unmount } = mountPoint();
const render = (approval: Omit<ApprovalView, 'id' | 'origin'>, origin = 'https://dapp.example') =>
  mount(<ApprovalScreen approval={{ id: 'a', origin, ...approval } as ApprovalView} state={{ accounts: [] } as unknown as WalletState} />);
const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;
const buttons = () => [...container.querySelectorAll('button')].map((b) => b.textContent);

const FRIEND = '0xAC1C32Ad85B96F6a9D2aB94875B284976fbCC494';
const POISON = '0xac1c00000000000000000000000000000000c494';

describe('protection warnings on the approval screens', () => {
  it('phishing: the whole screen warns, with Back to safety and Continue anyway', async () => {
    await render({ type: 'phishing', details: { hostname: 'phish.example', request: { method: 'eth_requestAccounts' } } }, 'https://phish.example');
    expect(container.querySelector('h1')?.textContent).toBe('Deceptive site');
    expect(text('Phishing warning')).toMatch(/^phish\.example is on the community phishing list/);
    expect(buttons()).toEqual(['Continue anyway (I trust this site)', 'Back to safety']);
  });

  it('connect: a look-alike site is warned about, a plain one is not', async () => {
    await render({ type: 'connect', details: { lookAlikeSite: 'This site’s address looks like opensea.io but is not it.' } });
    expect(text('Look-alike site')).toBe('This site’s address looks like opensea.io but is not it. Check the address bar before you connect.');
    unmount();
    await render({ type: 'connect', details: {} });
    expect(text('Look-alike site')).toBeUndefined();
  });

  it('sendTransaction: a look-alike recipient, both addresses whole and checksummed', async () => {
    await render({
      type: 'sendTransaction',
      details: {
        batchId: 'b', from: FRIEND, networkName: 'Local devnet', symbol: 'ETH', call: { to: POISON, value: '1', dataSize: 0 },
        gasLimit: '21000', maxFees: { market: '1' }, lookAlikeRecipients: [{ recipient: POISON, resembles: FRIEND.toLowerCase() as `0x${string}` }],
      },
    });
    expect(text('Look-alike address')).toBe(`The recipient ${POISON} looks like ${FRIEND}, an address you used before, but is not it: it may have been planted in your history (address poisoning). Compare every character before you approve.`);
  });

  it('sendTransaction: the popup’s Revoke all says it is one, on which network, and how many increments it makes', async () => {
    await render({
      type: 'sendTransaction',
      details: {
        batchId: 'b', from: FRIEND, networkName: 'Local devnet', symbol: 'ETH', call: { to: FRIEND, value: '0', dataSize: 900 },
        gasLimit: '90000', maxFees: { market: '1' }, revokeAll: { increments: 3 },
      },
    }, 'chrome-extension://wallet');
    expect(text('Revoke all permissions')).toBe("Revokes every permission this account granted on Local devnet: the call below raises the account's permission nonce at the NonceEnforcer past every permission this wallet signed (3 × incrementNonce, in this one transaction), and does nothing else.");
  });

  it('watchAsset: a token that takes a well-known symbol names the real contract', async () => {
    await render({
      type: 'watchAsset',
      details: {
        account: FRIEND, chainId: '0x2105', networkName: 'Base', requested: { symbol: 'USDC', decimals: 6 },
        token: { address: POISON, symbol: 'USDC', decimals: 6, balance: '0' },
        imitates: { symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
      },
    });
    expect(text('Look-alike token')).toBe('USDC on Base is the contract 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913; this token uses its symbol but is another contract. Fake tokens like this one lure people into swaps and approvals.');
  });
});
