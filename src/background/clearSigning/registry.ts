/**
 * The ERC-7730 registry the build vendored and checked (scripts/erc7730Registry/generate.ts), read as extension files
 * on a review's first use: the index by chain and address, then only the file of each entity a review's contract or
 * verifying contract is in, each descriptor parsed once. The worker never holds the whole registry.
 */
import { REGISTRY_INDEX_FILE, deploymentKey, entityOf, shardFile, type RegistryIndex, type RegistryShard } from '../../shared/erc7730/registry';
import type { Descriptor } from '../../shared/erc7730/types';
import { lazyAsync } from '../../shared/lazy';
import { bundledDescriptors, type LoadParser, type ReadExtensionFile } from './descriptors';

/** What a review is about: the called contract or the message's verifying contract. */
export interface DescriptorsFor {
  chainId?: bigint;
  address?: string;
}

/** The descriptors that may bind at a place. */
export type DescriptorsAt = (at: DescriptorsFor) => Promise<Descriptor[]>;

/** The registry's descriptors that may bind at a place: none for a place it does not name. */
export function registryDescriptors(read: ReadExtensionFile, parser: LoadParser): DescriptorsAt {
  const index = lazyAsync(async () => (await read(REGISTRY_INDEX_FILE)) as RegistryIndex);
  const shards = new Map<string, () => Promise<RegistryShard>>();
  const shard = (entity: string) => {
    if (!shards.has(entity)) shards.set(entity, lazyAsync(async () => (await read(shardFile(entity))) as RegistryShard));
    return shards.get(entity)!();
  };
  const parsed = new Map<string, () => Promise<Descriptor>>();
  const descriptor = (file: string): Promise<Descriptor> => {
    if (!parsed.has(file)) {
      parsed.set(file, lazyAsync(async () => {
        const [entries, parseDescriptor] = await Promise.all([shard(entityOf(file)), parser()]);
        // The build parsed the same JSON (and would have failed). The reviews it verified come beside the descriptor,
        // after parsing, which drops any `reviewedBy` a descriptor writes of itself.
        const { descriptor: json, reviewedBy } = entries[file];
        return { ...parseDescriptor(json, file), registry: true as const, ...(reviewedBy ? { reviewedBy } : {}) };
      }));
    }
    return parsed.get(file)!();
  };
  const candidates = async ({ chainId, address }: DescriptorsFor): Promise<Descriptor[]> => {
    // The unit tests' extension has no registry: its every file reads as [].
    const { files = [], deployments = {} } = await index();
    const key = chainId !== undefined && address ? deploymentKey(chainId, address) : undefined;
    const positions = key !== undefined && Object.hasOwn(deployments, key) ? deployments[key] : [];
    return Promise.all(positions.map((position) => descriptor(files[position])));
  };
  // Without the registry (a read that failed) the wallet's own descriptors still word what they cover.
  return (at) => candidates(at).catch((error: unknown) => {
    console.error('ERC-7730 registry not read:', error);
    return [];
  });
}

/** What the extension ships for a review: the wallet's own descriptors, and the registry's for its contract. */
export function shippedDescriptors(read: ReadExtensionFile, parser: LoadParser): DescriptorsAt {
  const bundled = bundledDescriptors(read, parser);
  const registry = registryDescriptors(read, parser);
  return async (at) => [...(await bundled()), ...(await registry(at))];
}
