import { describe, expect, it } from 'vitest';
import { parseExecutionPermissionRequests } from '../../shared/schemas/executionPermissions';
import { startsOnChain } from './chainStart';

const NOW = 1_800_000_000;
const request = (startTime?: number) => parseExecutionPermissionRequests([{
  chainId: '0x1', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [],
  permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x64', periodDuration: 86_400, ...(startTime ? { startTime } : {}) } },
}], NOW)[0];

describe('a grant that starts now starts at the chain’s now', () => {
  it('takes the head’s time when the chain is behind the wallet’s clock (a mainnet head can be 12 s old): redeemed at once, it has started', () => {
    expect(startsOnChain(request(), NOW - 12, NOW).permission.data.startTime).toBe(NOW - 12);
    expect(startsOnChain(request(NOW - 30), NOW - 12, NOW).permission.data.startTime).toBe(NOW - 30);
  });

  it('keeps a later start, and the wallet’s now when the chain is ahead', () => {
    expect(startsOnChain(request(NOW + 3600), NOW - 12, NOW).permission.data.startTime).toBe(NOW + 3600);
    expect(startsOnChain(request(), NOW + 5, NOW).permission.data.startTime).toBe(NOW);
  });

  it('does not take a stale node’s time: at most five minutes back, as a site’s own start', () => {
    expect(startsOnChain(request(), NOW - 86_400, NOW).permission.data.startTime).toBe(NOW - 300);
  });
});
