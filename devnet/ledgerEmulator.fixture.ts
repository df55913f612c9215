/** The devnet's Ledger emulator for one test file: on a free port, reset before each test, and the wallet's own `LedgerEth` over its HTTP transport. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { EmulatorTransport } from '../src/ui/ledger/emulatorTransport';
import { LedgerEth } from '../src/ui/ledger/eth';
import { startLedgerEmulator, type LedgerEmulator } from './ledgerEmulator/server';

export function emulatorForTests(): { readonly url: string; readonly eth: LedgerEth } {
  let emulator: LedgerEmulator | undefined;
  let eth: LedgerEth | undefined;
  beforeAll(async () => {
    emulator = await startLedgerEmulator({ port: 0 });
    eth = new LedgerEth(new EmulatorTransport(emulator.url));
  });
  afterAll(() => emulator?.stop());
  beforeEach(async () => {
    const response = await fetch(`${emulator!.url}/state`, { method: 'POST', body: JSON.stringify({ reset: true }) });
    if (!response.ok) throw new Error(`the emulator refused its reset: ${response.status} ${await response.text()}`);
  });
  return {
    get url() {
      return emulator!.url;
    },
    get eth() {
      return eth!;
    },
  };
}
