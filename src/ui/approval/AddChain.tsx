/** wallet_addEthereumChain: the network as the site describes it; adding it also switches to it. */
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { t } from '../i18n/t';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function AddChain({ approval }: ScreenProps<'addChain'>) {
  const network = approval.details;
  return (
    <Screen
      title={t('approval_addChainTitle')}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, null)} />}
    >
      <p>{t('approval_addChainAsks', { origin: approval.origin })}</p>
      <Rows>
        <Row label={t('approval_networkName')} name={t('approval_networkNameLabel')}>{cleanText(network.name)}</Row>
        <Row label={t('approval_chainId')} mono>{network.chainId} ({BigInt(network.chainId).toString()})</Row>
        <Row label={t('approval_rpcUrl')} mono>{network.rpcUrls.join(', ')}</Row>
        <Row label={t('approval_currency')}>{cleanText(network.nativeCurrency.symbol)}</Row>
      </Rows>
      <LookAlikeWarning names={[[t('approval_lookAlikeNetworkName'), network.name], [t('approval_lookAlikeCurrencySymbol'), network.nativeCurrency.symbol]]} />
      <Notice tone="info">{t('approval_addChainTrust')}</Notice>
    </Screen>
  );
}
