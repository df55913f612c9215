/**
 * Chains and addresses in words for ERC-7730's `chainId` and `interoperableAddressName` formats: a chain by the name
 * the wallet knows it by, an ERC-7930 interoperable address as `<address>@eip155:<chain>#<checksum>` (ERC-7828's form).
 */
import { getAddress, keccak256 } from 'ethers';
import { CHAINS } from '../chains.generated';

/** The wallet's name for a chain ("Ethereum", "Base"); undefined for a chain it does not know. */
export const chainName = (chainId: bigint): string | undefined => CHAINS.find((c) => BigInt(c.chainId) === chainId)?.name;

const EIP155 = '0000';

/**
 * An ERC-7930 address (version 1: chain type, chain reference, address, each with its length) as its readable name.
 * Only EVM chains (chain type 0x0000) with a chain reference and a 20-byte address; undefined for anything else.
 */
export function interoperableName(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(value)) return undefined;
  const hex = value.slice(2).toLowerCase();
  const byte = (at: number) => parseInt(hex.slice(at * 2, at * 2 + 2), 16);
  if (hex.slice(0, 4) !== '0001' || hex.slice(4, 8) !== EIP155) return undefined;
  const chainLength = byte(4);
  const addressAt = 5 + chainLength;
  if (chainLength === 0 || byte(addressAt) !== 20 || hex.length !== (addressAt + 1 + 20) * 2) return undefined;
  const chain = BigInt(`0x${hex.slice(10, addressAt * 2)}`);
  const address = getAddress(`0x${hex.slice((addressAt + 1) * 2)}`);
  // The checksum covers everything but the version, as ERC-7930 defines it.
  const checksum = keccak256(`0x${hex.slice(4)}`).slice(2, 10).toUpperCase();
  return `${address}@eip155:${chain}#${checksum}`;
}
