/** A change to the wallet's storage while the window loaded, before the store listened, is not missed. */
import { expect, it, vi } from 'vitest';
import type { WalletState } from '../../shared/walletState';

const { call, answers, changed } = vi.hoisted(() => {
  const answers: ((state: unknown) => void)[] = [];
  return {
    answers,
    changed: [] as (() => void)[],
    call: vi.fn((method: string) => (method === 'getState' ? new Promise((resolve) => answers.push(resolve)) : Promise.reject(new Error(method)))),
  };
});
vi.mock('../api/background', () => ({ call }));
vi.mock('../api/runtime', () => ({ onStorageChanged: (listener: () => void) => changed.push(listener) }));
vi.mock('webextension-polyfill', () => ({ default: { storage: { onChanged: { addListener: vi.fn() } } } }));

const planning = { approvals: [], planning: [{ id: 'p', origin: 'https://dapp.example', method: 'wallet_sendCalls' }] } as unknown as WalletState;
const queued = { approvals: [{ id: 'a', type: 'sendCalls', origin: 'https://dapp.example', details: {} }], planning: [] } as unknown as WalletState;

it('asks again when the storage changed between the first state and the store\'s own listener (the batch queued while the window loaded)', async () => {
  await import('./firstState');
  // The first script asked for the state; the batch is queued before the app's script loads.
  for (const listener of changed) listener();
  const { useWallet } = await import('./wallet');
  answers.shift()!(planning);
  answers.shift()!(queued);
  await vi.waitFor(() => expect(useWallet.getState().state).toEqual(queued));
});
