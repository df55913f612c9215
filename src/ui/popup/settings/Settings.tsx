/** Settings: networks, account type (EIP-7702), auto-lock, MetaMask compatibility, clear signing descriptors, the recovery phrase and password, connected sites, reset. */
import type { WalletState } from '../../../shared/walletState';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { t } from '../../i18n/t';
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
      <ScreenHeader title={t('settings_title')} />
      <div className="row">
        <button type="button" className="secondary" onClick={() => go('networks')}>{t('settings_networks')}</button>
        <button type="button" className="secondary" onClick={() => go('delegation')}>{t('settings_accountTypeButton')}</button>
      </div>
      <label>
        {t('settings_autoLockAfter')}
        <select aria-label={t('settings_autoLock')} value={state.autoLockMinutes} onChange={(e) => void call('setAutoLock', { minutes: Number(e.target.value) })}>
          {autoLockChoices(state.autoLockMinutes).map((minutes) => (
            <option key={minutes} value={minutes}>{durationLabel(minutes)}</option>
          ))}
        </select>
      </label>
      <label>
        {t('settings_metaMaskCompatibilityHint')}
        <select
          aria-label={t('settings_metaMaskCompatibility')}
          value={state.metaMaskCompatibility.global ? 'on' : 'off'}
          onChange={(e) => void call('setMetaMaskCompatibility', { enabled: e.target.value === 'on' })}
        >
          <option value="on">{t('settings_on')}</option>
          <option value="off">{t('settings_off')}</option>
        </select>
      </label>
      <Descriptors names={state.userDescriptors} dropped={state.droppedDescriptors} />
      <h2>{t('settings_recoveryPhrase')}</h2>
      <RevealPhrase />
      <h2>{t('settings_password')}</h2>
      <ChangePassword />
      <Sites sites={state.sites} compatibility={state.metaMaskCompatibility} trusted={state.phishingTrusted} />
      <h2>{t('settings_reset')}</h2>
      <ResetWallet />
    </main>
  );
}
