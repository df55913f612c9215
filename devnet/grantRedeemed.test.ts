/**
 * A grant the wallet builds (src/background/executionPermissions/), redeemed on a chain with the Delegation Framework
 * (anvil, as the devnet deploys it): the session account moves tokens within the period's amount and the enforcer
 * says what was spent; a redemption above the amount reverts, and so does one after the account disabled the
 * delegation or raised its nonce (revoking every grant). Revoke all as the wallet sends it: one increment at the
 * enforcer, or several in one transaction to the account's own DeleGator, past a grant a lying node had put ahead.
 */
import { Contract, JsonRpcProvider, SigningKey, Wallet, ZeroHash, hexlify, id, parseEther, randomBytes, solidityPacked, toBeHex } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetAccounts } from './accounts';
import { startAnvil, type Anvil } from './anvil';
import { TEST_TOKEN_ADDRESS } from './constants';
import { deployContracts } from './deploy';
import { deployDelegationFramework } from './delegationFramework';
import { DELEGATOR_V08 } from '../src/shared/contracts';
import { parseExecutionPermissionRequests } from '../src/shared/schemas/executionPermissions';
import { typedDataDigest, typedDataStructHash } from '../src/shared/typedData/digest';
import { grantCaveats } from '../src/background/executionPermissions/caveats';
import { ROOT_AUTHORITY, delegationTypedData, permissionContext, type Delegation } from '../src/background/executionPermissions/delegation';
import { frameworkOn } from '../src/background/executionPermissions/framework';
import { currentNonce, revokeAllCall, revokeAllCalls, revokeAllIncrements } from '../src/background/executionPermissions/nonce';
import { settledNonces } from '../src/background/executionPermissions/nonceMarks';
import { grantOnChain, revokeCall } from '../src/background/executionPermissions/onChain';
import type { GrantRecord } from '../src/background/executionPermissions/store';
import { fakeBatches } from '../src/background/batches/storeFake.fixture';
import type { BatchRecord } from '../src/background/batches/types';
import type { ChainNode } from '../src/background/networks/rpcClient';

const RPC_PORT = 8653;
const CHAIN_ID = 31337;
const framework = frameworkOn(CHAIN_ID)!;
const token = (runner: Wallet | JsonRpcProvider) =>
  new Contract(TEST_TOKEN_ADDRESS, ['function balanceOf(address) view returns (uint256)', 'function transfer(address,uint256) returns (bool)'], runner);

describe('a grant redeemed through the DelegationManager', () => {
  let anvil: Anvil;
  let provider: JsonRpcProvider;
  let user: Wallet;
  let session: Wallet;
  const payee = Wallet.createRandom().address;

  beforeAll(async () => {
    anvil = await startAnvil({ port: RPC_PORT });
    provider = new JsonRpcProvider(anvil.rpcUrl, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    const accounts = devnetAccounts();
    await Promise.all([deployContracts(provider, accounts), deployDelegationFramework(provider)]);
    // accounts[0] holds the seeded test tokens; its EIP-7702 delegate becomes the wallet's DeleGator.
    user = new Wallet(accounts[0].privateKey, provider);
    session = new Wallet(accounts[3].privateKey, provider);
    const authorization = await user.authorize({ address: DELEGATOR_V08, nonce: (await user.getNonce()) + 1, chainId: CHAIN_ID });
    await (await user.sendTransaction({ type: 4, to: user.address, authorizationList: [authorization] })).wait();
  });
  afterAll(async () => {
    provider?.destroy();
    await anvil?.stop();
  });

  async function grant(nonce: bigint, startTime?: number): Promise<GrantRecord> {
    const [request] = parseExecutionPermissionRequests([{
      chainId: '0x7a69', to: session.address, rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 7200 } }],
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: TEST_TOKEN_ADDRESS, periodAmount: toBeHex(parseEther('10')), periodDuration: 86_400, startTime } },
    }], Math.floor(Date.now() / 1000) - 60);
    const unsigned = { delegate: session.address as `0x${string}`, delegator: user.address as `0x${string}`, authority: ROOT_AUTHORITY, caveats: grantCaveats(request, framework, nonce), salt: hexlify(randomBytes(8)) as `0x${string}` };
    const typedData = delegationTypedData(unsigned, CHAIN_ID, framework.delegationManager);
    const delegation: Delegation = { ...unsigned, signature: new SigningKey(user.privateKey).sign(typedDataDigest(typedData, 'V4')).serialized as `0x${string}` };
    return {
      id: typedDataStructHash(typedData), origin: 'https://site.example', chainId: '0x7a69', from: delegation.delegator, to: delegation.delegate, permission: request.permission, rules: request.rules,
      token: { symbol: 'TST', decimals: 18 }, delegation, delegationManager: framework.delegationManager, context: await permissionContext([delegation]), grantedAt: Date.now(),
    };
  }

  /** The session account redeems: a transfer of `amount` tokens from the user's account to `payee`. */
  function redeem({ context }: GrantRecord, amount: bigint) {
    const manager = new Contract(framework.delegationManager, ['function redeemDelegations(bytes[] permissionContexts, bytes32[] modes, bytes[] executionCallDatas)'], session);
    const transfer = token(session).interface.encodeFunctionData('transfer', [payee, amount]);
    return manager.redeemDelegations([context], [ZeroHash], [solidityPacked(['address', 'uint256', 'bytes'], [TEST_TOKEN_ADDRESS, 0, transfer])]);
  }

  const node: ChainNode = (method, params = []) => provider.send(method, params);

  it('moves tokens within the period’s amount, and no more; the enforcer says what was spent', async () => {
    const granted = await grant(0n);
    await (await redeem(granted, parseEther('6'))).wait();
    expect(await token(provider).balanceOf(payee)).toBe(parseEther('6'));
    expect(await grantOnChain(node, granted)).toEqual({ revoked: false, spent: parseEther('6') });
    await expect(redeem(granted, parseEther('5'))).rejects.toThrow(/ERC20PeriodTransferEnforcer:transfer-amount-exceeded/);
    await (await redeem(granted, parseEther('4'))).wait();
    expect(await token(provider).balanceOf(payee)).toBe(parseEther('10'));
  });

  it('has spent nothing before its start (the enforcer then says nothing is available)', async () => {
    const later = await grant(0n, Math.floor(Date.now() / 1000) + 3600);
    expect(await grantOnChain(node, later)).toEqual({ revoked: false, spent: 0n });
    await expect(redeem(later, 1n)).rejects.toThrow(/ERC20PeriodTransferEnforcer/);
  });

  it('is refused for the DelegationManager’s ANY_DELEGATE, whom anyone may redeem as', async () => {
    const manager = new Contract(framework.delegationManager, ['function ANY_DELEGATE() view returns (address)'], provider);
    const anyone = await manager.ANY_DELEGATE() as string;
    expect(() => parseExecutionPermissionRequests([{ chainId: '0x7a69', to: anyone, permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1' } } }], 0))
      .toThrow(/ANY_DELEGATE/);
  });

  it('is revoked by the account’s disableDelegation call, after which it redeems no more', async () => {
    const granted = await grant(0n);
    await (await user.sendTransaction(await revokeCall(granted))).wait();
    expect(await grantOnChain(node, granted)).toEqual({ revoked: true, spent: 0n });
    await expect(redeem(granted, 1n)).rejects.toMatchObject({ data: id('CannotUseADisabledDelegation()').slice(0, 10) });
  });

  it('is revoked with every other grant once the account raises its nonce', async () => {
    const granted = await grant(0n);
    const nonces = new Contract(framework.enforcers.nonce, ['function incrementNonce(address delegationManager)'], user);
    await (await nonces.incrementNonce(framework.delegationManager)).wait();
    await expect(redeem(granted, 1n)).rejects.toThrow(/NonceEnforcer:invalid-nonce/);
    // A grant made at the new nonce redeems.
    await (await redeem(await grant(1n), 1n)).wait();
  });

  describe('Revoke all', () => {
    const nonceNow = () => currentNonce(node, framework, user.address as `0x${string}`);
    const invalidNonce = /NonceEnforcer:invalid-nonce/;
    /** The enforcer's UsedNonce logs for the account in `receipt`: what the wallet counts a Revoke all by (nonceMarks.ts). */
    const usedNonces = (receipt: { logs: readonly { address: string; topics: readonly string[] }[] }) =>
      receipt.logs.filter((log) => log.address.toLowerCase() === framework.enforcers.nonce.toLowerCase()
        && log.topics[0] === id('UsedNonce(address,address,uint256)')
        && BigInt(log.topics[1]) === BigInt(framework.delegationManager) && BigInt(log.topics[2]) === BigInt(user.address)).length;

    it('of one increment is the enforcer’s incrementNonce: it stops the grant at the nonce, and wakes one a node put a step ahead', async () => {
      const before = await nonceNow();
      const [current, sleeping] = await Promise.all([grant(before), grant(before + 1n)]);
      await expect(redeem(sleeping, 1n)).rejects.toThrow(invalidNonce);
      const call = await revokeAllCalls(node, { account: user.address as `0x${string}`, chainId: '0x7a69', increments: 1n });
      expect(call).toEqual(await revokeAllCall('0x7a69'));
      expect(call.to).toBe(framework.enforcers.nonce);
      const receipt = (await (await user.sendTransaction(call)).wait())!;
      expect(receipt.status).toBe(1);
      expect(usedNonces(receipt)).toBe(1);
      expect(await nonceNow()).toBe(before + 1n);
      await expect(redeem(current, 1n)).rejects.toThrow(invalidNonce);
      // Why one is not enough after a node overstated the nonce: the grant it had signed ahead now runs.
      await (await redeem(sleeping, 1n)).wait();
    });

    it('of two increments is one transaction to the account’s DeleGator: the nonce goes up by 2, past the grant a node put a step ahead', async () => {
      const before = await nonceNow();
      const [current, sleeping] = await Promise.all([grant(before), grant(before + 1n)]);
      const call = await revokeAllCalls(node, { account: user.address as `0x${string}`, chainId: '0x7a69', increments: 2n });
      expect(call.to).toBe(user.address);
      expect(await revokeAllIncrements(call, user.address as `0x${string}`, '0x7a69')).toBe(2);
      const receipt = (await (await user.sendTransaction(call)).wait())!;
      expect(receipt.status).toBe(1);
      expect(usedNonces(receipt)).toBe(2);
      expect(await nonceNow()).toBe(before + 2n);
      // The wallet counts it from the node's receipt as sent: 2 past where it knew the chain was.
      const sent = { id: 'b', origin: 'chrome-extension://wallet', state: 'sent', from: user.address, chainId: '0x7a69', calls: [{ ...call, value: '0x0' }], createdAt: 1,
        transactions: [{ sent: true, hash: receipt.hash, receipt: await provider.send('eth_getTransactionReceipt', [receipt.hash]) }] } as unknown as BatchRecord;
      expect(await settledNonces({ reached: before.toString(), signed: (before + 1n).toString(), sent: { origin: sent.origin, batchId: sent.id } }, '0x7a69', fakeBatches([sent])))
        .toEqual({ reached: (before + 2n).toString(), signed: (before + 1n).toString() });
      await expect(redeem(sleeping, 1n)).rejects.toThrow(invalidNonce);
      await expect(redeem(current, 1n)).rejects.toThrow(invalidNonce);
      // The nonce it reached runs a grant signed at it: the reverts above are the nonce's, not a broken grant's.
      await (await redeem(await grant(before + 2n), 1n)).wait();
    });
  });
});
