// @vitest-environment happy-dom
/** Activity says grants and their revokes in words: granted, and what became of each revoke. */
import { describe, expect, it, vi } from 'vitest';
import type { GrantMention } from '../../../shared/grants';
import { HASH, container, item, items, render, texts } from './Activity.fixture';

vi.mock('../../api/background', async () => (await import('./Activity.fixture')).background);
vi.mock('webextension-polyfill', async () => (await import('./Activity.fixture')).polyfill);
vi.mock('../../api/runtime', async () => (await import('./Activity.fixture')).runtime);
vi.mock('../../stores/wallet', async () => (await import('./Activity.fixture')).walletStore);

describe('Activity', () => {
  it('a grant reads as granted, and a batch that revoked grants says which', async () => {
    const grant: GrantMention = {
      origin: 'https://dapp.example', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [], token: { symbol: 'TST', decimals: 18 },
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xde0b6b3a7640000', startTime: 1, justification: '' } },
    };
    items.push(item({ key: 'g', kind: 'grant', status: 200, calls: [], grant }), item({ key: 'r', status: 200, revokes: [grant, grant] }));
    await render();
    const lines = [...container.querySelectorAll('[aria-label="Calls"] li')].map((li) => li.textContent);
    expect(lines).toEqual([
      'Permission granted to 0x7099…79C8: up to 1 TST in all on https://dapp.example',
      'Permission revoked: up to 1 TST in all to 0x7099…79C8 on https://dapp.example',
      'Permission revoked: up to 1 TST in all to 0x7099…79C8 on https://dapp.example',
    ]);
    expect([...container.querySelectorAll('[aria-label="Status"]')].map((s) => s.textContent)).toEqual(['Granted', 'Confirmed']);
  });

  // "Permission revoked" beside "Reverted" says the grant is gone while it is still in force.
  it('a revoke says what became of it: revoking while pending, revoked once confirmed, revoke failed when it was not sent, reverted or cancelled', async () => {
    const grant: GrantMention = {
      origin: 'https://dapp.example', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [], token: { symbol: 'TST', decimals: 18 },
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xde0b6b3a7640000', startTime: 1, justification: '' } },
    };
    const cancelled = [{ hash: HASH, nonce: 3, status: 'replaced' as const }, { hash: `0x${'bb'.repeat(32)}` as const, nonce: 3, status: 'confirmed' as const, cancel: true, replaces: HASH }];
    items.push(
      item({ key: 'p', status: 100, revokes: [grant] }), item({ key: 'c', status: 200, revokes: [grant] }), item({ key: 'n', status: 400, revokes: [grant] }),
      item({ key: 'r', status: 500, revokes: [grant] }), item({ key: 'x', status: 200, revokes: [grant], transactions: cancelled }),
    );
    await render();
    const said = (outcome: string) => `${outcome}: up to 1 TST in all to 0x7099…79C8 on https://dapp.example`;
    expect(texts('[aria-label="Calls"] li')).toEqual([said('Revoking permission'), said('Permission revoked'), said('Revoke failed'), said('Revoke failed'), said('Revoke failed')]);
    expect(texts('[aria-label="Status"]')).toEqual(['Pending', 'Confirmed', 'Failed (not sent)', 'Reverted', 'Cancelled']);
  });
});
