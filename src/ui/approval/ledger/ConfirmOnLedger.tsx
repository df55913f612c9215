/**
 * "Confirm on your Ledger": after Approve on a Ledger account's request, what the device will show, then the device's
 * answer. The worker checks the signature before it answers the site; a refusal on the device answers it as Reject
 * does (4001); any other trouble says what to do, with Try again and Reject.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApprovalView } from '../../../shared/approvals';
import type { DeviceRequest } from '../../../shared/deviceSigning';
import { call } from '../../api/background';
import { Notice } from '../../components/Notice';
import { Screen } from '../../components/Screen';
import { errorText } from '../../format/errorText';
import { t } from '../../i18n/t';
import { connectLedger } from '../../ledger/device';
import { reject } from '../resolve';
import { DeviceShows } from './DeviceShows';
import { useDeviceStep } from './deviceStep';
import { signOnDevice, type Connect, type DeviceProgress } from './signOnDevice';

/** `askAgain`: the worker refused what the device signed (a nonce used meanwhile): Try again asks it for the request anew. */
type Status = { step: DeviceProgress } | { step: 'sending' } | { step: 'failed'; words: string; choose: boolean; askAgain?: boolean };

/** Each step in words (a switch: a `confirm` property holding a key would read as text to scripts/catalogues.test.ts). */
function stepWords(step: DeviceProgress | 'sending'): string {
  switch (step) {
    case 'connecting': return t('ledger_connecting');
    case 'confirm': return t('ledger_confirmThere');
    case 'hashesOnly': return t('ledger_confirmHashes');
    case 'sending': return t('ledger_checkingSignature');
  }
}

function networkOf(approval: ApprovalView): { name: string; symbol: string } {
  const details = approval.details as { networkName?: string; symbol?: string };
  return { name: details.networkName ?? '', symbol: details.symbol ?? 'ETH' };
}

export function ConfirmOnLedger({ approval, request: asked, connect = connectLedger }: { approval: ApprovalView; request: DeviceRequest; connect?: Connect }) {
  // Asked anew on Try again, and replaced by the sequential payload when the device will not sign the upgrade.
  const [request, setRequest] = useState(asked);
  useEffect(() => setRequest(asked), [asked]);
  const [status, setStatus] = useState<Status>({ step: 'connecting' });
  const [hashesOnly, setHashesOnly] = useState(false);
  const running = useRef(false);
  // The wallet's state comes again on every storage change, the approval a new object each time: the device is asked
  // once per request, and again only by Try again (a refresh asked it behind the screen, even for a refused payload).
  const approvalId = approval.id;

  const run = useCallback(async (how: 'known' | 'choose') => {
    if (running.current) return;
    running.current = true;
    try {
      const sequential = async () => {
        const next = await call('deviceRequest', { id: request.approvalId, refused: true });
        if (next) setRequest(next);
        return next;
      };
      const signed = await signOnDevice(request, how, connect, (step) => {
        if (step === 'hashesOnly') setHashesOnly(true);
        setStatus({ step });
      }, sequential);
      if (!signed.ok) {
        // Refused on the device: the site hears what Reject tells it.
        if (signed.error.rpcCode === 4001) return void (await reject({ id: approvalId }).finally(() => useDeviceStep.getState().done()));
        return setStatus({ step: 'failed', words: signed.error.words, choose: signed.error.code === 'noDevice' });
      }
      setStatus({ step: 'sending' });
      await call('deviceSigned', { id: request.approvalId, signature: signed.value });
      useDeviceStep.getState().done();
    } catch (error) {
      setStatus({ step: 'failed', words: errorText(error), choose: false, askAgain: true });
    } finally {
      running.current = false;
    }
  }, [approvalId, request, connect]);

  useEffect(() => void run('known'), [run]);

  const onReject = () => void reject(approval).finally(() => useDeviceStep.getState().done());
  // Asking again waits for the account's earlier request on the device or being sent (rpc/deviceBatchPayloads.ts
  // inTurn, up to a minute), as Approve does: meanwhile Try again is busy and the screen says why (Decision.tsx).
  const [asking, setAsking] = useState(false);
  // The worker may have dropped the refused payload (stale): the device signs the one it builds now, never the old one again.
  const askAgain = async () => {
    const { answer } = useDeviceStep.getState();
    setAsking(true);
    const fresh = await call('deviceRequest', { id: approval.id, ...(answer === undefined ? {} : { answer }) }).catch((error: unknown) => {
      setStatus({ step: 'failed', words: errorText(error), choose: false, askAgain: true });
      return undefined;
    }).finally(() => setAsking(false));
    if (fresh) setRequest(fresh);
  };
  const failed = status.step === 'failed' ? status : null;
  const working = status.step === 'failed' ? null : status.step;
  return (
    <Screen
      title={t('ledger_confirmTitle')}
      origin={approval.origin}
      actions={(
        <>
          <button className="secondary" onClick={onReject}>{t('ledger_reject')}</button>
          {failed?.choose && <button onClick={() => void run('choose')}>{t('ledger_choose')}</button>}
          {failed && <button disabled={asking} aria-busy={asking} onClick={() => void (failed.askAgain ? askAgain() : run('known'))}>{t('ledger_tryAgain')}</button>}
        </>
      )}
    >
      <p>{t('ledger_willShow')}</p>
      <DeviceShows payload={request.payload} hashesOnly={hashesOnly} network={networkOf(approval)} />
      {failed && (asking
        ? <Notice tone="info" label={t('ledger_device')}>{t('ledger_waitingForTurn')}</Notice>
        : <Notice tone="danger" label={t('ledger_device')}>{failed.words}</Notice>)}
      {working && <Notice tone="info" label={t('ledger_device')}>{stepWords(working)}</Notice>}
    </Screen>
  );
}
