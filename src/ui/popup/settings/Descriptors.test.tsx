// @vitest-environment happy-dom
/** Settings' descriptor files: the files kept, and the ones the wallet stopped using because they named no deployments. */
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
    await render(<Descriptors names={['vote.json']} dropped={['everywhere.json']} />);
    expect(container.querySelector('[aria-label="Dropped everywhere.json"]')?.textContent).toContain(
      'everywhere.json is no longer used: it names no deployments, so it would describe every contract on every chain.',
    );
    await act(async () => (container.querySelector('[aria-label="Remove everywhere.json"]') as HTMLButtonElement).click());
    expect(call).toHaveBeenCalledWith('removeDescriptor', { name: 'everywhere.json' });
    expect(refresh).toHaveBeenCalled();
  });
});
