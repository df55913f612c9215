// @vitest-environment happy-dom
/**
 * A row of a record the wallet did not write as it stands (planted or changed in storage.local, which a page's content
 * script writes on Firefox) says so: what it reads is no fact of the wallet's.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ActivityItem } from '../../../shared/activity';
import { mountPoint } from '../../testing/mount';

vi.mock('../../api/background', () => ({ call: vi.fn() }));
vi.mock('../../stores/wallet', () => ({ useWallet: (select: (s: { state: { networks: [] } }) => unknown) => select({ state: { networks: [] } }) }));
const { Row } = await import('./Row');

const sent10Eth = (altered?: true): ActivityItem => ({
  key: 'k', id: 'b1', origin: 'https://dapp.example', chainId: '0x7a69', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', atomic: true, status: 200,
  calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '10000000000000000000', dataSize: 0 }], transactions: [], createdAt: 0, ...(altered && { altered }),
});

const screen = mountPoint();
const marks = async (shown: ActivityItem) => {
  screen.unmount();
  const container = await screen.render(<Row item={shown} />);
  return [...container.querySelectorAll('[aria-label="Altered"]')].map((e) => e.textContent);
};

describe('an Activity row', () => {
  it('of a record altered outside the wallet says so; the wallet\'s own says nothing of it', async () => {
    expect(await marks(sent10Eth(true))).toEqual(['Changed outside the wallet: this record is not the wallet’s, and nothing in it is vouched for']);
    expect(await marks(sent10Eth())).toEqual([]);
  });
});
