import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function AddChain({ approval }: ScreenProps<'addChain'>) {
  const network = approval.details;
  return (
    <main>
      <h1>Add a network</h1>
      <p>{approval.origin} asks to add this network and switch to it.</p>
      <dl className="card">
        <dt>Name</dt><dd aria-label="Network name">{cleanText(network.name)}</dd>
        <dt>Chain id</dt><dd className="mono">{network.chainId} ({BigInt(network.chainId).toString()})</dd>
        <dt>RPC URL</dt><dd className="mono">{network.rpcUrl}</dd>
        <dt>Currency</dt><dd>{cleanText(network.nativeCurrency.symbol)}</dd>
      </dl>
      <LookAlikeWarning names={[['network name', network.name], ['currency symbol', network.nativeCurrency.symbol]]} />
      <p className="warning">A network can report false balances and see your activity. Add only networks you trust.</p>
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, null)}>Approve</button>
      </div>
    </main>
  );
}
