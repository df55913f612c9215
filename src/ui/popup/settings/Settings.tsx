/** Settings: networks, account type (EIP-7702), auto-lock, MetaMask compatibility, clear signing descriptors, the recovery phrase and password, connected sites, reset. */
import type { WalletState } from '../../../shared/pages';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useRoute } from '../../stores/route';
import { Sites } from '../Sites';
import { autoLockChoices, durationLabel } from './autoLockChoices';
import { ChangePassword } from './ChangePassword';
import { Descriptors } from './Descriptors';
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
        Auto-lock after
        <select aria-label="Auto-lock" value={state.autoLockMinutes} onChange={(e) => void call('setAutoLock', { minutes: Number(e.target.value) })}>
          {autoLockChoices(state.autoLockMinutes).map((minutes) => (
            <option key={minutes} value={minutes}>{durationLabel(minutes)}</option>
          ))}
        </select>
      </label>
      <label>
        MetaMask compatibility (sites see isMetaMask from their next load; each site can differ, under Connected sites)
        <select
          aria-label="MetaMask compatibility"
          value={state.metaMaskCompatibility.global ? 'on' : 'off'}
          onChange={(e) => void call('setMetaMaskCompatibility', { enabled: e.target.value === 'on' })}
        >
          <option value="on">On</option>
          <option value="off">Off</option>
        </select>
      </label>
      <Descriptors names={state.userDescriptors} dropped={state.droppedDescriptors} />
      <h2>Recovery phrase</h2>
      <RevealPhrase />
      <h2>Password</h2>
      <ChangePassword />
      <Sites sites={state.sites} compatibility={state.metaMaskCompatibility} trusted={state.phishingTrusted} />
      <h2>Reset</h2>
      <ResetWallet />
    </main>
  );
}
