/** The wallet store shows the newest state it was told: an answer that arrives after a newer one is dropped. */
import { describe, expect, it, vi } from 'vitest';
import type { WalletState } from '../../shared/walletState';

const { call, answers } = vi.hoisted(() => {
  const answers: ((state: unknown) => void)[] = [];
  return { answers, call: vi.fn((method: string) => (method === 'getState' ? new Promise((resolve) => answers.push(resolve)) : Promise.reject(new Error(method)))) };
});
vi.mock('../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { storage: { onChanged: { addListener: vi.fn() } } } }));
const { useWallet } = await import('./wallet');

const state = (accounts: number) => ({ unlocked: true, accounts: Array.from({ length: accounts }, (_, i) => ({ address: `0x${i}`, name: `Account ${i + 1}` })) }) as unknown as WalletState;

describe('the wallet store', () => {
  it('keeps the state of the later refresh when the earlier one\'s answer comes last (a wallet just created: no account, then its first)', async () => {
    answers.shift()!(state(0)); // The first statement's state.
    await vi.waitFor(() => expect(useWallet.getState().state).toEqual(state(0)));
    const earlier = useWallet.getState().refresh();
    const later = useWallet.getState().refresh();
    const [answerEarlier, answerLater] = answers.splice(0);
    answerLater(state(1));
    await later;
    answerEarlier(state(0));
    await earlier;
    expect(useWallet.getState().state).toEqual(state(1));
  });

  it('still takes each newer answer while older ones are on their way', async () => {
    const first = useWallet.getState().refresh();
    const second = useWallet.getState().refresh();
    const [answerFirst, answerSecond] = answers.splice(0);
    answerFirst(state(2));
    await first;
    expect(useWallet.getState().state).toEqual(state(2));
    answerSecond(state(3));
    await second;
    expect(useWallet.getState().state).toEqual(state(3));
  });
});
