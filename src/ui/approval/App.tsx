/** The approval window: unlock first if needed, then the oldest waiting request, one page per type. */
import { useEffect, useState } from 'react';
import type { ApprovalView, WalletState } from '../../shared/ui';
import { call } from '../api/background';
import { Unlock } from '../components/Unlock';
import { useWallet } from '../stores/wallet';
import { AddChain } from './AddChain';
import { Connect } from './Connect';
import { SendCalls } from './SendCalls';
import { SendTransaction } from './SendTransaction';
import { SignMessage } from './SignMessage';
import { WatchAsset } from './WatchAsset';

/** A new request's buttons wake up after this long, so a double click on one cannot also answer the next. */
const ARM_DELAY_MS = 400;
let answering: string | null = null;

export function resolve(approval: ApprovalView, approved: boolean, value?: unknown): Promise<unknown> {
  if (answering === approval.id) return Promise.resolve();
  answering = approval.id;
  return call({ action: 'resolveApproval', id: approval.id, approved, value }).catch((error: unknown) => {
    answering = null;
    throw error;
  });
}

function useArmed(id: string | undefined): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    setArmed(false);
    const timer = setTimeout(() => setArmed(true), ARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return armed;
}

export function App() {
  const state = useWallet((s) => s.state);
  const approval = state?.approvals[0];
  const armed = useArmed(approval?.id);
  if (!state) return <main aria-busy="true" />;
  if (!approval) return <main><p>Nothing is waiting for your approval.</p></main>;
  if (!state.initialized) {
    return (
      <main>
        <p>{approval.origin} wants to connect, but there is no wallet yet. Open Batch Wallet from the toolbar to create or import one.</p>
        <button className="secondary" onClick={() => void resolve(approval, false)}>Reject</button>
      </main>
    );
  }
  if (!state.unlocked) return <Unlock />;
  const queued = state.approvals.length > 1 && (
    <p className="muted" aria-label="Queue">Request 1 of {state.approvals.length}</p>
  );
  return (
    <fieldset className="plain" disabled={!armed}>
      {queued}
      <Page approval={approval} state={state} />
    </fieldset>
  );
}

/** One page per approval type. */
function Page({ approval, state }: { approval: ApprovalView; state: WalletState }) {
  switch (approval.type) {
    case 'connect':
      return <Connect key={approval.id} approval={approval} state={state} />;
    case 'addChain':
      return <AddChain key={approval.id} approval={approval} />;
    case 'sendCalls':
      return <SendCalls key={approval.id} approval={approval} />;
    case 'watchAsset':
      return <WatchAsset key={approval.id} approval={approval} />;
    case 'sendTransaction':
      return <SendTransaction key={approval.id} approval={approval} />;
    case 'signMessage':
    case 'signTypedData':
      return <SignMessage key={approval.id} approval={approval} />;
  }
}
