/** A request from a site on the phishing list: the whole window warns; the user goes back or trusts the site. */
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function Phishing({ approval }: ScreenProps<'phishing'>) {
  const { hostname } = approval.details;
  return (
    <Screen
      title="Deceptive site"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} rejectLabel="Back to safety" approveLabel="Continue anyway (I trust this site)" />}
    >
      <Notice tone="danger" label="Phishing warning">
        {hostname} is on the community phishing list of sites known to steal crypto (eth-phishing-detect). It may imitate
        a site you trust to make you connect, sign or send.
      </Notice>
      <p>The wallet holds its request. Go back unless you are sure this site is safe; if you continue, the wallet will not warn about {hostname} again.</p>
    </Screen>
  );
}
