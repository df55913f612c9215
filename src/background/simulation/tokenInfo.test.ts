/** A preview's token facts are read from the chain only as the contract's functions encode them. */
import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { ChainNode } from '../networks/rpcClient';
import { createTokenInfo } from './tokenInfo';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const coder = AbiCoder.defaultAbiCoder();
const SYMBOL = coder.encode(['string'], ['TST']);
/** A node answering symbol() with TST and decimals() with `decimals`, as written. */
const node = (decimals: string) => (async (_method: string, [{ data }]: [{ data: string }]) =>
  data.startsWith('0x95d89b41') ? SYMBOL : decimals) as unknown as ChainNode;

describe('createTokenInfo', () => {
  it('reads decimals() as the contract answers it', async () => {
    expect(await createTokenInfo()(node(coder.encode(['uint8'], [6])), '0x7a69', TOKEN, 'erc20')).toMatchObject({ symbol: 'TST', decimals: 6 });
  });

  it('takes a decimals() answer that is not one uint8 for no answer: 0x112 is not 18, nor a word with bytes after it', async () => {
    expect(await createTokenInfo()(node(coder.encode(['uint256'], [0x112])), '0x7a69', TOKEN, 'erc20')).toMatchObject({ symbol: 'TST', decimals: 0 });
    expect(await createTokenInfo()(node(`${coder.encode(['uint8'], [18])}${'00'.repeat(32)}`), '0x7a69', TOKEN, 'erc20')).toMatchObject({ decimals: 0 });
  });

  it('asks decimals() again when it was not heard, though symbol() was: one failed read kept the token at 0 decimals, its amounts shown in base units (1 USDC as 1,000,000) in every preview until the worker stopped', async () => {
    let fails = true;
    const flaky = (async (_method: string, [{ data }]: [{ data: string }]) => {
      if (data.startsWith('0x95d89b41')) return SYMBOL;
      if (fails) throw new Error('429 Too Many Requests');
      return coder.encode(['uint8'], [6]);
    }) as unknown as ChainNode;
    const lookup = createTokenInfo();
    expect(await lookup(flaky, '0x7a69', TOKEN, 'erc20')).toMatchObject({ decimals: 0 });
    fails = false;
    expect(await lookup(flaky, '0x7a69', TOKEN, 'erc20')).toMatchObject({ symbol: 'TST', decimals: 6 });
  });

  it('says when an ERC-20\'s amounts are in its smallest unit: decimals() not heard, not one uint8, or above 36 (the screen said 1 USDC as 1,000,000 USDC without a word)', async () => {
    const silent = (async (_method: string, [{ data }]: [{ data: string }]) => {
      if (data.startsWith('0x95d89b41')) return SYMBOL;
      throw new Error('429 Too Many Requests');
    }) as unknown as ChainNode;
    expect(await createTokenInfo()(silent, '0x7a69', TOKEN, 'erc20')).toMatchObject({ decimals: 0, decimalsUnread: true });
    expect(await createTokenInfo()(node(coder.encode(['uint256'], [0x112])), '0x7a69', TOKEN, 'erc20')).toMatchObject({ decimals: 0, decimalsUnread: true });
    expect(await createTokenInfo()(node(coder.encode(['uint8'], [77])), '0x7a69', TOKEN, 'erc20')).toMatchObject({ decimals: 0, decimalsUnread: true });
    expect(await createTokenInfo()(node(coder.encode(['uint8'], [0])), '0x7a69', TOKEN, 'erc20')).not.toHaveProperty('decimalsUnread');
    // A collection counts whole tokens: nothing to say.
    expect(await createTokenInfo()(silent, '0x7a69', TOKEN, 'erc721')).not.toHaveProperty('decimalsUnread');
  });
});
