/** The pages' method table: what the popup and the approval window may ask, by name (shared/pages.ts types it); one file per family. */
import { accountPages } from './accounts';
import { allowancePages } from './allowances';
import { approvalPages } from './approvals';
import { assetPages } from './assets';
import { delegationPages } from './delegation';
import { deviceSigningPages } from './deviceSigning';
import { firewallPages } from './firewall';
import { grantPages } from './grants';
import { ledgerAccountPages } from './ledgerAccounts';
import { networkPages } from './networks';
import { sendPages } from './send';
import { settingPages } from './settings';
import { sitePages } from './sites';
import { statePages } from './state';
import type { PageTable } from './types';
import { vaultPages } from './vault';

export const pageMethods: PageTable = {
  ...statePages,
  ...approvalPages,
  ...deviceSigningPages,
  ...vaultPages,
  ...accountPages,
  ...ledgerAccountPages,
  ...assetPages,
  ...sendPages,
  ...networkPages,
  ...sitePages,
  ...settingPages,
  ...delegationPages,
  ...firewallPages,
  ...allowancePages,
  ...grantPages,
};
