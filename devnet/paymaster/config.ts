/**
 * The service's settings, from flags or environment variables, with the devnet's values as defaults:
 *
 *   --port        PAYMASTER_PORT          3000
 *   --rpc-url     PAYMASTER_RPC_URL       http://127.0.0.1:8545
 *   --signer-key  PAYMASTER_SIGNER_KEY    the devnet's PAYMASTER_SIGNER key (devnet/constants.ts)
 *   --policy      PAYMASTER_POLICY        devnet/paymaster/policy.devnet.json
 *   --paymaster   PAYMASTER_ADDRESS       the devnet's VerifyingPaymaster
 *   --entry-point PAYMASTER_ENTRY_POINT   the v0.8 EntryPoint
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_PAYMASTER_PORT, DEFAULT_RPC_PORT, ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, VERIFYING_PAYMASTER_ADDRESS } from '../constants';
import type { PolicyFile } from './policy';

export interface PaymasterServiceOptions {
  port?: number;
  rpcUrl?: string;
  /** Must be the verifyingSigner the paymaster contract was deployed with. */
  signerKey?: string;
  /** A policy file's path, or its content. */
  policy?: string | PolicyFile;
  paymaster?: string;
  entryPoint?: string;
  /** Receives one line per sponsorship decision; silent when absent. */
  log?: (line: string) => void;
}

export type PaymasterConfig = Required<PaymasterServiceOptions>;

export const DEVNET_POLICY_FILE = fileURLToPath(new URL('policy.devnet.json', import.meta.url));

export function withDefaults(options: PaymasterServiceOptions): PaymasterConfig {
  return {
    port: options.port ?? DEFAULT_PAYMASTER_PORT,
    rpcUrl: options.rpcUrl ?? `http://127.0.0.1:${DEFAULT_RPC_PORT}`,
    signerKey: options.signerKey ?? PAYMASTER_SIGNER.privateKey,
    policy: options.policy ?? DEVNET_POLICY_FILE,
    paymaster: options.paymaster ?? VERIFYING_PAYMASTER_ADDRESS,
    entryPoint: options.entryPoint ?? ENTRY_POINT_ADDRESS,
    log: options.log ?? (() => {}),
  };
}

/** Flags win over environment variables. */
export function configFromCommandLine(argv: string[], env: NodeJS.ProcessEnv): PaymasterConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'rpc-url': { type: 'string' },
      'signer-key': { type: 'string' },
      policy: { type: 'string' },
      paymaster: { type: 'string' },
      'entry-point': { type: 'string' },
    },
  });
  const port = values.port ?? env.PAYMASTER_PORT;
  if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new Error(`--port must be a port number, got ${port}`);
  return withDefaults({
    port: port === undefined ? undefined : Number(port),
    rpcUrl: values['rpc-url'] ?? env.PAYMASTER_RPC_URL,
    signerKey: values['signer-key'] ?? env.PAYMASTER_SIGNER_KEY,
    policy: values.policy ?? env.PAYMASTER_POLICY,
    paymaster: values.paymaster ?? env.PAYMASTER_ADDRESS,
    entryPoint: values['entry-point'] ?? env.PAYMASTER_ENTRY_POINT,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
}
