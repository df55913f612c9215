/** Compiles contracts/TestToken.sol with solc-js into contracts/build/TestToken.json; reuses the build while it is newer than its inputs. */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Artifact {
  abi: unknown[];
  bytecode: string;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

const SOURCE = fileURLToPath(new URL('TestToken.sol', import.meta.url));
const OUTPUT = fileURLToPath(new URL('build/TestToken.json', import.meta.url));
// The compiler settings live in this file, so editing it also invalidates the build.
const INPUTS = [SOURCE, fileURLToPath(import.meta.url)];

export async function loadTestToken(): Promise<Artifact> {
  if (isFresh()) return JSON.parse(readFileSync(OUTPUT, 'utf8')) as Artifact;
  const artifact = await compileTestToken();
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, `${JSON.stringify(artifact, null, 2)}\n`);
  return artifact;
}

function isFresh(): boolean {
  if (!existsSync(OUTPUT)) return false;
  const built = statSync(OUTPUT).mtimeMs;
  return INPUTS.every((input) => statSync(input).mtimeMs <= built);
}

async function compileTestToken(): Promise<Artifact> {
  // Loaded only when needed: importing solc-js costs about half a second even on a cache hit.
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'prague',
      // No metadata hash in the bytecode: a comment-only edit must not move the token's CREATE2 address.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { 'TestToken.sol': { TestToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc could not compile TestToken.sol:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['TestToken.sol']?.TestToken;
  if (!contract) throw new Error('solc produced no TestToken contract from TestToken.sol');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await loadTestToken();
  console.log(`TestToken compiled: ${OUTPUT}`);
}
