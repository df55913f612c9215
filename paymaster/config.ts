/**
 * The service's settings, from flags or environment variables (flags win):
 *
 *   --rpc-url     PAYMASTER_RPC_URL       the chain's node (required)
 *   --signer-key  PAYMASTER_SIGNER_KEY    the verifyingSigner the paymaster contract was deployed with (required)
 *   --paymaster   PAYMASTER_ADDRESS       the VerifyingPaymaster contract (required)
 *   --policy      PAYMASTER_POLICY        the policy file (required; see README.md)
 *   --port        PAYMASTER_PORT          3000
 *   --host        PAYMASTER_HOST          127.0.0.1 (0.0.0.0 to serve other machines)
 *   --entry-point PAYMASTER_ENTRY_POINT   the canonical v0.8 EntryPoint
 */
import { parseArgs } from 'node:util';
import { ENTRY_POINT_V08 } from '../src/shared/contracts';
import type { PolicyFile } from './policy';

export interface PaymasterServiceOptions {
  rpcUrl: string;
  /** Must be the verifyingSigner the paymaster contract was deployed with. */
  signerKey: string;
  paymaster: string;
  /** A policy file's path, or its content. */
  policy: string | PolicyFile;
  port?: number;
  host?: string;
  entryPoint?: string;
  /** Receives one line per sponsorship decision; silent when absent. */
  log?: (line: string) => void;
}

export type PaymasterConfig = Required<PaymasterServiceOptions>;

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

export function withDefaults(options: PaymasterServiceOptions): PaymasterConfig {
  return {
    ...options,
    port: options.port ?? DEFAULT_PORT,
    host: options.host ?? DEFAULT_HOST,
    entryPoint: options.entryPoint ?? ENTRY_POINT_V08,
    log: options.log ?? (() => {}),
  };
}

const FLAGS = {
  'rpc-url': 'PAYMASTER_RPC_URL',
  'signer-key': 'PAYMASTER_SIGNER_KEY',
  paymaster: 'PAYMASTER_ADDRESS',
  policy: 'PAYMASTER_POLICY',
  port: 'PAYMASTER_PORT',
  host: 'PAYMASTER_HOST',
  'entry-point': 'PAYMASTER_ENTRY_POINT',
} as const;
const REQUIRED = ['rpc-url', 'signer-key', 'paymaster', 'policy'] as const;

export function configFromCommandLine(argv: string[], env: NodeJS.ProcessEnv): PaymasterConfig {
  const { values } = parseArgs({ args: argv, options: Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' }])) });
  const value = (flag: keyof typeof FLAGS): string | undefined => (values[flag] as string | undefined) ?? env[FLAGS[flag]];
  const missing = REQUIRED.filter((flag) => value(flag) === undefined);
  if (missing.length > 0) throw new Error(`Missing settings: ${missing.map((flag) => `--${flag} (or ${FLAGS[flag]})`).join(', ')}`);
  const port = value('port');
  if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new Error(`--port must be a port number, got ${port}`);
  return withDefaults({
    rpcUrl: value('rpc-url')!,
    signerKey: value('signer-key')!,
    paymaster: value('paymaster')!,
    policy: value('policy')!,
    port: port === undefined ? undefined : Number(port),
    host: value('host'),
    entryPoint: value('entry-point'),
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
}
