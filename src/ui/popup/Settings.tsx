/** Settings: auto-lock and connected sites. */
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';
import { ScreenHeader } from '../components/ScreenHeader';
import { Sites } from './Sites';

export function Settings({ state }: { state: WalletState }) {
  return (
    <main>
      <ScreenHeader title="Settings" />
      <label>
        Auto-lock after (minutes)
        <input
          type="number"
          min={1}
          defaultValue={state.autoLockMinutes}
          onBlur={(e) => void call('setAutoLock', { minutes: Number(e.target.value) })}
        />
      </label>
      <Sites sites={state.sites} />
    </main>
  );
}
