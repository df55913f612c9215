/**
 * Every state the device can be in, as an error value with what to do. The status words are the Ethereum app's
 * (LedgerHQ/app-ethereum doc/ethapp.adoc, "Status Words", and client/.../status_word.py) and the OS's (0x5515 locked,
 * 0x6511 no app open, 0x6e00/0x6d00 answered by the dashboard or another app to the Ethereum app's class/instruction).
 */
import type { LedgerError, LedgerErrorCode } from './types';

const WORDS: Record<LedgerErrorCode, string> = {
  noWebHid: 'This browser has no WebHID, which a Ledger needs: use Ledger accounts in Chrome, Edge or Brave.',
  noDevice: 'No Ledger was chosen: plug it in, unlock it, open the Ethereum app, then try again and pick it in the list.',
  locked: 'Your Ledger is locked: enter its PIN, open the Ethereum app, then try again.',
  appNotOpen: 'Open the Ethereum app on your Ledger, then try again.',
  otherApp: 'Another app is open on your Ledger: close it, open the Ethereum app, then try again.',
  appTooOld: 'The Ethereum app on your Ledger is too old for this: update it in Ledger Live, then try again.',
  refused: 'You rejected the request on your Ledger.',
  blindSigningOff:
    'The Ethereum app cannot show this request: turn on Blind signing in the app’s settings on your Ledger if you trust it, then try again.',
  notAllowed:
    'The Ethereum app does not allow this: for a smart-account upgrade, turn on "Smart account upgrade" in the app’s settings (the app only upgrades to the delegates it lists).',
  unplugged: 'Your Ledger was unplugged or closed the connection: plug it in, open the Ethereum app, then try again.',
  busy: 'Your Ledger is busy with another request: finish or reject it on the device, then try again.',
  timeout: 'Your Ledger did not answer in time: check it is unlocked with the Ethereum app open, then try again.',
  wrongAddress: 'The Ledger answered an address that does not match its public key: the request was stopped.',
  wrongSignature: 'The Ledger’s signature is not from this account: is it the right device and passphrase? Nothing was sent.',
  failed: 'Your Ledger reported an error: unplug it, plug it in again, open the Ethereum app and try again.',
};

export function ledgerError(code: LedgerErrorCode, statusWord?: number): LedgerError {
  return { code, words: WORDS[code], rpcCode: code === 'refused' ? 4001 : null, ...(statusWord === undefined ? {} : { statusWord }) };
}

/** The code for a status word other than 0x9000. */
export function codeOfStatus(statusWord: number): LedgerErrorCode {
  switch (statusWord) {
    case 0x5515: // the OS: locked (older firmware answered 0x6982 while the screen saver or PIN was up)
    case 0x6982:
      return 'locked';
    case 0x6985: // the app: "Condition not satisfied", what every reject button answers
    case 0x5501: // the OS: refused on the device
      return 'refused';
    case 0x6511: // the OS: no app open
    case 0x6e00: // the dashboard (or another app) does not know the Ethereum app's class
    case 0x6e01:
    case 0x6d00: // the dashboard does not know its instruction
      return 'appNotOpen';
    case 0x6a80: // "Invalid data": what the app answers after its blind-signing-disabled screen
      return 'blindSigningOff';
    case 0x6980: // "Command not allowed": smart account upgrade off, or a delegate the app does not list
      return 'notAllowed';
    case 0x6501: // transaction type not supported
    case 0x911c: // command not supported
      return 'appTooOld';
    default:
      return 'failed';
  }
}

/** What @ledgerhq's transports throw (by status code, else by name, so no error class needs to be loaded) as an error value. */
export function ledgerErrorOf(thrown: unknown): LedgerError {
  const e = thrown as { name?: string; statusCode?: number; id?: string } | null;
  if (e && typeof e.statusCode === 'number') return ledgerError(codeOfStatus(e.statusCode), e.statusCode);
  switch (e?.name) {
    case 'DisconnectedDevice':
    case 'DisconnectedDeviceDuringOperation':
      return ledgerError('unplugged');
    case 'TransportRaceCondition':
      return ledgerError('busy');
    case 'TransportOpenUserCancelled':
      return ledgerError('noDevice');
    default:
      return ledgerError('failed');
  }
}
