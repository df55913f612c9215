/** The toolbar popup: onboarding until a wallet exists, unlock while locked, then home. */
import { Unlock } from '../components/Unlock';
import { useWallet } from '../stores/wallet';
import { Activity } from './Activity';
import { Home } from './Home';
import { Onboarding } from './Onboarding';

/** wallet_showCallsStatus opens popup.html?origin=…&batch=… on one batch. */
const query = new URLSearchParams(location.search);
const focus = query.has('batch') ? { origin: query.get('origin') ?? '', id: query.get('batch')! } : undefined;

export function App() {
  const state = useWallet((s) => s.state);
  if (!state) return <main aria-busy="true" />;
  if (focus) return <main><Activity focus={focus} /></main>;
  if (!state.initialized) return <Onboarding />;
  if (!state.unlocked) return <Unlock />;
  return <Home state={state} />;
}
