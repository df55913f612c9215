/** One screen per approval type (shared/approvals.ts): adding a type adds its entry here. */
import type { JSX } from 'react';
import type { ApprovalType, ApprovalViewOf } from '../../shared/approvals';
import type { WalletState } from '../../shared/pages';
import { AddChain } from './AddChain';
import { Connect } from './Connect';
import { SendCalls } from './SendCalls';
import { SendTransaction } from './SendTransaction';
import { SignMessage } from './SignMessage';
import { SignTypedData } from './SignTypedData';
import { WatchAsset } from './WatchAsset';

export type ScreenProps<T extends ApprovalType> = { approval: ApprovalViewOf<T>; state: WalletState };

export const screens: { [T in ApprovalType]: (props: ScreenProps<T>) => JSX.Element } = {
  connect: Connect,
  addChain: AddChain,
  sendCalls: SendCalls,
  sendTransaction: SendTransaction,
  signMessage: SignMessage,
  signTypedData: SignTypedData,
  watchAsset: WatchAsset,
};
