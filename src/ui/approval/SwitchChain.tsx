/** wallet_switchEthereumChain to a network added to the wallet (built-in ones switch without asking). */
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { t } from '../i18n/t';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SwitchChain({ approval }: ScreenProps<'switchChain'>) {
  const network = approval.details;
  return (
    <Screen
      title={t('requests_switchNetwork')}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, null)} approveLabel={t('requests_switchNetwork')} />}
    >
      <p>{t('requests_switchExplained', { origin: approval.origin })}</p>
      <Rows>
        <Row label={t('requests_name')} name={t('requests_networkName')}>{cleanText(network.name)}</Row>
        <Row label={t('requests_chainId')} mono>{network.chainId} ({BigInt(network.chainId).toString()})</Row>
        <Row label={t('requests_rpcUrl')} mono>{network.rpcUrls.join(', ')}</Row>
      </Rows>
      <LookAlikeWarning names={[[t('review_networkNameLabel'), network.name]]} />
    </Screen>
  );
}
