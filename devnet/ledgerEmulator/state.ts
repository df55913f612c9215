/**
 * What a test can set on the emulated device (`POST /state`): the device locked, which app is open and its version,
 * the app's settings, and a refusal of the next signature as if the user pressed Reject.
 */

export interface LedgerEmulatorState {
  /** The PIN not entered: every command answers 0x5515. */
  locked: boolean;
  /** The app open: the Ethereum app, the dashboard (no app: 0x6511), or another app (0x6e00 to the Ethereum app's class). */
  app: 'Ethereum' | 'none' | 'other';
  /** The Ethereum app's version, as GET APP AND VERSION and GET APP CONFIGURATION answer it ("too old" below 1.17.0 or 1.9.19). */
  version: string;
  /** The app's "Blind signing" setting: off, contract data, EIP-712 hashes and EIP-712 without filters answer 0x6a80. */
  blindSigning: boolean;
  /** The app's "Smart account upgrade" setting: off, every authorization answers 0x6980. */
  smartAccountUpgrade: boolean;
  /** The next request the device would ask the user to confirm is rejected (0x6985); set back to false once used. */
  refuseNext: boolean;
}

/** What the devnet's emulator starts as: unlocked, the Ethereum app 1.22.0 open, Blind signing and Smart account upgrade on. */
export const DEFAULT_LEDGER_EMULATOR_STATE: LedgerEmulatorState = {
  locked: false,
  app: 'Ethereum',
  version: '1.22.0',
  blindSigning: true,
  smartAccountUpgrade: true,
  refuseNext: false,
};

const CHECKS: { [K in keyof LedgerEmulatorState]: (value: unknown) => boolean } = {
  locked: (v) => typeof v === 'boolean',
  app: (v) => v === 'Ethereum' || v === 'none' || v === 'other',
  version: (v) => typeof v === 'string' && /^\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v),
  blindSigning: (v) => typeof v === 'boolean',
  smartAccountUpgrade: (v) => typeof v === 'boolean',
  refuseNext: (v) => typeof v === 'boolean',
};

/** A control request's body checked field by field: `{ reset: true }` or a part of the state; an error names the first field that is wrong. */
export function stateChange(body: unknown, current: LedgerEmulatorState): { ok: true; state: LedgerEmulatorState } | { ok: false; error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'expected a JSON object' };
  const { reset, ...fields } = body as Record<string, unknown>;
  if (reset !== undefined && reset !== true) return { ok: false, error: 'reset must be true when given' };
  const state: LedgerEmulatorState = { ...(reset ? DEFAULT_LEDGER_EMULATOR_STATE : current) };
  for (const [key, value] of Object.entries(fields)) {
    const check = CHECKS[key as keyof LedgerEmulatorState];
    if (!check) return { ok: false, error: `unknown field ${key}: expected ${Object.keys(CHECKS).join(', ')} or reset` };
    if (!check(value)) return { ok: false, error: `bad value for ${key}: ${JSON.stringify(value)}` };
    Object.assign(state, { [key]: value });
  }
  return { ok: true, state };
}
