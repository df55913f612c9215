/** A grant as the wallet keeps it once signed: when it was made, which Activity orders it by. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GrantPermissionsDetails } from '../../shared/grants';
import type { Hex } from '../../shared/params';
import { signedGrants } from './grantCode';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const details = {
  account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH',
  grants: [{
    to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [], token: { symbol: 'ETH', decimals: 18, balance: '0' }, dangers: [],
    permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x10', startTime: 1_700_000_000, justification: '' } },
  }],
} as unknown as GrantPermissionsDetails;
const sign = async () => `0x${'1'.repeat(130)}` as Hex;

afterEach(() => void vi.useRealTimers());

describe('a signed grant', () => {
  // The approval took `now` before the account's upgrade was sent, and the upgrade's batch was planned with the screen:
  // a grant dated by the whole second of `now` came before its own upgrade in Activity when both fell in one second.
  it('is dated when it was signed, to the millisecond, not by the second the approval began', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_900);
    const [grant] = await signedGrants(details, null, { origin: 'https://dapp.example', sign, now: 1_700_000_000, nonce: 0n });
    expect(grant.grantedAt).toBe(1_700_000_000_900);
  });
});
