/** A request from a site on the phishing list: the whole window warns; the user goes back or trusts the site. */
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { t } from '../i18n/t';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function Phishing({ approval }: ScreenProps<'phishing'>) {
  const { hostname, listedOrigin } = approval.details;
  return (
    <Screen
      title={t('approval_deceptiveSite')}
      origin={approval.origin}
      actions={(
        // The safe answer is the prominent one here.
        <>
          <button className="secondary" onClick={() => void approve(approval, null)}>{t('approval_continueAnyway')}</button>
          <button onClick={() => void reject(approval)}>{t('approval_backToSafety')}</button>
        </>
      )}
    >
      <Notice tone="danger" label={t('approval_phishingWarning')}>{t('approval_phishingListed', { hostname })}</Notice>
      {listedOrigin && <p>{t('approval_phishingFrame')}</p>}
      <p>{t('approval_phishingHeld', { hostname })}</p>
    </Screen>
  );
}
