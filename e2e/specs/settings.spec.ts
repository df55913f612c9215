/** Settings: connected sites are listed, reset wallet waits for a typed confirmation, auto-lock is a list of durations. */
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { connect } from '../pages/flows';

test('reset wallet only after typing RESET: sites lose their accounts, go back to the default chain, and the popup starts over', async ({ wallet, dapp, session }) => {
  await connect(dapp, session);
  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x14a34' }])).toBeNull();
  await dapp.record('chainChanged');
  await wallet.screen.click('Settings');
  await wallet.screen.waitForText({ role: 'region', name: 'Connected sites' }, new RegExp(dapp.origin.replace(/[.:/]/g, '\\$&')));
  await wallet.screen.click('Reset wallet…');
  await wallet.screen.fill('Type RESET to confirm', 'reset');
  expect(await wallet.screen.isEnabled('Reset wallet')).toBe(false);
  await wallet.screen.fill('Type RESET to confirm', 'RESET');
  await wallet.screen.click('Reset wallet');
  await wallet.screen.waitFor({ role: 'button', name: 'Import an existing wallet' });
  expect(await dapp.result('eth_accounts')).toEqual([]);
  await expect.poll(() => dapp.events('chainChanged')).toEqual(['0x7a69']);
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
});

test('auto-lock is picked from a list of durations; a stored duration not on the list shows as it is', ONE_BROWSER, async ({ wallet }) => {
  const chosen = () => wallet.screen.waitForFunction(() => (document.querySelector('select[aria-label="Auto-lock"]') as HTMLSelectElement | null)?.selectedOptions[0]?.text, null);
  await wallet.screen.click('Settings');
  expect(await chosen()).toBe('15 minutes');
  await wallet.screen.select('Auto-lock', '4 hours');
  await wallet.screen.reload();
  await wallet.screen.click('Settings');
  expect(await chosen()).toBe('4 hours');

  // A duration an earlier version let the user type.
  await wallet.screen.evaluate(async () => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    await api.runtime.sendMessage({ type: 'page-request', method: 'setAutoLock', params: { minutes: 7 } });
  }, null);
  await wallet.screen.waitForFunction(() => (document.querySelector('select[aria-label="Auto-lock"]') as HTMLSelectElement | null)?.value === '7', null);
  expect(await chosen()).toBe('7 minutes');
  expect(await wallet.screen.texts({ role: 'option', in: 'Auto-lock' })).toEqual(['1 minute', '5 minutes', '7 minutes', '15 minutes', '30 minutes', '1 hour', '4 hours']);
  await wallet.screen.select('Auto-lock', '1 minute');
  await wallet.screen.waitForFunction(() => (document.querySelector('select[aria-label="Auto-lock"]') as HTMLSelectElement | null)?.value === '1', null);
});
