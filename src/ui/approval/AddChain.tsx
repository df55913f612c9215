/** wallet_addEthereumChain: the network as the site describes it; adding it also switches to it. */
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function AddChain({ approval }: ScreenProps<'addChain'>) {
  const network = approval.details;
  return (
    <Screen
      title="Add a network"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} />}
    >
      <p>{approval.origin} asks to add this network and switch to it.</p>
      <Rows>
        <Row label="Name" name="Network name">{cleanText(network.name)}</Row>
        <Row label="Chain id" mono>{network.chainId} ({BigInt(network.chainId).toString()})</Row>
        <Row label="RPC URL" mono>{network.rpcUrls.join(', ')}</Row>
        <Row label="Currency">{cleanText(network.nativeCurrency.symbol)}</Row>
      </Rows>
      <LookAlikeWarning names={[['network name', network.name], ['currency symbol', network.nativeCurrency.symbol]]} />
      <Notice tone="info">A network can report false balances and see your activity. Add only networks you trust.</Notice>
    </Screen>
  );
}
