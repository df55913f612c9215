/** The wallet's own approvals (Speed up, Cancel, Revert to a plain account) are out of every page's reach. */
import { Transaction, Wallet, ZeroAddress, verifyAuthorization } from 'ethers';
import { describe, expect, it } from 'vitest';
import { KNOWN_DELEGATES, SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';
import { completeApproval, runRequest } from './pipeline';
import { authorizationsIn } from './walletRequests';

const ORIGIN = 'https://dapp.example';
const replyTo = { tabId: 3, frameId: 0, origin: ORIGIN, requestId: '1' };

describe('walletMethods', () => {
  it('are not methods a dapp can call', async () => {
    const services = {} as Services;
    for (const method of ['replaceTransaction', 'revokeDelegation', 'revertForeignDelegation']) {
      expect(await runRequest({ method, params: [] }, { origin: ORIGIN, method, replyTo, services })).toMatchObject({ error: { code: 4200 } });
    }
  });

  it('are never finished for a request that came from a tab', async () => {
    const record = { id: 'a', type: 'revokeDelegation', method: 'revokeDelegation', origin: ORIGIN, replyTo, createdAt: 0, details: {} } as unknown as ApprovalRecord;
    await expect(completeApproval({} as Services, record, { approved: true, answer: 'market' })).rejects.toThrow(/No approval of type revokeDelegation/);
  });

  it('are never finished for a request without a tab that is not the wallet\'s own (a context with tab id -1)', async () => {
    const record = { id: 'a', type: 'revokeDelegation', method: 'revokeDelegation', origin: ORIGIN, replyTo: { ...replyTo, tabId: -1 }, createdAt: 0, details: {} } as unknown as ApprovalRecord;
    await expect(completeApproval({} as Services, record, { approved: true, answer: 'market' })).rejects.toThrow(/No approval of type revokeDelegation/);
  });
});

describe('a speed-up\'s screen', () => {
  it('names the EIP-7702 authorizations the original carries, which the replacement signs again', async () => {
    const [sender, other] = [Wallet.createRandom(), Wallet.createRandom()];
    const authorizationList = [
      await sender.authorize({ address: SIMPLE_7702_ACCOUNT, nonce: 1n, chainId: 31337n }),
      await other.authorize({ address: ZeroAddress, nonce: 0n, chainId: 31337n }),
    ];
    const raw = (await sender.signTransaction({ type: 4, chainId: 31337n, nonce: 0, to: sender.address, gasLimit: 100_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, authorizationList })) as Hex;
    expect(authorizationsIn(raw, { Transaction, verifyAuthorization })).toEqual([
      { authority: sender.address, delegate: SIMPLE_7702_ACCOUNT, delegateName: KNOWN_DELEGATES[SIMPLE_7702_ACCOUNT.toLowerCase()] },
      { authority: other.address, delegate: ZeroAddress },
    ]);
  });
});
