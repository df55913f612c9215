/**
 * The ERC-7730 registry as the build writes it into the extension (scripts/erc7730Registry/generate.ts) and the worker
 * reads it (background/clearSigning/registry.ts): an index by chain and address, and the descriptors in one file per
 * registry entity, read only when a review's contract or verifying contract is in the index.
 */

/** The extension's files: the index, and beside it a folder of the entities' files. */
export const REGISTRY_INDEX_FILE = 'erc7730/registry.json';
export const REGISTRY_DIR = 'erc7730/registry';

export interface RegistryIndex {
  /** The upstream repository and commit the descriptors were vendored from (vendor/erc7730-registry/SOURCE.json). */
  repository: string;
  commit: string;
  /** Every descriptor by its path in the registry ("registry/aave/calldata-lpv3.json"); the lists below hold positions in it. */
  files: string[];
  /** `deploymentKey(chainId, address)` → the descriptors whose calldata or EIP-712 deployments name it. */
  deployments: Record<string, number[]>;
}

/** One descriptor in an entity's file. */
export interface RegistryEntry {
  /** The descriptor with its `includes` merged in, reduced to what the engine reads; parsed again by the worker. */
  descriptor: unknown;
  /** The registry's auditors who attested this descriptor as shipped (ERC-8176), by display name. */
  reviewedBy?: string[];
}

/** An entity's file: its descriptors by path in the registry. */
export type RegistryShard = Record<string, RegistryEntry>;

export const deploymentKey = (chainId: bigint | number, address: string): string => `${chainId}:${address.toLowerCase()}`;

/** "registry/aave/calldata-lpv3.json" is in the file of the entity "aave". */
export const entityOf = (file: string): string => file.split('/')[1];

export const shardFile = (entity: string): string => `${REGISTRY_DIR}/${entity}.json`;
