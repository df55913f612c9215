/**
 * An address's ENS name, read from the user's own node and believed only when it resolves back: the reverse record
 * (`<address>.addr.reverse`) names a name, and that name's `addr` must be the same address, since anyone can write any
 * name into their own reverse record. Nothing else is asked: no CCIP-read gateway and no wildcard (ENSIP-10)
 * resolution, so names that need them show no name.
 */
import { ZeroAddress, ZeroHash, concat, keccak256, toUtf8Bytes } from 'ethers';
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import type { ChainNode } from '../networks/rpcClient';

/** ENS's registry, at this address on each chain of ENS_CHAINS. */
export const ENS_REGISTRY: Hex = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e';
/** The chains where ENS is deployed: Ethereum and Sepolia. */
export const ENS_CHAINS: ReadonlySet<Hex> = new Set<Hex>(['0x1', '0xaa36a7']);

const ENS_ABI = abiInterface([
  'function resolver(bytes32 node) view returns (address)',
  'function name(bytes32 node) view returns (string)',
  'function addr(bytes32 node) view returns (address)',
]);

/**
 * Names written in lowercase ASCII letters, digits and hyphens (no "--" as a label's third and fourth characters):
 * ENSIP-15 normalisation leaves these as they are, so their namehash is computed without the normaliser (37 KB
 * of ethers' dependencies). Other names (emoji, other scripts, capitals) show no name rather than a wrong one.
 */
const PLAIN_NAME = /^(?![a-z0-9-]{2}--)[a-z0-9-]+(\.(?![a-z0-9-]{2}--)[a-z0-9-]+)+$/;
/** The screens' limit for a name they did not choose (displayText.ts): a longer one is not cut but not shown. */
const MAX_NAME = 64;

/** EIP-137's namehash of a name already normalised. */
export const namehash = (name: string): Hex =>
  name.split('.').reduceRight<string>((parent, label) => keccak256(concat([parent, keccak256(toUtf8Bytes(label))])), ZeroHash) as Hex;

/** The ENS name `address` calls its own and which names it back, or undefined; the node's errors are thrown. */
export async function ensName(node: ChainNode, address: Hex): Promise<string | undefined> {
  const abi = await ENS_ABI();
  const read = async (to: string, fn: 'resolver' | 'name' | 'addr', hash: Hex): Promise<string | undefined> => {
    const raw = await node<string>('eth_call', [{ to, data: abi.encodeFunctionData(fn, [hash]) }, 'latest']);
    return raw === '0x' ? undefined : (abi.decodeFunctionResult(fn, raw)[0] as string);
  };
  const resolverOf = async (hash: Hex): Promise<string | undefined> => {
    const resolver = await read(ENS_REGISTRY, 'resolver', hash);
    return resolver === ZeroAddress ? undefined : resolver;
  };
  const reverse = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
  const reverseResolver = await resolverOf(reverse);
  const name = reverseResolver && (await read(reverseResolver, 'name', reverse));
  if (!name || name.length > MAX_NAME || !PLAIN_NAME.test(name)) return undefined;
  const forward = namehash(name);
  const resolver = await resolverOf(forward);
  const resolved = resolver && (await read(resolver, 'addr', forward));
  return resolved?.toLowerCase() === address.toLowerCase() ? name : undefined;
}
