/** The paymaster service sponsors targets only through an account implementation it can read: the delegate of the userOp's eip7702Auth or on chain, and the DeleGator's ERC-7821 execute. */
import { AbiCoder, concat } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../devnet/constants';
import { DELEGATOR_V08 } from '../src/shared/contracts';
import { jsonRpc } from '../src/shared/jsonRpc';
import { ErrorCode } from './rpc';
import { batch, deleGator, deleGatorBatch, deleGatorKey, deleGatorSingle, elsewhere, fakeDelegate, params, sender, servePaymaster, target, upgraded, userOp } from './service.fixture';

const RPC_PORT = 8648;
const { served, callAs, stub, data } = servePaymaster(RPC_PORT);

describe('the account behind the call targets', () => {
  const refused = { code: ErrorCode.notSponsored, message: expect.stringMatching(/^Not sponsored: /), data: { reason: 'delegate' } };
  const setCode = (code: string) => jsonRpc(served.anvil.rpcUrl, 'anvil_setCode', [upgraded, code]);
  const ofUpgraded = (nonce: string) => userOp({ sender: upgraded, nonce, factory: undefined, eip7702Auth: undefined });

  it('refuses an authorization to another delegate: its execute/executeBatch could call anything', async () => {
    // The callData names only the allowed target; the fake delegate's executeBatch decides what is really called.
    const auth = { ...userOp().eip7702Auth, address: fakeDelegate };
    for (const method of [stub, data]) {
      expect((await method(userOp({ eip7702Auth: auth }))).error).toEqual({
        ...refused,
        message: `Not sponsored: the userOp's eip7702Auth delegates ${sender} to ${fakeDelegate}, not to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
      });
    }
  });

  it('reads the delegate of an account delegated already from its code on chain', async () => {
    await setCode(concat(['0xef0100', fakeDelegate]));
    for (const method of [stub, data]) {
      expect((await method(ofUpgraded('0x0'))).error).toEqual({
        ...refused,
        message: `Not sponsored: sender ${upgraded} is delegated to ${fakeDelegate}, not to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
      });
    }
    await setCode(concat(['0xef0100', SIMPLE_7702_ACCOUNT_ADDRESS]));
    expect((await data(ofUpgraded('0x0'))).result).toBeDefined();
  });

  it('refuses a sender that is no delegated account: an EOA without an authorization, or a contract', async () => {
    await setCode('0x');
    expect((await data(ofUpgraded('0x1'))).error).toEqual({
      ...refused,
      message: `Not sponsored: sender ${upgraded} has no code and the userOp carries no eip7702Auth: it is not an account delegated to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
    });
    await setCode('0x6080604052');
    expect((await stub(ofUpgraded('0x1'))).error).toEqual({
      ...refused,
      message: `Not sponsored: sender ${upgraded} is a contract, not an account delegated to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
    });
  });
});

describe('the call targets of an account on the DeleGator', () => {
  const auth = (address: string) => ({ ...userOp().eip7702Auth, address });
  const ofDeleGator = (callData: string) => params(userOp({ callData, eip7702Auth: auth(DELEGATOR_V08) }));
  const refused = (message: string) => ({ code: ErrorCode.notSponsored, message: `Not sponsored: ${message}`, data: { reason: 'target' } });
  const undecodable = refused('callData is not a DeleGator ERC-7821 execute in single or batch mode (reverting on failure), so its targets cannot be checked');

  it('sponsors its ERC-7821 execute, single or batch, when every call goes to an allowed target', async () => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorSingle(target)))).result).toBeDefined();
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorBatch(target, target)))).result).toBeDefined();
    }
  });

  it('refuses one whose calls go elsewhere, naming the target outside the list', async () => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorSingle(elsewhere)))).error).toEqual(refused(`call target ${elsewhere} is not on the sponsored targets list`));
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorBatch(target, elsewhere)))).error).toEqual(refused(`call target ${elsewhere} is not on the sponsored targets list`));
    }
  });

  it('refuses an unknown mode, malformed data, or another delegate\'s encoding as undecodable', async () => {
    const tryMode = deleGator.encodeFunctionData('execute', [`0x0101${'00'.repeat(30)}`, AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [[[target, 0n, '0x']]])]);
    for (const callData of [tryMode, deleGatorBatch(target).slice(0, 140), deleGator.encodeFunctionData('execute', [`0x01${'00'.repeat(31)}`, '0xdead']), batch(target), '0xdeadbeef']) {
      expect((await callAs(deleGatorKey.key, 'pm_getPaymasterData', ofDeleGator(callData))).error).toEqual(undecodable);
    }
    // And the DeleGator's encoding means nothing to a Simple7702Account sender.
    expect((await callAs(deleGatorKey.key, 'pm_getPaymasterData', params(userOp({ callData: deleGatorBatch(target) })))).error).toEqual(
      refused('callData is not a Simple7702Account execute/executeBatch call, so its targets cannot be checked'),
    );
  });
});
