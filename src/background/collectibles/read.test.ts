import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { ChainNode } from '../networks/rpcClient';
import { COLLECTIBLE_ABI, INTERFACE_IDS, readCollectible, readCollectionBalance, readHolding } from './read';

const NFT = '0x759994c418Df9102e34046E0BA2F3A81E78F367D';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const WHERE = 'Local devnet (0x7a69)';
const abi = AbiCoder.defaultAbiCoder();

interface Contract {
  code?: string;
  interfaces?: readonly string[];
  owners?: Record<string, string>;
  balances?: Record<string, bigint>;
  name?: string;
  symbol?: string;
}

/** A node holding one contract at NFT that answers like the given ERC-721 / ERC-1155; every read uses `pending`. */
function node(contract: Contract): ChainNode {
  return (async (method: string, params: unknown[] = []) => {
    expect(params.at(-1)).toBe('pending');
    if (method === 'eth_getCode') return contract.code ?? '0x6080';
    const data = (params[0] as { data: string }).data;
    const call = (await COLLECTIBLE_ABI()).parseTransaction({ data });
    const revert = () => {
      throw new RpcError(3, 'execution reverted');
    };
    switch (call?.name) {
      case 'supportsInterface':
        return abi.encode(['bool'], [(contract.interfaces ?? []).includes(call.args[0] as string)]);
      case 'ownerOf': {
        const owner = contract.owners?.[String(call.args[0])];
        return owner ? abi.encode(['address'], [owner]) : revert();
      }
      case 'balanceOf':
        return contract.balances ? abi.encode(['uint256'], [contract.balances[String(call.args[1])] ?? 0n]) : revert();
      case 'name':
      case 'symbol': {
        const value = contract[call.name];
        return value === undefined ? revert() : abi.encode(['string'], [value]);
      }
      default:
        return revert();
    }
  }) as ChainNode;
}

const ERC721: Contract = { interfaces: [INTERFACE_IDS.ERC721], owners: { '1': ACCOUNT, '3': OTHER }, name: 'Test Collectible', symbol: 'TCOL' };
const ERC1155: Contract = { interfaces: [INTERFACE_IDS.ERC1155], balances: { '1': 5n } };

async function rejection(promise: Promise<unknown>): Promise<RpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    return error as RpcError;
  }
  throw new Error('expected an error');
}

describe('reading a collectible from the chain', () => {
  it('an ERC-721 the account owns: its name and symbol, balance 1', async () => {
    expect(await readCollectible(node(ERC721), { standard: 'ERC721', address: NFT, tokenId: '1' }, ACCOUNT, WHERE)).toEqual({
      collectible: { standard: 'ERC721', address: NFT, tokenId: '1', name: 'Test Collectible', symbol: 'TCOL' },
      balance: 1n,
    });
  });

  it('an ERC-1155 with a balance, without name() or symbol()', async () => {
    expect(await readCollectible(node(ERC1155), { standard: 'ERC1155', address: NFT, tokenId: '1' }, ACCOUNT, WHERE)).toEqual({
      collectible: { standard: 'ERC1155', address: NFT, tokenId: '1' },
      balance: 5n,
    });
  });

  it.each([
    ['an ERC-721 owned by another address', ERC721, 'ERC721', '3', `token 3 of ${NFT} belongs to another address or does not exist on ${WHERE}`],
    ['an ERC-721 that does not exist (ownerOf reverts)', ERC721, 'ERC721', '99', `token 99 of ${NFT} belongs to another address or does not exist on ${WHERE}`],
    ['an ERC-1155 with a balance of 0', ERC1155, 'ERC1155', '2', `its balance of token 2 of ${NFT} is 0 on ${WHERE}`],
  ] as const)('-32602 for %s (MetaMask\'s words, the spec\'s code)', async (_case, contract, standard, tokenId, why) => {
    const error = await rejection(readCollectible(node(contract), { standard, address: NFT, tokenId }, ACCOUNT, WHERE));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(`Suggested NFT is not owned by the selected account: ${why}`);
  });

  it.each([
    ['no code', { ...ERC721, code: '0x' }, 'ERC721', `options.address ${NFT} is not a contract on ${WHERE}: it has no code`],
    ['an ERC-1155 asked as ERC-721', ERC1155, 'ERC721', `options.address ${NFT} on ${WHERE} is not an ERC-721 contract: it is an ERC-1155 contract: use type "ERC1155"`],
    ['an ERC-721 asked as ERC-1155', ERC721, 'ERC1155', `options.address ${NFT} on ${WHERE} is not an ERC-1155 contract: it is an ERC-721 contract: use type "ERC721"`],
    ['a contract without ERC-165 (an ERC-20)', { owners: { '1': ACCOUNT } }, 'ERC721', `options.address ${NFT} on ${WHERE} is not an ERC-721 contract: supportsInterface(0x80ac58cd) did not return true`],
    ['an ERC-1155 whose balanceOf reverts', { interfaces: [INTERFACE_IDS.ERC1155] }, 'ERC1155', `options.address ${NFT} on ${WHERE} is not an ERC-1155 contract: balanceOf() did not return a number`],
  ] as const)('-32602 for %s', async (_case, contract, standard, message) => {
    const error = await rejection(readCollectible(node(contract), { standard, address: NFT, tokenId: '1' }, ACCOUNT, WHERE));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(`Invalid params: ${message}`);
  });

  it('an unreachable node is reported as such, not as a token the account does not hold', async () => {
    const down = (async () => {
      throw new RpcError(ErrorCode.chainDisconnected, 'The node is unreachable');
    }) as ChainNode;
    expect((await rejection(readCollectible(down, { standard: 'ERC721', address: NFT, tokenId: '1' }, ACCOUNT, WHERE))).code).toBe(ErrorCode.chainDisconnected);
  });

  it('readHolding: ERC-721 owner compared without case, ERC-1155 balance', async () => {
    expect(await readHolding(node({ ...ERC721, owners: { '1': ACCOUNT.toLowerCase() } }), { standard: 'ERC721', address: NFT, tokenId: '1' }, ACCOUNT)).toBe(1n);
    expect(await readHolding(node(ERC721), { standard: 'ERC721', address: NFT, tokenId: '3' }, ACCOUNT)).toBe(0n);
    expect(await readHolding(node(ERC1155), { standard: 'ERC1155', address: NFT, tokenId: '1' }, ACCOUNT)).toBe(5n);
  });
});

describe('a node’s answer that is not the exact encoding of what was asked', () => {
  const word = (type: string, value: unknown) => abi.encode([type], [value]);
  const EXTRA = word('uint256', 7n).slice(2);
  /** `contract`'s node, but answering `fn` with `answer` (a supportsInterface asked of the other standard says false). */
  const answering = (contract: Contract, fn: string, answer: string): ChainNode => (async (method: string, params: unknown[] = []) => {
    if (method === 'eth_call') {
      const call = (await COLLECTIBLE_ABI()).parseTransaction({ data: (params[0] as { data: string }).data });
      if (call?.name === fn) return fn === 'supportsInterface' && call.args[0] !== INTERFACE_IDS.ERC721 ? word('bool', false) : answer;
    }
    return node(contract)(method, params);
  }) as ChainNode;
  const TOKEN_1 = { standard: 'ERC721', address: NFT, tokenId: '1' } as const;
  const notOwnedMessage = `Suggested NFT is not owned by the selected account: token 1 of ${NFT} belongs to another address or does not exist on ${WHERE}`;

  it('a supportsInterface of 2 is not true: the contract did not say it is an ERC-721', async () => {
    const error = await rejection(readCollectible(answering(ERC721, 'supportsInterface', `0x${'0'.repeat(63)}2`), TOKEN_1, ACCOUNT, WHERE));
    expect(error.message).toBe(`Invalid params: options.address ${NFT} on ${WHERE} is not an ERC-721 contract: supportsInterface(0x80ac58cd) did not return true`);
  });

  it.each([
    ['with bytes after it', word('address', ACCOUNT) + EXTRA],
    ['with its high bits set', `0x${'0'.repeat(23)}1${ACCOUNT.slice(2)}`],
  ])('an ownerOf naming the account %s is not the account owning it: not owned, as when ownerOf reverts', async (_case, answer) => {
    const error = await rejection(readCollectible(answering(ERC721, 'ownerOf', answer), TOKEN_1, ACCOUNT, WHERE));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(notOwnedMessage);
  });

  it('an ERC-1155 balance or an ERC-721 count with bytes after it is unread, as when the call fails', async () => {
    expect(await readHolding(answering(ERC1155, 'balanceOf', word('uint256', 5n) + EXTRA), { standard: 'ERC1155', address: NFT, tokenId: '1' }, ACCOUNT)).toBeUndefined();
    const count = (async (method: string) => (method === 'eth_call' ? word('uint256', 2n) + EXTRA : '0x6080')) as ChainNode;
    await expect(readCollectionBalance(count, NFT, ACCOUNT)).rejects.toThrow();
  });

  it('a name that is not UTF-8 is no name, as when name() reverts', async () => {
    const notUtf8 = word('bytes', '0xff');
    expect(await readCollectible(answering(ERC721, 'name', notUtf8), TOKEN_1, ACCOUNT, WHERE)).toEqual({
      collectible: { standard: 'ERC721', address: NFT, tokenId: '1', symbol: 'TCOL' },
      balance: 1n,
    });
  });
});
