/** wallet_switchEthereumChain to a network added to the wallet (built-in ones switch without asking). */
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SwitchChain({ approval }: ScreenProps<'switchChain'>) {
  const network = approval.details;
  return (
    <Screen
      title="Switch network"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Switch network" />}
    >
      <p>{approval.origin} asks to switch the wallet to this network. Every site you use will then see it.</p>
      <Rows>
        <Row label="Name" name="Network name">{cleanText(network.name)}</Row>
        <Row label="Chain id" mono>{network.chainId} ({BigInt(network.chainId).toString()})</Row>
        <Row label="RPC URL" mono>{network.rpcUrls.join(', ')}</Row>
      </Rows>
      <LookAlikeWarning names={[['network name', network.name]]} />
    </Screen>
  );
}
