// @vitest-environment happy-dom
/** A failed gas estimate's warning on the review, in the browser's language: a node's message inside it as the server's. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount } = mountPoint();
const render = (warning: string) => mount(
  <ApprovalScreen
    approval={{
      id: 'a', origin: 'https://dapp.example', type: 'sendCalls',
      details: { batchId: 'b', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: '0x7a69', networkName: 'Devnet', symbol: 'ETH', atomic: true, upgrade: false, calls: [], totalValue: '0', maxFee: '1', warning } satisfies SendCallsDetails,
    } as ApprovalView}
    state={{ accounts: [] } as unknown as WalletState}
  />,
);

describe("a failed estimate's warning", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is said in the browser's language, what a node wrote inside it as the server's", async () => {
    speak('ja');
    await render("The batch is likely to revert: The network's server answered: execution reverted: paused");
    expect(container.querySelector('[aria-label="ガスの見積もり"]')?.textContent).toContain('このバッチはリバートする可能性が高いです：ネットワークのサーバーの応答：execution reverted: paused');
  });

  it('shows a warning stored before, uncleaned, without what reorders or hides text', async () => {
    await render('A call to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is likely to revert: paused\u202E and more');
    expect(container.querySelector('[aria-label="Gas estimate"]')?.textContent).toContain('A call to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is likely to revert: paused and more');
  });
});
