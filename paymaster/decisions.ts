/** The log line of each answered JSON-RPC request: for the two ERC-7677 methods, who asked and what was decided. */
import type { Logger } from './log';
import { METHOD_NAMES } from './methods';
import { outcomeOf } from './metrics';
import type { Answered } from './rpc';

export function logAnswer(logger: Logger, app: string, { method, params, error, seconds }: Answered): void {
  const fields = { app, method, outcome: outcomeOf(error), code: error?.code, ms: Math.round(seconds * 1000) };
  const refused = error && `refused (${error.code} ${error.message})`;
  if (!METHOD_NAMES.includes(method as never)) {
    logger.info(fields, `${method ?? 'unreadable request'} -> ${refused ?? 'answered'}`);
    return;
  }
  const op = (Array.isArray(params) ? params[0] : undefined) as { sender?: unknown; nonce?: unknown } | undefined;
  const line = { ...fields, sender: String(op?.sender), nonce: String(op?.nonce) };
  const message = `${method} sender=${line.sender} nonce=${line.nonce} -> ${refused ?? (method === 'pm_getPaymasterData' ? 'signed' : 'stub')}`;
  if (error?.code === -32603) logger.error(line, message);
  else logger.info(line, message);
}
