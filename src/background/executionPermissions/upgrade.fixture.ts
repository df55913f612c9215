/** The first grant's upgrade's tests' account, and a node holding the code a test gives it (the devnet's DeleGator's runtime among them). */
import { readFileSync } from 'node:fs';
import { DELEGATOR_V08 } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { CREATE2_DEPLOYER, DEPLOYER_CODE } from './deleGator';

export const ACCOUNT: Hex = '0x00000000000000000000000000000000000000aa';
export const OTHER_DELEGATE: Hex = '0x00000000000000000000000000000000000000bb';
/** The runtime code the devnet's deployment (devnet/delegationFramework.ts) left at DELEGATOR_V08 on chain 31337. */
export const RUNTIME_31337 = readFileSync(new URL('./deleGatorRuntime.fixture.hex', import.meta.url), 'utf8').trim() as Hex;

/** A node holding `codes` (address → code), pricing gas at 1 gwei base fee and 2 wei tips. */
export function node(codes: Record<string, string>) {
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getCode': return (codes[(params[0] as string).toLowerCase()] ?? '0x') as T;
      case 'eth_feeHistory': throw new Error('not served');
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x3b9aca00' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x2' as T;
      case 'eth_estimateGas': return '0x2625a0' as T;
    }
    throw new Error(`unexpected ${method}`);
  };
}
export const deployed = { [DELEGATOR_V08.toLowerCase()]: RUNTIME_31337, [CREATE2_DEPLOYER]: DEPLOYER_CODE };
