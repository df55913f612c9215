/** Home: the account chip, network switcher, balance, Send / Receive, and its sections: Tokens / Collectibles / Activity in a row, Approvals / Permissions / Sites behind More. */
import type { Hex } from '../../shared/params';
import type { WalletState } from '../../shared/walletState';
import { call } from '../api/background';
import { AccountChip } from '../components/AccountChip';
import { ForeignDelegationBanner } from '../components/ForeignDelegationBanner';
import { t } from '../i18n/t';
import { Tabs, type Tab } from '../components/Tabs';
import { useRoute, type HomeTab } from '../stores/route';
import { Activity } from './activity/Activity';
import { Approvals } from './Approvals';
import { Balance } from './Balance';
import { Collectibles } from './collectibles/Collectibles';
import { Permissions } from './Permissions';
import { Sites } from './Sites';
import { Tokens } from './Tokens';
import { useAssetValues } from './useAssetValues';

export function Home({ state }: { state: WalletState }) {
  const { go, tab, showTab } = useRoute();
  const network = state.networks.find((n) => n.chainId === state.selectedChainId);
  const selected = state.accounts.find((a) => a.address === state.selectedAccount) ?? state.accounts[0];
  const values = useAssetValues(selected?.address, state.selectedChainId);
  const tabs: Tab<HomeTab>[] = [
    { key: 'tokens', label: t('home_tokens'), content: () => selected && <Tokens key={`${state.selectedChainId} ${selected.address}`} account={selected.address} chainId={state.selectedChainId} values={values} explorerUrl={network?.blockExplorerUrl} /> },
    { key: 'collectibles', label: t('home_collectibles'), content: () => selected && <Collectibles key={`${state.selectedChainId} ${selected.address}`} account={selected.address} chainId={state.selectedChainId} /> },
    { key: 'activity', label: t('home_activity'), content: () => <Activity /> },
    { key: 'approvals', label: t('home_approvals'), content: () => <Approvals key={`${state.selectedChainId} ${state.selectedAccount}`} /> },
    { key: 'permissions', label: t('home_permissions'), content: () => <Permissions /> },
    { key: 'sites', label: t('home_sites'), content: () => <Sites sites={state.sites} compatibility={state.metaMaskCompatibility} trusted={state.phishingTrusted} /> },
  ];
  return (
    <main className="home">
      <header className="home-header">
        {selected && <AccountChip name={selected.name} address={selected.address} ledger={selected.ledger} onOpen={() => go('accounts')} />}
        <button type="button" className="icon" aria-label={t('home_settings')} title={t('home_settings')} onClick={() => go('settings')}>⚙</button>
        <button type="button" className="secondary small" onClick={() => void call('lock')}>{t('home_lock')}</button>
      </header>
      <ForeignDelegationBanner state={state} />
      <select aria-label={t('home_network')} value={state.selectedChainId} onChange={(e) => void call('selectNetwork', { chainId: e.target.value as Hex })}>
        {state.networks.map((n) => <option key={n.chainId} value={n.chainId}>{n.name}</option>)}
      </select>
      {selected && network && (
        <Balance address={selected.address} chainId={network.chainId} symbol={network.nativeCurrency.symbol} decimals={network.nativeCurrency.decimals} usdFeeds={network.usdFeeds} values={values} />
      )}
      <div className="row">
        <button type="button" onClick={() => go('send')}>{t('home_send')}</button>
        <button type="button" onClick={() => go('receive')}>{t('home_receive')}</button>
      </div>
      <Tabs label={t('home_sections')} tabs={tabs} selected={tab} onSelect={showTab} inRow={3} />
    </main>
  );
}
