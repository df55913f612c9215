/** Settings: connected sites are listed, and reset wallet waits for a typed confirmation. */
import { expect, test } from '../fixtures/test';
import { connect } from '../pages/flows';

test('reset wallet only after typing RESET: sites lose their accounts and the popup starts over', async ({ wallet, dapp, session }) => {
  await connect(dapp, session);
  await wallet.screen.click('Settings');
  await wallet.screen.waitForText({ role: 'region', name: 'Connected sites' }, new RegExp(dapp.origin.replace(/[.:/]/g, '\\$&')));
  await wallet.screen.click('Reset wallet…');
  await wallet.screen.fill('Type RESET to confirm', 'reset');
  expect(await wallet.screen.isEnabled('Reset wallet')).toBe(false);
  await wallet.screen.fill('Type RESET to confirm', 'RESET');
  await wallet.screen.click('Reset wallet');
  await wallet.screen.waitFor({ role: 'button', name: 'Import an existing wallet' });
  expect(await dapp.result('eth_accounts')).toEqual([]);
});
