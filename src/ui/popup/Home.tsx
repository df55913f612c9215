/** Home: account, network, balance from the pre-confirmed view, tokens, connected sites, settings. */
import { useEffect, useState } from 'react';
import type { Hex } from '../../shared/params';
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';
import { exactAmount } from '../format/amounts';
import { Activity } from './Activity';
import { Sites } from './Sites';
import { Tokens } from './Tokens';

const BALANCE_REFRESH_MS = 2000;

function Balance({ address, chainId, symbol }: { address: Hex; chainId: Hex; symbol: string }) {
  const [balance, setBalance] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      call('getBalance', { address }).then(
        (wei) => live && (setBalance(exactAmount(wei)), setError(null)),
        (e: Error) => live && setError(e.message),
      );
    void load();
    const timer = setInterval(load, BALANCE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [address, chainId]);
  if (error) return <p className="error">Balance unavailable: {error}</p>;
  return <p aria-label="Balance" className="mono">{balance === null ? '…' : `${balance} ${symbol}`}</p>;
}

export function Home({ state }: { state: WalletState }) {
  const network = state.networks.find((n) => n.chainId === state.selectedChainId);
  const selected = state.selectedAccount ?? state.accounts[0]?.address;
  return (
    <main>
      <div className="row">
        <h1>Batch Wallet</h1>
        <button className="secondary" onClick={() => void call('lock')}>Lock</button>
      </div>
      <label>
        Network
        <select value={state.selectedChainId} onChange={(e) => void call('selectNetwork', { chainId: e.target.value as Hex })}>
          {state.networks.map((n) => <option key={n.chainId} value={n.chainId}>{n.name}</option>)}
        </select>
      </label>
      <label>
        Account
        <select value={selected} onChange={(e) => void call('selectAccount', { address: e.target.value as Hex })}>
          {state.accounts.map((a) => <option key={a.address} value={a.address}>{a.name} ({a.address.slice(0, 8)}…)</option>)}
        </select>
      </label>
      {selected && <p className="mono" aria-label="Address">{selected}</p>}
      {selected && network && <Balance address={selected} chainId={network.chainId} symbol={network.nativeCurrency.symbol} />}
      <button className="secondary" onClick={() => void call('addAccount')}>Add account</button>
      {selected && <Tokens key={`${state.selectedChainId} ${selected}`} account={selected} chainId={state.selectedChainId} />}
      <Activity />
      <Sites sites={state.sites} compatibility={state.metaMaskCompatibility} />
      <h2>Settings</h2>
      <label>
        Auto-lock after (minutes)
        <input
          type="number"
          min={1}
          defaultValue={state.autoLockMinutes}
          onBlur={(e) => void call('setAutoLock', { minutes: Number(e.target.value) })}
        />
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
    </main>
  );
}
