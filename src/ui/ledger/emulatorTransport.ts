/**
 * The devnet build's stand-in for WebHID: a transport to the devnet's Ledger emulator (devnet/ledgerEmulator/), one
 * `POST /apdu` per command as Speculos takes them. Only `device.ts` loads it, behind `__DEVNET_BUILD__`, so the
 * production build carries none of it (scripts/bundle.test.ts).
 */
import Transport from '@ledgerhq/hw-transport';

/** Where `npm start` and the e2e runs serve the emulator (devnet/constants.ts DEFAULT_LEDGER_EMULATOR_PORT). */
export const LEDGER_EMULATOR_URL = 'http://127.0.0.1:4191';

/** What the transport throws when the emulator does not answer (scripts/bundle.ts looks for it too): never shown, errors.ts reads the error's name. */
export const EMULATOR_SILENT = 'ledger emulator: no answer';

/** How long the first look for the emulator waits: it is on this machine, so it answers at once or not at all. */
const PROBE_MS = 1000;

export class EmulatorTransport extends Transport {
  constructor(private readonly url: string) {
    super();
  }

  async exchange(apdu: Buffer): Promise<Buffer> {
    let answer: { data?: unknown };
    try {
      const response = await fetch(`${this.url}/apdu`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: apdu.toString('hex') }) });
      answer = (await response.json()) as { data?: unknown };
    } catch {
      // As WebHID's transport says it of an unplugged device: errors.ts reads the name.
      throw Object.assign(new Error(EMULATOR_SILENT), { name: 'DisconnectedDeviceDuringOperation' });
    }
    if (typeof answer.data !== 'string') throw Object.assign(new Error('the Ledger emulator answered no data'), { name: 'DisconnectedDeviceDuringOperation' });
    return Buffer.from(answer.data, 'hex');
  }
}

/** The emulator's transport when it answers at `url`, else null (then the device is reached through WebHID). */
export async function emulatorTransport(url = LEDGER_EMULATOR_URL): Promise<EmulatorTransport | null> {
  try {
    const response = await fetch(`${url}/state`, { signal: AbortSignal.timeout(PROBE_MS) });
    return response.ok ? new EmulatorTransport(url) : null;
  } catch {
    return null;
  }
}
