// @vitest-environment happy-dom
/**
 * Settings' descriptor files: the files kept, the ones the wallet stopped using because they named no deployments, and
 * the stored ones it does not use, with why, which the screen asks for when it opens and after each change.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageMethod } from '../../../shared/pages';
import type { UnusedDescriptor } from '../../../shared/unusedDescriptors';
import { mountPoint } from '../../testing/mount';

const { call, refresh, unused } = vi.hoisted(() => {
  // What the worker answers getUnusedDescriptors with.
  const unused: { answer: () => Promise<unknown> } = { answer: async () => [] };
  return { unused, call: vi.fn(async (method: string, _params?: unknown) => (method === 'getUnusedDescriptors' ? unused.answer() : null)), refresh: vi.fn(async () => undefined) };
});
vi.mock('../../api/background', () => ({ call }));
vi.mock('../../stores/wallet', () => ({ useWallet: { getState: () => ({ refresh }) } }));
const { Descriptors } = await import('./Descriptors');

const why = 'metadata.token.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not 1.5';
const words = { key: 'errors_descriptorDecimals' as const, values: { place: 'metadata.token.decimals', max: '36', value: '1.5' } };
const OLD: UnusedDescriptor = { name: 'old.json', why, words };
const asked = (method: PageMethod) => call.mock.calls.filter(([m]) => m === method).length;
const listed = (container: HTMLElement) => [...container.querySelectorAll('li .mono')].map((item) => item.textContent);

describe('the descriptor files in Settings', () => {
  const { container, render } = mountPoint();
  beforeEach(() => {
    call.mockClear();
    unused.answer = async () => [];
  });

  it('names a file the wallet dropped for naming no deployments; Remove takes it off and the list is read again', async () => {
    await render(<Descriptors names={['vote.json']} dropped={['everywhere.json']} />);
    expect(container.querySelector('[aria-label="Dropped everywhere.json"]')?.textContent).toContain(
      'everywhere.json is no longer used: it names no deployments, so it would describe every contract on every chain.',
    );
    await act(async () => (container.querySelector('[aria-label="Remove everywhere.json"]') as HTMLButtonElement).click());
    expect(call).toHaveBeenCalledWith('removeDescriptor', { name: 'everywhere.json' });
    expect(refresh).toHaveBeenCalled();
  });

  it('asks which stored files are unused when it opens, and names each, saying why, as the parser refused it, with its Remove; it is not listed as in use', async () => {
    unused.answer = async () => [OLD, { name: 'odd.json', why: 'something else' }];
    await render(<Descriptors names={['vote.json', 'old.json', 'odd.json']} dropped={[]} />);
    expect(asked('getUnusedDescriptors')).toBe(1);
    expect(listed(container)).toEqual(['vote.json']);
    expect(container.querySelector('[aria-label="Not used: old.json"]')?.textContent).toContain(`old.json is no longer used: ${why}.`);
    expect(container.querySelector('[aria-label="Not used: odd.json"]')?.textContent).toContain('odd.json is no longer used: something else.');
    unused.answer = async () => [{ name: 'odd.json', why: 'something else' }];
    await act(async () => (container.querySelector('[aria-label="Remove old.json"]') as HTMLButtonElement).click());
    expect(call).toHaveBeenCalledWith('removeDescriptor', { name: 'old.json' });
    // Asked again after the change: the file removed is no longer named.
    expect(asked('getUnusedDescriptors')).toBe(2);
    expect(container.querySelector('[aria-label="Not used: old.json"]')).toBeNull();
  });

  it('asks again after a file is added: one fixed under the same name is no longer named unused', async () => {
    unused.answer = async () => [OLD];
    await render(<Descriptors names={['old.json']} dropped={[]} />);
    expect(container.querySelector('[aria-label="Not used: old.json"]')).not.toBeNull();
    unused.answer = async () => [];
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['{}'], 'old.json', { type: 'application/json' })], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await act(async () => {});
    expect(call).toHaveBeenCalledWith('addDescriptor', { name: 'old.json', json: {} });
    expect(asked('getUnusedDescriptors')).toBe(2);
    expect(container.querySelector('[aria-label="Not used: old.json"]')).toBeNull();
    expect(listed(container)).toEqual(['old.json']);
  });

  it('still works when the worker cannot say which files are unused: no file is named unused, each is listed with its Remove', async () => {
    unused.answer = async () => Promise.reject(new Error('worker stopping'));
    await render(<Descriptors names={['vote.json', 'old.json']} dropped={[]} />);
    expect(listed(container)).toEqual(['vote.json', 'old.json']);
    expect(container.querySelector('[aria-label^="Not used"]')).toBeNull();
    expect(container.querySelector('[aria-label="Remove old.json"]')).not.toBeNull();
  });
});
