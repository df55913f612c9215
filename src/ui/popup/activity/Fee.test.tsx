// @vitest-environment happy-dom
/** The fee line stays inside the popup whatever a record claims, and sums only claims that can all be true. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActivityItem, ActivityTransaction } from '../../../shared/activity';
import { mountPoint } from '../../testing/mount';
import { Fee } from './Fee';

const item = (transactions: ActivityTransaction[]): ActivityItem => ({
  key: 'k', id: 'b1', origin: 'https://dapp.example', chainId: '0x1', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', atomic: true,
  status: 200, calls: [], transactions, createdAt: 0,
});
const tx = (n: number, extra: Partial<ActivityTransaction>): ActivityTransaction => ({ hash: `0x${n.toString(16).padStart(64, '0')}`, nonce: 3, status: 'confirmed', ...extra });

const { container, render: mount, unmount } = mountPoint();
const render = (of: ActivityItem) => mount(<li className="card activity-row"><Fee item={of} symbol="ETH" /></li>);
const fee = () => container.querySelector<HTMLElement>('[aria-label="Network fee"]');

describe('the fee line', () => {
  it('wraps a fee of 78 characters (2^256 - 1 wei, a planted record\'s or a dapp\'s absurd fee) inside the row, every digit kept', async () => {
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = ['styles.css', 'popup.css'].map((file) => readFileSync(resolve(import.meta.dirname, '../../components', file), 'utf8')).join('\n');
    await render(item([tx(1, { feePaid: `0x${'f'.repeat(64)}` })]));
    expect(fee()!.textContent).toBe('Fee 115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,458 ETH');
    expect(getComputedStyle(fee()!).overflowWrap).toBe('anywhere');
    style.remove();
  });

  it('is none when two transactions at one nonce both claim to be mined: only one can be, and a sum would count a fee twice', async () => {
    await render(item([tx(1, { status: 'confirmed', feePaid: '0x1319718a5000' }), tx(2, { status: 'failed', replaces: tx(1, {}).hash, feePaid: '0x2d79883d2000' })]));
    expect(fee()).toBeNull();
    unmount();
    await render(item([tx(1, { status: 'replaced' }), tx(2, { replaces: tx(1, {}).hash, feePaid: '0x2d79883d2000' })]));
    expect(fee()!.textContent).toBe('Fee 0.00005 ETH');
  });
});
