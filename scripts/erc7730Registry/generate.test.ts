import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAIN_ID } from '../../devnet/constants';
import { REGISTRY_INDEX_FILE, deploymentKey, shardFile } from '../../src/shared/erc7730/registry';
import { DEVNET_ALIASES } from './devnetAliases';
import { coverage, FEATURES } from './coverage';
import { generateRegistry, writeRegistry, type GeneratedRegistry } from './generate';
import { VENDORED } from './vendor';

const POOL = '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2';
const VAULT = '0x1111111111111111111111111111111111111111';
const TRANSFER = { inputs: [{ name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }], name: 'transfer', outputs: [], stateMutability: 'nonpayable', type: 'function' };
const UNUSED = { inputs: [], name: 'pause', outputs: [], stateMutability: 'nonpayable', type: 'function' };

const supply = {
  $schema: '../../specs/erc7730-v2.schema.json',
  context: { contract: { deployments: [{ chainId: 1, address: POOL }] } },
  metadata: { owner: 'Acme', info: { url: 'https://acme.example' }, contractName: 'Pool' },
  display: { formats: { 'supply(address asset,uint256 amount)': { intent: 'Supply', fields: [{ path: 'amount', format: 'tokenAmount', params: { tokenPath: 'asset' } }] } } },
};
const vault = {
  includes: '../../ercs/calldata-vault.json',
  context: { contract: { deployments: [{ chainId: 10, address: VAULT }] } },
  metadata: { owner: 'Acme vaults' },
};
const generic = { context: { contract: {} }, display: { formats: { 'deposit(uint256 assets,address receiver)': { intent: 'Deposit', fields: [{ path: 'receiver', label: 'Receiver', format: 'addressName' }] } } } };
const withAbi = {
  context: { contract: { deployments: [{ chainId: 1, address: VAULT }], abi: [TRANSFER, UNUSED] } },
  display: { formats: { 'transfer(address,uint256)': { intent: 'Send', fields: [] } } },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A registry snapshot as vendor.ts leaves it, with the files given (paths from its root). */
function snapshot(files: Record<string, unknown>): string {
  const at = (dir = mkdtempSync(join(tmpdir(), 'erc7730-registry-')));
  const all = { 'SOURCE.json': { repository: 'https://example/registry', commit: 'abc1234', committed: '2026-08-20', vendored: '2026-11-29' }, ...files };
  for (const [path, json] of Object.entries(all)) {
    mkdirSync(dirname(join(at, path)), { recursive: true });
    writeFileSync(join(at, path), typeof json === 'string' ? json : JSON.stringify(json));
  }
  return at;
}

describe('generateRegistry', () => {
  it('indexes each descriptor by chain and address, its includes merged, without what the engine does not read', () => {
    const { index, shards } = generateRegistry(snapshot({
      'registry/acme/calldata-pool.json': supply,
      'registry/acme/calldata-vault.json': vault,
      'registry/acme/calldata-token.json': withAbi,
      'registry/acme/common-unused.json': { context: { contract: {} } },
      'ercs/calldata-vault.json': generic,
    }));
    expect(index.commit).toBe('abc1234');
    expect(index.files).toEqual(['registry/acme/calldata-pool.json', 'registry/acme/calldata-token.json', 'registry/acme/calldata-vault.json']);
    expect(index.deployments).toEqual({ [deploymentKey(1, POOL)]: [0], [deploymentKey(1, VAULT)]: [1], [deploymentKey(10, VAULT)]: [2] });
    const acme = shards.get('acme')!;
    expect(acme['registry/acme/calldata-pool.json'].descriptor).toEqual({ context: supply.context, metadata: { owner: 'Acme' }, display: supply.display });
    expect(acme['registry/acme/calldata-vault.json'].descriptor).toEqual({ context: vault.context, metadata: { owner: 'Acme vaults' }, display: generic.display });
    expect(acme['registry/acme/calldata-token.json'].descriptor).toMatchObject({ context: { contract: { abi: [TRANSFER] } } });
  });

  it('ships no ABI where every format\'s key already is its function with the same parameter names', () => {
    const named = { ...withAbi, display: { formats: { 'transfer(address to, uint256 value)': { intent: 'Send', fields: [] } } } };
    const { shards } = generateRegistry(snapshot({ 'registry/acme/calldata-token.json': named }));
    expect(shards.get('acme')!['registry/acme/calldata-token.json'].descriptor).toEqual({ context: { contract: { deployments: withAbi.context.contract.deployments } }, display: named.display });
  });

  it('fails on a descriptor the wallet\'s parser refuses, naming the file', () => {
    const broken = { ...supply, display: { formats: { 'supply(address,uint256)': { intent: 'Supply' } } } };
    expect(() => generateRegistry(snapshot({ 'registry/acme/calldata-pool.json': supply, 'registry/acme/calldata-broken.json': broken })))
      .toThrow(/^registry\/acme\/calldata-broken\.json: display\.formats\["supply\(address,uint256\)"\] must be a function with parameter names/);
  });

  it('fails on a file that is not JSON, or includes one the registry lacks, naming the file', () => {
    expect(() => generateRegistry(snapshot({ 'registry/acme/calldata-pool.json': '{ "context": ' }))).toThrow(/^registry\/acme\/calldata-pool\.json: /);
    expect(() => generateRegistry(snapshot({ 'registry/acme/calldata-vault.json': vault }))).toThrow('registry/acme/calldata-vault.json: includes ../../ercs/calldata-vault.json, which is not in the registry');
  });

  it('fails on a descriptor that names no deployment: it would bind every contract', () => {
    expect(() => generateRegistry(snapshot({ 'registry/acme/calldata-any.json': generic }))).toThrow('registry/acme/calldata-any.json: names no deployment');
  });

  it('fails on an EIP-712 descriptor that names only its domain: any contract may sign under any name', () => {
    const message = { context: { eip712: { domain: { name: 'Acme Orders' } } }, display: { formats: { 'Order(address maker)': { intent: 'Order', fields: [] } } } };
    expect(() => generateRegistry(snapshot({ 'registry/acme/eip712-order.json': message }))).toThrow('registry/acme/eip712-order.json: names no deployment');
  });

  it('ships beside each descriptor the auditors the build verified for it, and nothing for the others', () => {
    const at = snapshot({ 'registry/acme/calldata-pool.json': supply, 'registry/acme/calldata-token.json': withAbi });
    const { shards } = generateRegistry(at, [], { 'registry/acme/calldata-pool.json': ['Patrick Collins (Cyfrin)'] });
    expect(shards.get('acme')!['registry/acme/calldata-pool.json'].reviewedBy).toEqual(['Patrick Collins (Cyfrin)']);
    expect(shards.get('acme')!['registry/acme/calldata-token.json']).not.toHaveProperty('reviewedBy');
  });

  it('writes the index and one file per entity into the extension\'s folder', () => {
    const at = snapshot({ 'registry/acme/calldata-pool.json': supply });
    const generated = generateRegistry(at);
    const out = join(at, 'extension');
    writeRegistry(generated, out);
    expect(JSON.parse(readFileSync(join(out, REGISTRY_INDEX_FILE), 'utf8'))).toEqual(generated.index);
    expect(Object.keys(JSON.parse(readFileSync(join(out, shardFile('acme')), 'utf8')))).toEqual(['registry/acme/calldata-pool.json']);
  });
});

describe('the vendored registry', () => {
  const keysOn = (keys: string[], chainId: number) => keys.filter((key) => key.startsWith(`${chainId}:`));
  let generated: GeneratedRegistry | undefined;
  const production = () => (generated ??= generateRegistry(VENDORED));

  it('is what docs/features.md says the wallet covers, at the commit it names', () => {
    const features = readFileSync(FEATURES, 'utf8');
    expect(features).toContain(coverage(production()));
    expect(features).toContain(`at commit \`${production().index.commit}\``);
  }, 60_000);

  it('binds nothing on the devnet\'s chain in the production build, and the stand-ins\' addresses in the devnet build', () => {
    const { index } = production();
    expect(index.files.length).toBeGreaterThan(300);
    expect(keysOn(Object.keys(index.deployments), CHAIN_ID)).toEqual([]);
    const devnet = generateRegistry(VENDORED, DEVNET_ALIASES);
    expect(keysOn(Object.keys(devnet.index.deployments), CHAIN_ID).sort()).toEqual(DEVNET_ALIASES.map((a) => deploymentKey(a.chainId, a.address)).sort());
  }, 60_000);
});
