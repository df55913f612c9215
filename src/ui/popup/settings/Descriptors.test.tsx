// @vitest-environment happy-dom
/** Settings' descriptor files: the files kept, the ones the wallet stopped using because they named no deployments, and the stored ones it does not use, with why. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../testing/mount';

const { call, refresh } = vi.hoisted(() => ({ call: vi.fn(async () => null), refresh: vi.fn(async () => undefined) }));
vi.mock('../../api/background', () => ({ call }));
vi.mock('../../stores/wallet', () => ({ useWallet: { getState: () => ({ refresh }) } }));
const { Descriptors } = await import('./Descriptors');

describe('the descriptor files in Settings', () => {
  const { container, render } = mountPoint();

  it('names a file the wallet dropped for naming no deployments; Remove takes it off and the list is read again', async () => {
    await render(<Descriptors names={['vote.json']} dropped={['everywhere.json']} unused={[]} />);
    expect(container.querySelector('[aria-label="Dropped everywhere.json"]')?.textContent).toContain(
      'everywhere.json is no longer used: it names no deployments, so it would describe every contract on every chain.',
    );
    await act(async () => (container.querySelector('[aria-label="Remove everywhere.json"]') as HTMLButtonElement).click());
    expect(call).toHaveBeenCalledWith('removeDescriptor', { name: 'everywhere.json' });
    expect(refresh).toHaveBeenCalled();
  });

  it('names a stored file the wallet does not use and says why, as the parser refused it, with its Remove; it is not listed as in use', async () => {
    const why = 'metadata.token.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not 1.5';
    const words = { key: 'errors_descriptorDecimals' as const, values: { place: 'metadata.token.decimals', max: '36', value: '1.5' } };
    await render(<Descriptors names={['vote.json', 'old.json', 'odd.json']} dropped={[]} unused={[{ name: 'old.json', why, words }, { name: 'odd.json', why: 'something else' }]} />);
    expect([...container.querySelectorAll('li .mono')].map((item) => item.textContent)).toEqual(['vote.json']);
    expect(container.querySelector('[aria-label="Not used: old.json"]')?.textContent).toContain(`old.json is no longer used: ${why}.`);
    expect(container.querySelector('[aria-label="Not used: odd.json"]')?.textContent).toContain('odd.json is no longer used: something else.');
    await act(async () => (container.querySelector('[aria-label="Remove old.json"]') as HTMLButtonElement).click());
    expect(call).toHaveBeenCalledWith('removeDescriptor', { name: 'old.json' });
  });
});
