/**
 * Compiles our contracts with solc-js into contracts/build/<Name>.json; reuses a build while it is newer than every
 * source it was compiled from (imports from node_modules included) and than this file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Artifact {
  abi: unknown[];
  bytecode: string;
}

/** What contracts/build/<Name>.json holds: the artifact and the files it was compiled from, for the freshness check. */
interface BuildFile extends Artifact {
  sources?: string[];
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

type ContractName = 'TestToken' | 'TestPermitToken' | 'TestCollectible' | 'TestMultiToken' | 'VerifyingPaymaster' | 'AavePoolStandIn' | 'OneInchRouterStandIn'
  | 'TestUsdc' | 'TestPriceFeed' | 'UsdcPaymaster';

const require = createRequire(import.meta.url);
// The compiler settings live in this file, so editing it also invalidates every build.
const THIS_FILE = fileURLToPath(import.meta.url);

export const loadTestToken = (): Promise<Artifact> => loadArtifact('TestToken');
export const loadVerifyingPaymaster = (): Promise<Artifact> => loadArtifact('VerifyingPaymaster');

export async function loadArtifact(name: ContractName): Promise<Artifact> {
  const output = fileURLToPath(new URL(`build/${name}.json`, import.meta.url));
  const cached = readFresh(output);
  if (cached) return { abi: cached.abi, bytecode: cached.bytecode };
  const build = await compile(name);
  mkdirSync(dirname(output), { recursive: true });
  // Written aside and renamed: a devnet starting in another process at the same time never reads half a file.
  const partial = `${output}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(build, null, 2)}\n`);
  renameSync(partial, output);
  return { abi: build.abi, bytecode: build.bytecode };
}

function readFresh(output: string): BuildFile | undefined {
  if (!existsSync(output)) return undefined;
  const build = JSON.parse(readFileSync(output, 'utf8')) as BuildFile;
  const builtAt = statSync(output).mtimeMs;
  const inputs = [THIS_FILE, ...(build.sources ?? [])];
  const fresh = build.sources !== undefined && inputs.every((input) => existsSync(input) && statSync(input).mtimeMs <= builtAt);
  return fresh ? build : undefined;
}

async function compile(name: ContractName): Promise<BuildFile> {
  // Loaded only when needed: importing solc-js costs about half a second even on a cache hit.
  const { default: solc } = await import('solc');
  const unit = `${name}.sol`;
  const main = fileURLToPath(new URL(unit, import.meta.url));
  const sources = [main];
  const input = {
    language: 'Solidity',
    sources: { [unit]: { content: readFileSync(main, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'prague',
      // No metadata hash in the bytecode: a comment-only edit must not move a contract's CREATE2 address.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { [unit]: { [name]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  // Imports are package paths ("@openzeppelin/contracts/..."), resolved from node_modules like a JS import would be.
  const findImports = (path: string) => {
    try {
      const file = require.resolve(path);
      sources.push(file);
      return { contents: readFileSync(file, 'utf8') };
    } catch {
      return { error: `${path} not found in node_modules` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc could not compile ${unit}:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.[unit]?.[name];
  if (!contract) throw new Error(`solc produced no ${name} contract from ${unit}`);
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, sources };
}

if (process.argv[1] === THIS_FILE) {
  for (const name of ['TestToken', 'TestPermitToken', 'TestCollectible', 'TestMultiToken', 'VerifyingPaymaster', 'AavePoolStandIn', 'OneInchRouterStandIn'] as const) {
    await loadArtifact(name);
    console.log(`${name} compiled: ${fileURLToPath(new URL(`build/${name}.json`, import.meta.url))}`);
  }
}
