/** A request from a site on the phishing list: the whole window warns; the user goes back or trusts the site. */
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function Phishing({ approval }: ScreenProps<'phishing'>) {
  const { hostname, listedOrigin } = approval.details;
  return (
    <Screen
      title="Deceptive site"
      origin={approval.origin}
      actions={(
        // The safe answer is the prominent one here.
        <>
          <button className="secondary" onClick={() => void approve(approval, null)}>Continue anyway (I trust this site)</button>
          <button onClick={() => void reject(approval)}>Back to safety</button>
        </>
      )}
    >
      <Notice tone="danger" label="Phishing warning">
        {hostname} is on the community phishing list of sites known to steal crypto (eth-phishing-detect). It may imitate
        a site you trust to make you connect, sign or send.
      </Notice>
      {listedOrigin && <p>The request comes from a frame inside that page.</p>}
      <p>The wallet holds its request. Go back unless you are sure this site is safe; if you continue, the wallet will not warn about {hostname} again.</p>
    </Screen>
  );
}
