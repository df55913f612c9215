/** Settings: networks, account type (EIP-7702), auto-lock, the recovery phrase and password, connected sites, reset. */
import type { WalletState } from '../../../shared/pages';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useRoute } from '../../stores/route';
import { Sites } from '../Sites';
import { ChangePassword } from './ChangePassword';
import { ResetWallet } from './ResetWallet';
import { RevealPhrase } from './RevealPhrase';

export function Settings({ state }: { state: WalletState }) {
  const go = useRoute((s) => s.go);
  return (
    <main>
      <ScreenHeader title="Settings" />
      <div className="row">
        <button type="button" className="secondary" onClick={() => go('networks')}>Networks</button>
        <button type="button" className="secondary" onClick={() => go('delegation')}>Account type (EIP-7702)</button>
      </div>
      <label>
        Auto-lock after (minutes)
        <input
          type="number"
          min={1}
          defaultValue={state.autoLockMinutes}
          onBlur={(e) => void call('setAutoLock', { minutes: Number(e.target.value) })}
        />
      </label>
      <h2>Recovery phrase</h2>
      <RevealPhrase />
      <h2>Password</h2>
      <ChangePassword />
      <Sites sites={state.sites} />
      <h2>Reset</h2>
      <ResetWallet />
    </main>
  );
}
