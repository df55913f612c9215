import { AbiCoder, MaxUint256, id, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { NATIVE_TRANSFER_ADDRESS, effectsFor, type Log } from './effects';

const ME: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TOKEN: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const NFT: Hex = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const topic = (address: string) => zeroPadValue(address, 32) as Hex;
const uint = (...values: bigint[]) => AbiCoder.defaultAbiCoder().encode(values.map(() => 'uint256'), values) as Hex;
const transfer = (address: string, from: string, to: string, amount: bigint): Log => ({ address: address as Hex, topics: [id('Transfer(address,address,uint256)'), topic(from), topic(to)] as Hex[], data: uint(amount) });

describe('effectsFor', () => {
  it('nets ETH and ERC-20 moves for the account, what leaves first', () => {
    const logs = [
      transfer(TOKEN, BOB, ME, 30n),
      transfer(NATIVE_TRANSFER_ADDRESS, ME, BOB, 1000n),
      transfer(TOKEN, ME, BOB, 100n),
      transfer(TOKEN, BOB, '0x0000000000000000000000000000000000000001', 5n),
    ];
    expect(effectsFor(ME, logs).changes).toEqual([
      { token: TOKEN, standard: 'erc20', amount: '-70' },
      { token: 'native', standard: 'native', amount: '-1000' },
    ]);
  });

  it('reads ERC-721 and ERC-1155 transfers per token id', () => {
    const nft: Log = { address: NFT, topics: [id('Transfer(address,address,uint256)'), topic(BOB), topic(ME), topic('0x07')] as Hex[], data: '0x' };
    const single: Log = { address: TOKEN, topics: [id('TransferSingle(address,address,address,uint256,uint256)'), topic(BOB), topic(ME), topic(BOB)] as Hex[], data: uint(3n, 4n) };
    const batch: Log = {
      address: TOKEN,
      topics: [id('TransferBatch(address,address,address,uint256[],uint256[])'), topic(ME), topic(BOB), topic(ME)] as Hex[],
      data: AbiCoder.defaultAbiCoder().encode(['uint256[]', 'uint256[]'], [[1n, 2n], [5n, 6n]]) as Hex,
    };
    expect(effectsFor(ME, [nft, single, batch]).changes).toEqual([
      { token: NFT, standard: 'erc721', tokenId: '7', amount: '1' },
      { token: TOKEN, standard: 'erc1155', tokenId: '3', amount: '-4' },
      { token: TOKEN, standard: 'erc1155', tokenId: '1', amount: '5' },
      { token: TOKEN, standard: 'erc1155', tokenId: '2', amount: '6' },
    ].sort((x, y) => Number(BigInt(x.amount) > 0n) - Number(BigInt(y.amount) > 0n)));
  });

  it('lists the approvals the account grants, the last one per spender winning', () => {
    const approval = (amount: bigint): Log => ({ address: TOKEN, topics: [id('Approval(address,address,uint256)'), topic(ME), topic(BOB)] as Hex[], data: uint(amount) });
    const forAll: Log = { address: NFT, topics: [id('ApprovalForAll(address,address,bool)'), topic(ME), topic(BOB)] as Hex[], data: uint(1n) };
    const someoneElse: Log = { address: TOKEN, topics: [id('Approval(address,address,uint256)'), topic(BOB), topic(ME)] as Hex[], data: uint(1n) };
    expect(effectsFor(ME, [approval(5n), approval(MaxUint256), forAll, someoneElse]).allowances).toEqual([
      { token: TOKEN, standard: 'erc20', spender: BOB, amount: MaxUint256.toString(), unlimited: true, revoked: false },
      { token: NFT, standard: 'erc721', spender: BOB, unlimited: true, allTokens: true, revoked: false },
    ]);
  });

  it('calls an approval of 2^255 or more unlimited', () => {
    const approval: Log = { address: TOKEN, topics: [id('Approval(address,address,uint256)'), topic(ME), topic(BOB)] as Hex[], data: uint(MaxUint256 - 1n) };
    expect(effectsFor(ME, [approval]).allowances).toMatchObject([{ unlimited: true, revoked: false }]);
  });

  it('ignores logs that only look like token events', () => {
    const broken: Log = { address: TOKEN, topics: [id('TransferSingle(address,address,address,uint256,uint256)'), topic(BOB), topic(ME), topic(BOB)] as Hex[], data: '0x01' };
    expect(effectsFor(ME, [broken])).toEqual({ changes: [], allowances: [] });
  });
});
