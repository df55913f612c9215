/** Approve of a Ledger account's request goes to the device step; any other request is approved as before. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalViewOf } from '../../../shared/approvals';
import type { DeviceRequest } from '../../../shared/deviceSigning';

const call = vi.fn(async (_method: string, _params?: unknown): Promise<unknown> => null);
vi.mock('../../api/background', () => ({ call }));
const { approve, reject } = await import('../resolve');
const { useDeviceStep } = await import('./deviceStep');

afterEach(() => {
  call.mockReset();
  useDeviceStep.getState().done();
});

const approval = (id: string) => ({ id, origin: 'https://dapp.example', type: 'signMessage', details: {} }) as unknown as ApprovalViewOf<'signMessage'>;

describe('Approve', () => {
  it("of a Ledger account's request shows the device step with what the worker answers, approving nothing yet; Reject still answers it", async () => {
    const request = { approvalId: 'l1', account: '0x01', path: "44'/60'/0'/0/0", payload: { kind: 'message', message: '0x68' } } as DeviceRequest;
    call.mockImplementation(async (method, params) => (method === 'resolveApproval' && (params as { approved: boolean }).approved ? request : null));
    await approve(approval('l1'), null);
    expect(call.mock.calls).toEqual([['resolveApproval', { id: 'l1', approved: true, answer: null }]]);
    expect(useDeviceStep.getState().request).toEqual(request);
    await reject(approval('l1'));
    expect(call.mock.calls[1]).toEqual(['resolveApproval', { id: 'l1', approved: false }]);
  });

  // One message: a worker stopped right after the click has the approval already (restart.chromium.spec.ts).
  it('of a request whose key the wallet holds approves it in one message to the worker', async () => {
    await approve(approval('k1'), null);
    expect(call.mock.calls).toEqual([['resolveApproval', { id: 'k1', approved: true, answer: null }]]);
    expect(useDeviceStep.getState().request).toBeNull();
  });
});
