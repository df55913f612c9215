/** The devnet's Delegation Framework: the canonical contracts answer as themselves, and the wallet's DeleGator is built as named. */
import { JsonRpcProvider, Contract } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATOR_V08, ENTRY_POINT_V08 } from '../src/shared/contracts';
import { startAnvil, type Anvil } from './anvil';
import { CANONICAL, deployDelegationFramework } from './delegationFramework';

const RPC_PORT = 8651;

describe("the devnet's Delegation Framework", () => {
  let anvil: Anvil;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    anvil = await startAnvil({ port: RPC_PORT });
    provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: true, pollingInterval: 50 });
    await deployDelegationFramework(provider);
  });
  afterAll(async () => {
    provider?.destroy();
    await anvil?.stop();
  });

  it('puts the DelegationManager and the enforcers at their canonical addresses', async () => {
    for (const name of ['DelegationManager', 'ERC20PeriodTransferEnforcer', 'NativeTokenStreamingEnforcer', 'TimestampEnforcer', 'RedeemerEnforcer']) {
      expect(await provider.getCode(CANONICAL[name]), name).not.toBe('0x');
    }
    const manager = new Contract(CANONICAL.DelegationManager, ['function NAME() view returns (string)', 'function getDomainHash() view returns (bytes32)'], provider);
    expect(await manager.NAME()).toBe('DelegationManager');
  });

  it("deploys the wallet's DeleGator with the canonical DelegationManager and the v0.8 EntryPoint, and again is a no-op", async () => {
    const delegator = new Contract(DELEGATOR_V08, ['function entryPoint() view returns (address)', 'function delegationManager() view returns (address)', 'function NAME() view returns (string)'], provider);
    expect(await delegator.entryPoint()).toBe(ENTRY_POINT_V08);
    expect(await delegator.delegationManager()).toBe(CANONICAL.DelegationManager);
    expect(await delegator.NAME()).toBe('EIP7702StatelessDeleGator');
    await deployDelegationFramework(provider);
  });
});
