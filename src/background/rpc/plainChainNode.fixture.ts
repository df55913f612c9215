/** A plain chain's node for pipeline tests: no code at the account, a transfer's gas, 1 gwei fees, 1 ETH held. */
export const plainChainNode = async <T>(method: string): Promise<T> => {
  switch (method) {
    case 'eth_getCode': return '0x' as T;
    case 'eth_estimateGas': return '0x5208' as T;
    case 'eth_feeHistory': return { baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'], gasUsedRatio: [0], reward: [['0x0', '0x0', '0x0']] } as T;
    case 'eth_maxPriorityFeePerGas': return '0x3b9aca00' as T;
    case 'eth_getBalance': return '0xde0b6b3a7640000' as T;
  }
  throw new Error(`unexpected ${method}`);
};
