/**
 * The names a review shows beside the addresses it words (RenderContext's `name` and `collectionName`), each read once
 * per review. An address is named by the user's own account it is, else by its ENS name read from the user's node and
 * checked forward (ens.ts). An ENS name is whatever the address's holder chose, so it says so and never reads like one
 * of the user's own: "Account 2 (your account)", "vitalik.eth (ENS name)"; the screen shows the address beside either.
 */
import { cleanText } from '../../shared/displayText';
import type { RenderContext } from '../../shared/erc7730/types';
import { ensNamed, ownAccount, type Said } from '../../shared/erc7730/valueWords';
import { lazy } from '../../shared/lazy';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { readCollectionName } from '../collectibles/read';
import type { ChainNode } from '../networks/rpcClient';
import { ENS_CHAINS, ensName } from './ens';

/**
 * How many addresses one review reads from the chain for a name (an ENS name or a collection's). An ENS name takes
 * up to 4 calls one after the other, and one request can name hundreds of addresses (a batch, and the 64 calls
 * inside its calls that are read). 8 covers what a request names in practice (a swap or a permit 1 to 3 addresses, a
 * Seaport order with its fees up to 6) for at most 32 calls; the addresses past it show without a name, as before.
 */
export const MAX_NAME_READS = 8;

export interface OwnAccount {
  address: Hex;
  /** The name the user gave it ("Account 2"). */
  name: string;
}

export interface NameDeps {
  node: ChainNode;
  /** The wallet's own accounts, as its keys derive them. */
  ownAccounts(): Promise<OwnAccount[]>;
}

/** The review's names (RenderContext's): an address's in words, "Account 2 (your account)"; a collection's as its contract writes it. */
export interface AddressNames extends Required<Pick<RenderContext, 'collectionName'>> {
  name(address: Hex): Promise<Said | undefined>;
}

/** Each address's answer, asked once: the first ask's promise is every later ask's. */
function once<T>(read: (address: Hex) => Promise<T | undefined>): (address: Hex) => Promise<T | undefined> {
  const reads = new Map<string, Promise<T | undefined>>();
  return (address) => {
    const key = address.toLowerCase();
    let reading = reads.get(key);
    if (!reading) {
      // No name is shown rather than a review failing: a node that does not answer names nothing.
      reading = read(address).catch(() => undefined);
      reads.set(key, reading);
    }
    return reading;
  };
}

/** The names of one review on `network`: a new one for each review, so its bound and reads are that review's. */
export function addressNames(deps: NameDeps, network: Pick<Network, 'chainId'>): AddressNames {
  let left = MAX_NAME_READS;
  // Checked and counted with no await between: names asked at once share the bound.
  const take = (): boolean => {
    if (left === 0) return false;
    left -= 1;
    return true;
  };
  const accounts = lazy(() => deps.ownAccounts().catch((): OwnAccount[] => []));
  const own = async (address: Hex): Promise<OwnAccount | undefined> => (await accounts()).find((a) => a.address.toLowerCase() === address.toLowerCase());
  return {
    name: once(async (address) => {
      const account = await own(address);
      if (account) return ownAccount(cleanText(account.name));
      if (!ENS_CHAINS.has(network.chainId) || !take()) return undefined;
      const name = await ensName(deps.node, address);
      return name ? ensNamed(name) : undefined;
    }),
    collectionName: once(async (address) => {
      const name = take() ? await readCollectionName(deps.node, address) : undefined;
      // The wallet writes its notes in brackets ("(your account)", "(ENS name)"): a name() with brackets could fake one.
      return name && !/[()[\]]/.test(name) ? cleanText(name) : undefined;
    }),
  };
}
