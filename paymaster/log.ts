/**
 * Structured logs (pino): one JSON object per line, one line per sponsorship decision (decisions.ts) and per event of
 * the service's life. Lines go to the given sink (main.ts: stdout; the devnet: its console); no sink, no logs.
 */
import { pino, stdTimeFunctions, type Logger } from 'pino';

export type { Logger };

export function createLogger(sink: ((line: string) => void) | undefined, level = 'info'): Logger {
  if (!sink) return pino({ level: 'silent' });
  return pino({ level, base: { service: 'paymaster' }, timestamp: stdTimeFunctions.isoTime }, { write: (chunk: string) => sink(chunk.trimEnd()) });
}
