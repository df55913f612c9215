/** One network's endpoints (the one in use marked, to reorder, add or remove), what was detected of its node and when, and Detect again. */
import type { NetworkStatus as Status } from '../../../shared/networkFacts';
import type { Network } from '../../../shared/networks';
import { useSubmit } from '../../components/useSubmit';
import { call } from '../../api/background';
import { t, uiLocale } from '../../i18n/t';
import { Endpoints } from './Endpoints';

const answer = (fact: boolean | undefined): string => t(fact === undefined ? 'networks_unknown' : fact ? 'networks_yes' : 'networks_no');

/** "EIP-7702 yes · contracts yes · simulation no · sync send yes · bundler none · blocks 2 s" */
export function detectedText(network: Network, facts: NonNullable<Status['detected']>): string {
  const seconds = facts.blockTimeMs === undefined ? undefined : Number((facts.blockTimeMs / 1000).toFixed(1)).toLocaleString(uiLocale());
  return [
    t('networks_factEip7702', { answer: answer(facts.eip7702) }), t('networks_factContracts', { answer: answer(facts.contracts) }),
    t('networks_factSimulation', { answer: answer(facts.simulateV1) }), t('networks_factSyncSend', { answer: answer(facts.syncSend) }),
    t('networks_factBundler', { answer: network.bundlerUrl ? answer(facts.bundler) : t('networks_none') }),
    t('networks_factBlocks', { time: seconds === undefined ? t('networks_unknown') : t('networks_seconds', { seconds }) }),
  ].join(' · ');
}

export function NetworkStatus({ network, status, onDetected }: { network: Network; status: Status | undefined; onDetected(): void }) {
  const detect = useSubmit(async () => {
    await call('detectNetwork', { chainId: network.chainId });
    onDetected();
  });
  const facts = status?.detected;
  return (
    <div className="muted">
      <Endpoints network={network} inUse={status?.endpointInUse} />
      <div aria-label={t('networks_detectedLabel', { name: network.name })}>{facts ? detectedText(network, facts) : t('networks_notDetected')}</div>
      {facts && <div>{t('networks_detectedAt', { date: new Date(facts.at).toLocaleString(uiLocale()) })}</div>}
      {detect.error && <p className="error" role="alert">{detect.error}</p>}
      <button type="button" className="secondary small" aria-label={t('networks_detectAgainNamed', { name: network.name })} disabled={detect.busy} onClick={detect.submit}>
        {detect.busy ? t('networks_detecting') : t('networks_detectAgain')}
      </button>
    </div>
  );
}
