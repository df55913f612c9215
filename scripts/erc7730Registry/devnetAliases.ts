/**
 * The devnet build's only: registry descriptors bound on the devnet's chain at the addresses where its stand-ins are
 * (devnet/constants.ts REGISTRY_STAND_INS), so a swap or a supply can be reviewed there as on mainnet.
 */
import { CHAIN_ID, REGISTRY_STAND_INS } from '../../devnet/constants';
import type { Alias } from './generate';

export const DEVNET_ALIASES: Alias[] = [
  { file: 'registry/aave/calldata-lpv3.json', chainId: CHAIN_ID, address: REGISTRY_STAND_INS.aavePool },
  { file: 'registry/1inch/calldata-AggregationRouterV6.json', chainId: CHAIN_ID, address: REGISTRY_STAND_INS.oneInchRouter },
  { file: 'registry/weth/calldata-weth.json', chainId: CHAIN_ID, address: REGISTRY_STAND_INS.weth },
];
