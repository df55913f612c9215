/** What the node says of the addresses and tokens a signature names: code now and a week ago, token metadata and balance. */
import { toQuantity } from 'ethers';
import type { TokenMeta } from '../../shared/erc7730/types';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { readToken } from '../tokens/read';
import type { AddressFacts } from './dangers';

const WEEK = 7 * 86_400;
/** An EIP-7702 delegation designator: the account still has a key. */
const DELEGATION = /^0xef0100/i;

type Block = { number: Hex; timestamp: Hex };

/** The block about a week back, estimated from the last 1000 blocks' pace; undefined when the node cannot say. */
async function weekAgoBlock(node: ChainNode): Promise<Hex | undefined> {
  try {
    const latest = await node<Block>('eth_getBlockByNumber', ['latest', false]);
    const head = Number(latest.number);
    const span = Math.min(1000, head);
    if (span === 0) return toQuantity(0) as Hex;
    const older = await node<Block>('eth_getBlockByNumber', [toQuantity(head - span), false]);
    const perBlock = Math.max(0.001, (Number(latest.timestamp) - Number(older.timestamp)) / span);
    return toQuantity(Math.max(0, head - Math.ceil(WEEK / perBlock))) as Hex;
  } catch {
    return undefined;
  }
}

export async function addressFacts(node: ChainNode, addresses: Hex[]): Promise<Map<string, AddressFacts>> {
  const unique = [...new Set(addresses.map((a) => a.toLowerCase()))] as Hex[];
  const facts = new Map<string, AddressFacts>();
  if (unique.length === 0) return facts;
  const past = await weekAgoBlock(node);
  await Promise.all(unique.map(async (address) => {
    try {
      const code = await node<string>('eth_getCode', [address, 'latest']);
      if (code === '0x') return void facts.set(address, { code: 'none' });
      if (DELEGATION.test(code)) return void facts.set(address, { code: 'delegated' });
      // A node without the old state (not an archive) cannot say: no warning rather than a wrong one.
      const then = past && (await node<string>('eth_getCode', [address, past]).catch(() => undefined));
      facts.set(address, { code: 'contract', ...(then === undefined ? {} : { recent: then === '0x' }) });
    } catch {
      // The node did not answer: nothing said about this address.
    }
  }));
  return facts;
}

/**
 * How many tokens one review reads (each up to 5 node calls). A message or call can name thousands (a Permit2
 * PermitBatch's `details`), which would make one request of a page thousands of node calls past its budget
 * (budget/requestBudget.ts); 16 covers what a request names in practice (a swap or a batch permit a few tokens).
 */
export const MAX_TOKEN_READS = 16;

/** Token metadata and the signer's balance, read once per token for one review; undefined when it is not a token. */
export function tokenReader(node: ChainNode, account: Hex, where: string): { read(token: Hex): Promise<TokenMeta | undefined | 'unread'>; all: Map<string, TokenMeta | undefined> } {
  const reads = new Map<string, Promise<TokenMeta | undefined>>();
  const all = new Map<string, TokenMeta | undefined>();
  return {
    all,
    read(token) {
      const key = token.toLowerCase();
      let reading = reads.get(key);
      if (!reading && reads.size >= MAX_TOKEN_READS) return Promise.resolve('unread');
      if (!reading) {
        reading = readToken(node, token, account, 'token', where).then(
          ({ token: t, balance }) => ({ symbol: t.symbol, decimals: t.decimals, balance }),
          () => undefined,
        ).then((meta) => (all.set(key, meta), meta));
        reads.set(key, reading);
      }
      return reading;
    },
  };
}
