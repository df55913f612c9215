/**
 * The build's check of the vendored ERC-7730 registry, and the files it ships from it. Every descriptor
 * (registry/<entity>/calldata-*.json and eip712-*.json; the `common-*` files are only pieces others include) has its
 * `includes` merged by the spec's rules (shared/erc7730/includes.ts), is reduced to what the engine reads, and is
 * parsed by the wallet's own parser: any error fails the build, naming the file. What passes is written as an index
 * by chain and address (a descriptor that names no deployment fails the build) and one file per entity
 * (shared/erc7730/registry.ts), which the worker reads on a review's first use of them.
 *
 * The generic `ercs/` files are not indexed: they name no deployment, so by themselves they would put a vault's or a
 * token's words on any contract with the same function; the registry's descriptors use them only through `includes`,
 * and the wallet's own generic descriptors (public/erc7730/) already word ERC-20, ERC-721 and ERC-2612 everywhere.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Interface, type FunctionFragment } from 'ethers';
import { functionOf } from '../../src/shared/erc7730/bind';
import { resolveIncludes, type LoadIncluded } from '../../src/shared/erc7730/includes';
import { parseDescriptor } from '../../src/shared/erc7730/parse';
import { REGISTRY_DIR, REGISTRY_INDEX_FILE, deploymentKey, entityOf, shardFile, type RegistryIndex, type RegistryShard } from '../../src/shared/erc7730/registry';
import type { Descriptor } from '../../src/shared/erc7730/types';
import type { Reviews } from './attestations';

/** vendor/erc7730-registry/SOURCE.json: where the vendored registry came from. */
export interface Source {
  repository: string;
  commit: string;
  /** The commit's date, as the snapshot says. */
  committed: string;
  /** When it was copied here. */
  vendored: string;
}

/** A registry descriptor bound at another address too: the devnet build's stand-ins for contracts its chain lacks. */
export interface Alias {
  /** The descriptor's path in the registry ("registry/aave/calldata-lpv3.json"). */
  file: string;
  chainId: number;
  address: string;
}

export interface GeneratedRegistry {
  index: RegistryIndex;
  /** By entity. */
  shards: Map<string, RegistryShard>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function readJson(dir: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Files as paths from the registry's root, with "/" on every platform. */
const loadFrom = (dir: string): LoadIncluded => (path, from) => {
  const at = posix.normalize(posix.join(posix.dirname(from), path));
  if (at.startsWith('../') || posix.isAbsolute(at)) throw new Error(`${from}: includes ${path}, outside the registry`);
  if (!existsSync(join(dir, at))) throw new Error(`${from}: includes ${path}, which is not in the registry`);
  return { json: readJson(dir, at), at };
};

/**
 * The ABI's functions that a format names; the rest (events, errors, functions never worded) are not shipped. None
 * at all when every format's key already is its function with the same parameter names (ERC-7730 v2, which the
 * engine decodes by the key): the ABI would say nothing more.
 */
function formattedAbi(abi: unknown[], keys: string[]): unknown[] | undefined {
  const functions = abi.flatMap((item) => {
    if (!isObject(item) || (item.type ?? 'function') !== 'function') return [];
    try {
      const fragment = new Interface([item as never]).getFunction(String(item.name));
      return fragment ? [{ item, fragment }] : [];
    } catch {
      return [];
    }
  });
  const named = keys.map((key) => ({ key, fragment: functionOf(key) }));
  const selectors = new Set(named.map(({ key, fragment }) => (/^0x[0-9a-fA-F]{8}$/.test(key) ? key.toLowerCase() : fragment?.selector)));
  const kept = functions.filter(({ fragment }) => selectors.has(fragment.selector));
  const inputs = (fragment: FunctionFragment) => fragment.inputs.map((input) => input.format('full')).join(',');
  const keyed = new Map(named.flatMap(({ fragment }) => (fragment ? [[fragment.selector, inputs(fragment)]] : [])));
  const redundant = keyed.size === keys.length && kept.every(({ fragment }) => keyed.get(fragment.selector) === inputs(fragment));
  return redundant ? undefined : kept.map(({ item }) => item);
}

/**
 * What the engine reads of a merged descriptor: not the schema's URL, `metadata.info` (its web site, dates) or
 * `metadata.contractName`, nor the ABI's entries that no format names.
 */
function reduced(json: Json): Json {
  const { $schema: _schema, includes: _includes, metadata, context, ...kept } = json;
  const out: Json = { ...kept, context };
  if (isObject(metadata)) {
    const { info: _info, contractName: _contractName, ...read } = metadata;
    out.metadata = read;
  }
  const contract = isObject(context) ? context.contract : undefined;
  const formats = isObject(json.display) && isObject(json.display.formats) ? Object.keys(json.display.formats) : [];
  if (isObject(contract) && Array.isArray(contract.abi)) {
    const { abi, ...rest } = contract;
    const kept = formattedAbi(abi as unknown[], formats);
    out.context = { ...(context as Json), contract: kept ? { ...rest, abi: kept } : rest };
  }
  return out;
}

function withAliases(json: Json, file: string, aliases: Alias[]): Json {
  const added = aliases.filter((a) => a.file === file).map(({ chainId, address }) => ({ chainId, address }));
  if (added.length === 0) return json;
  const context = json.context as Json;
  const kind = context.contract ? 'contract' : 'eip712';
  const bound = context[kind] as Json;
  return { ...json, context: { ...context, [kind]: { ...bound, deployments: [...((bound.deployments as unknown[]) ?? []), ...added] } } };
}

/** The registry's descriptors, as paths from its root: every calldata and EIP-712 file of every entity. */
function descriptorFiles(dir: string): string[] {
  return readdirSync(join(dir, 'registry'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entity) => readdirSync(join(dir, 'registry', entity.name)).filter((name) => /^(calldata|eip712)-.*\.json$/.test(name)).map((name) => `registry/${entity.name}/${name}`))
    .sort();
}

/**
 * Where a descriptor binds: its deployments' keys. One that names none fails the build: it would bind every contract
 * on every chain, and an EIP-712 domain's name binds nothing either (any contract may sign under any name).
 */
function placesOf(descriptor: Descriptor): string[] {
  const { contract, eip712 } = descriptor.context;
  const deployments = (contract ?? eip712)?.deployments ?? [];
  if (deployments.length === 0) throw new Error(`${descriptor.source}: names no deployment: it would bind every contract on every chain (a domain name is anyone's to use)`);
  return [...new Set(deployments.map((d) => deploymentKey(d.chainId, d.address)))];
}

/**
 * Checks every descriptor of the vendored registry at `dir` and builds the files the extension ships; throws on the
 * first file that does not resolve or parse. `aliases` binds some at more addresses (the devnet build's only);
 * `reviewedBy` is what `verifyAttestations` (attestations.ts) found of the same registry, shipped beside each descriptor.
 */
export function generateRegistry(dir: string, aliases: Alias[] = [], reviewedBy: Reviews['reviewedBy'] = {}): GeneratedRegistry {
  const source = readJson(dir, 'SOURCE.json') as Source;
  const missing = aliases.filter((a) => !existsSync(join(dir, a.file)));
  if (missing.length > 0) throw new Error(`aliases name files the registry does not have: ${missing.map((a) => a.file).join(', ')}`);
  const index: RegistryIndex = { repository: source.repository, commit: source.commit, files: [], deployments: {} };
  const shards = new Map<string, RegistryShard>();
  const load = loadFrom(dir);
  for (const file of descriptorFiles(dir)) {
    const merged = resolveIncludes(readJson(dir, file), file, load);
    if (!isObject(merged) || !isObject(merged.context)) throw new Error(`${file}: a descriptor must be a JSON object with a context`);
    const shipped = withAliases(reduced(merged), file, aliases);
    const deployments = placesOf(parseDescriptor(shipped, file));
    const position = index.files.push(file) - 1;
    for (const key of deployments) (index.deployments[key] ??= []).push(position);
    const entity = entityOf(file);
    if (!shards.has(entity)) shards.set(entity, {});
    shards.get(entity)![file] = { descriptor: shipped, ...(Object.hasOwn(reviewedBy, file) ? { reviewedBy: reviewedBy[file] } : {}) };
  }
  return { index, shards };
}

/** Writes the index and the entities' files under an extension's folder (a dist/<browser>). */
export function writeRegistry({ index, shards }: GeneratedRegistry, extensionDir: string): void {
  mkdirSync(join(extensionDir, REGISTRY_DIR), { recursive: true });
  writeFileSync(join(extensionDir, REGISTRY_INDEX_FILE), JSON.stringify(index));
  for (const [entity, shard] of shards) writeFileSync(join(extensionDir, shardFile(entity)), JSON.stringify(shard));
}
