/** wallet_switchEthereumChain to a network added to the wallet (built-in ones switch without asking). */
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SwitchChain({ approval }: ScreenProps<'switchChain'>) {
  const network = approval.details;
  return (
    <main>
      <h1>Switch network</h1>
      <p>{approval.origin} asks to switch the wallet to this network. Every site you use will then see it.</p>
      <dl className="card">
        <dt>Name</dt><dd aria-label="Network name">{cleanText(network.name)}</dd>
        <dt>Chain id</dt><dd className="mono">{network.chainId} ({BigInt(network.chainId).toString()})</dd>
        <dt>RPC URL</dt><dd className="mono">{network.rpcUrl}</dd>
      </dl>
      <LookAlikeWarning names={[['network name', network.name]]} />
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, null)}>Switch network</button>
      </div>
    </main>
  );
}
