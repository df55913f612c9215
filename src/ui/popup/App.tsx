/** The toolbar popup: onboarding until a wallet exists, unlock while locked, then Home and the screens it opens. */
import { Unlock } from '../components/Unlock';
import { useRoute } from '../stores/route';
import { useWallet } from '../stores/wallet';
import { Accounts } from './accounts/Accounts';
import { AddLedger } from './accounts/AddLedger';
import { Activity } from './activity/Activity';
import { Delegation } from './settings/Delegation';
import { Home } from './Home';
import { Onboarding } from './Onboarding';
import { Networks } from './settings/Networks';
import { Receive } from './Receive';
import { Send } from './send/Send';
import { Settings } from './settings/Settings';

/** wallet_showCallsStatus opens popup.html?origin=…&batch=… on one batch; Accounts opens popup.html?page=addLedger in a tab. */
const query = new URLSearchParams(location.search);
const focus = query.has('batch') ? { origin: query.get('origin') ?? '', id: query.get('batch')! } : undefined;

export function App() {
  const state = useWallet((s) => s.state);
  const screen = useRoute((s) => s.screen);
  if (!state) return <main aria-busy="true" />;
  if (focus) return <main><Activity focus={focus} /></main>;
  if (!state.initialized) return <Onboarding />;
  if (!state.unlocked) return <Unlock />;
  if (query.get('page') === 'addLedger') return <AddLedger state={state} />;
  if (screen === 'send') return <Send state={state} />;
  if (screen === 'receive') return <Receive state={state} />;
  if (screen === 'accounts') return <Accounts state={state} />;
  if (screen === 'delegation') return <Delegation state={state} />;
  if (screen === 'networks') return <Networks state={state} />;
  if (screen === 'settings') return <Settings state={state} />;
  return <Home state={state} />;
}
