// @vitest-environment happy-dom
/** Home's account header: a Ledger account says so beside its name. */
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../testing/mount';
import { AccountChip } from './AccountChip';

const LEDGER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

describe('AccountChip', () => {
  const { container, render } = mountPoint();
  it('shows the Ledger badge for a Ledger account', async () => {
    await render(<AccountChip name="Cold" address={LEDGER} ledger onOpen={() => undefined} />);
    expect(container.querySelector('[aria-label="Selected account"] [aria-label="Ledger account"]')?.textContent).toBe('Ledger');
  });
});
