/** Approve of a Ledger account's request goes to the device step; any other request is approved as before. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalViewOf } from '../../../shared/approvals';
import type { DeviceRequest } from '../../../shared/deviceSigning';

const call = vi.fn(async (_method: string, _params?: unknown): Promise<unknown> => null);
vi.mock('../../api/background', () => ({ call }));
const { approve } = await import('../resolve');
const { useDeviceStep } = await import('./deviceStep');

afterEach(() => {
  call.mockReset();
  useDeviceStep.getState().done();
});

const approval = (id: string) => ({ id, origin: 'https://dapp.example', type: 'signMessage', details: {} }) as unknown as ApprovalViewOf<'signMessage'>;

describe('Approve', () => {
  it("of a Ledger account's request asks the worker what the device signs and shows the device step, approving nothing yet", async () => {
    const request = { approvalId: 'l1', account: '0x01', path: "44'/60'/0'/0/0", payload: { kind: 'message', message: '0x68' } } as DeviceRequest;
    call.mockImplementation(async (method) => (method === 'deviceRequest' ? request : null));
    await approve(approval('l1'), null);
    expect(call.mock.calls).toEqual([['deviceRequest', { id: 'l1', answer: null }]]);
    expect(useDeviceStep.getState().request).toEqual(request);
  });

  it("of a request whose key the wallet holds approves it as before", async () => {
    await approve(approval('k1'), null);
    expect(call.mock.calls).toEqual([['deviceRequest', { id: 'k1', answer: null }], ['resolveApproval', { id: 'k1', approved: true, answer: null }]]);
    expect(useDeviceStep.getState().request).toBeNull();
  });
});
