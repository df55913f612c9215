/** One screen per approval type (shared/approvals/): adding a type adds its entry here. */
import type { JSX } from 'react';
import type { ApprovalType } from '../../shared/approvals';
import { AddChain } from './AddChain';
import { GrantPermissions } from './GrantPermissions';
import type { ScreenProps } from './screenProps';
import { Connect } from './Connect';
import { Phishing } from './Phishing';
import { RevertForeignDelegation } from './RevertForeignDelegation';
import { ReplaceTransaction } from './ReplaceTransaction';
import { RevokeDelegation } from './RevokeDelegation';
import { SendCalls } from './SendCalls';
import { SendTransaction } from './SendTransaction';
import { SignMessage } from './SignMessage';
import { SignTypedData } from './SignTypedData';
import { SwitchChain } from './SwitchChain';
import { WatchAsset } from './WatchAsset';

export const screens: { [T in ApprovalType]: (props: ScreenProps<T>) => JSX.Element } = {
  connect: Connect,
  phishing: Phishing,
  addChain: AddChain,
  switchChain: SwitchChain,
  sendCalls: SendCalls,
  sendTransaction: SendTransaction,
  signMessage: SignMessage,
  signTypedData: SignTypedData,
  watchAsset: WatchAsset,
  revertForeignDelegation: RevertForeignDelegation,
  replaceTransaction: ReplaceTransaction,
  revokeDelegation: RevokeDelegation,
  grantPermissions: GrantPermissions,
};
