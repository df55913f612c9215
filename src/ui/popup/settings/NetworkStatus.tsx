/** One network's endpoints (the one in use marked, to reorder, add or remove), what was detected of its node and when, and Detect again. */
import type { NetworkStatus as Status } from '../../../shared/networkFacts';
import type { Network } from '../../../shared/networks';
import { useSubmit } from '../../components/useSubmit';
import { call } from '../../api/background';
import { Endpoints } from './Endpoints';

const answer = (fact: boolean | undefined): string => (fact === undefined ? 'unknown' : fact ? 'yes' : 'no');

/** "EIP-7702 yes · contracts yes · simulation no · sync send yes · bundler none · blocks 2 s" */
export function detectedText(network: Network, facts: NonNullable<Status['detected']>): string {
  const blocks = facts.blockTimeMs === undefined ? 'unknown' : `${Number((facts.blockTimeMs / 1000).toFixed(1))} s`;
  return [
    `EIP-7702 ${answer(facts.eip7702)}`, `contracts ${answer(facts.contracts)}`, `simulation ${answer(facts.simulateV1)}`,
    `sync send ${answer(facts.syncSend)}`, `bundler ${network.bundlerUrl ? answer(facts.bundler) : 'none'}`, `blocks ${blocks}`,
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
      <div aria-label={`${network.name} detected`}>{facts ? detectedText(network, facts) : 'Not detected yet'}</div>
      {facts && <div>Detected {new Date(facts.at).toLocaleString()}</div>}
      {detect.error && <p className="error" role="alert">{detect.error}</p>}
      <button type="button" className="secondary small" aria-label={`Detect again ${network.name}`} disabled={detect.busy} onClick={detect.submit}>
        {detect.busy ? 'Detecting…' : 'Detect again'}
      </button>
    </div>
  );
}
