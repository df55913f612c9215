import type { ApprovalView } from '../../shared/ui';
import { resolve } from './App';

interface AddChainParams {
  chainId: string;
  chainName: string;
  rpcUrls: string[];
  nativeCurrency: { symbol: string };
}

export function AddChain({ approval }: { approval: ApprovalView }) {
  const [chain] = approval.params as AddChainParams[];
  return (
    <main>
      <h1>Add a network</h1>
      <p>{approval.origin} asks to add this network and switch to it.</p>
      <dl className="card">
        <dt>Name</dt><dd>{chain.chainName}</dd>
        <dt>Chain id</dt><dd className="mono">{chain.chainId} ({BigInt(chain.chainId).toString()})</dd>
        <dt>RPC URL</dt><dd className="mono">{chain.rpcUrls.join(', ')}</dd>
        <dt>Currency</dt><dd>{chain.nativeCurrency.symbol}</dd>
      </dl>
      <p className="warning">A network can report false balances and see your activity. Add only networks you trust.</p>
      <div className="row">
        <button className="secondary" onClick={() => void resolve(approval, false)}>Reject</button>
        <button onClick={() => void resolve(approval, true)}>Approve</button>
      </div>
    </main>
  );
}
