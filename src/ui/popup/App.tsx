/** The toolbar popup: onboarding until a wallet exists, unlock while locked, then home. */
import { Unlock } from '../components/Unlock';
import { useWallet } from '../stores/wallet';
import { Home } from './Home';
import { Onboarding } from './Onboarding';

export function App() {
  const state = useWallet((s) => s.state);
  if (!state) return <main aria-busy="true" />;
  if (!state.initialized) return <Onboarding />;
  if (!state.unlocked) return <Unlock />;
  return <Home state={state} />;
}
