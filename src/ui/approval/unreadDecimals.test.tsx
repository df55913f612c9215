// @vitest-environment happy-dom
/**
 * An ERC-20 whose decimals() the wallet could not read (the node failed, or the answer was no uint8 of at most 36) is
 * counted in its smallest unit: the screen says so, or 1 USDC received read as 1,000,000 USDC.
 */
import { describe, expect, it } from 'vitest';
import type { AssetInfo, Preview } from '../../shared/preview';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { PreviewPanel } from './PreviewPanel';

const { container, render } = mountPoint();
const TOKEN = '0x00000000000000000000000000000000000000aa';
const unread: AssetInfo = { token: TOKEN, standard: 'erc20', symbol: 'USDC', decimals: 0, decimalsUnread: true };
const preview: Preview = {
  kind: 'simulated', balance: '0', tokens: { [TOKEN]: unread },
  changes: [{ ...unread, amount: '1000000' }],
  allowances: [{ ...unread, spender: '0x00000000000000000000000000000000000000bb', amount: '5000000', unlimited: false, revoked: false }],
};

describe('a token whose decimals were not read', () => {
  it('has its amounts said to be in its smallest unit, received and allowed alike', async () => {
    speak('en');
    await render(<PreviewPanel state={{ loading: false, preview }} fee={{ sponsor: 'app.example' }} />);
    const rows = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows.filter((row) => row?.includes('smallest unit'))).toHaveLength(2);
  });

  it('says so in the browser\'s language', async () => {
    speak('es');
    await render(<PreviewPanel state={{ loading: false, preview }} fee={{ sponsor: 'app.example' }} />);
    expect(container.textContent).toContain('unidad más pequeña');
  });
});
