/**
 * Every state the device can be in, as an error value with what to do. The status words are the Ethereum app's
 * (LedgerHQ/app-ethereum doc/ethapp.adoc, "Status Words", and client/.../status_word.py) and the OS's (0x5515 locked,
 * 0x6511 no app open, 0x6e00/0x6d00 answered by the dashboard or another app to the Ethereum app's class/instruction).
 */
import type { MessageKey } from '../i18n/keys';
import { t } from '../i18n/t';
import type { LedgerError, LedgerErrorCode } from './types';

const WORDS: Record<LedgerErrorCode, MessageKey> = {
  noWebHid: 'ledger_noWebHid',
  noDevice: 'ledger_noDevice',
  locked: 'ledger_locked',
  appNotOpen: 'ledger_appNotOpen',
  otherApp: 'ledger_otherApp',
  appTooOld: 'ledger_appTooOld',
  refused: 'ledger_refused',
  blindSigningOff: 'ledger_blindSigningOff',
  notAllowed: 'ledger_notAllowed',
  unplugged: 'ledger_unplugged',
  busy: 'ledger_busy',
  timeout: 'ledger_timeout',
  wrongAddress: 'ledger_wrongAddress',
  wrongSignature: 'ledger_wrongSignature',
  failed: 'ledger_failed',
};

export function ledgerError(code: LedgerErrorCode, statusWord?: number): LedgerError {
  return { code, words: t(WORDS[code]), rpcCode: code === 'refused' ? 4001 : null, ...(statusWord === undefined ? {} : { statusWord }) };
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
