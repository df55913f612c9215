// @vitest-environment happy-dom
/** The approval screens' numbers in the browser's language, and counts in their plural form. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalViewOf } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { WatchCollectibleDetails } from '../../shared/approvals/watchAsset';
import { mountPoint } from '../testing/mount';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { Upgrade } = await import('./Upgrade');
const { WatchCollectible } = await import('./WatchCollectible');

const { container, render } = mountPoint();
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const i18n = (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n;
const speaking = (language: string) => vi.spyOn(i18n, 'getUILanguage').mockReturnValue(language);
afterEach(() => vi.restoreAllMocks());

describe('the approval window in the browser’s language', () => {
  it('an ERC-1155 balance is grouped as the browser’s language groups digits', async () => {
    speaking('es');
    const details: WatchCollectibleDetails = {
      account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet',
      collectible: { standard: 'ERC1155', address: ACCOUNT, tokenId: '7', name: 'Items', balance: '1234567' },
    };
    await render(<WatchCollectible approval={{ id: 'a', origin: 'https://dapp.example', type: 'watchAsset', details } as ApprovalViewOf<'watchAsset'>} details={details} />);
    expect(container.querySelector('[aria-label="Collectible balance"]')?.textContent).toBe('1.234.567');
  });

  it('the upgrade counts its calls in the plural form the count takes', async () => {
    const details = { from: ACCOUNT, networkName: 'Local devnet', calls: [{}] } as unknown as SendCallsDetails;
    await render(<Upgrade approval={{ id: 'a', origin: 'https://dapp.example', type: 'sendCalls', details } as ApprovalViewOf<'sendCalls'>} details={details} onAccept={() => undefined} />);
    expect(container.querySelector('p')?.textContent).toMatch(/^https:\/\/dapp\.example asks to run 1 call together, all or nothing\./);
  });
});
