/** Each scale and component of the design system once, with sample props, in sections named for docs/design-system.md. */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { AccountChip } from '../../src/ui/components/AccountChip';
import { AddressText } from '../../src/ui/components/AddressText';
import { Amount } from '../../src/ui/components/Amount';
import { CopyButton } from '../../src/ui/components/CopyButton';
import { DeviceBadge } from '../../src/ui/components/DeviceBadge';
import { Identicon } from '../../src/ui/components/Identicon';
import { LookAlikeWarning } from '../../src/ui/components/LookAlikeWarning';
import { Notice } from '../../src/ui/components/Notice';
import { Row, Rows } from '../../src/ui/components/Rows';
import { Skeleton } from '../../src/ui/components/Skeleton';
import { Tabs } from '../../src/ui/components/Tabs';
import { TokenImage } from '../../src/ui/components/TokenImage';

const ALICE = '0x6610c4a3bd9a07e4ae9db3e4a2bede3bf2c5522d';
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const COLOURS = ['fg', 'bg', 'muted', 'line', 'surface', 'accent', 'accent-fg', 'accent-soft', 'info-fg', 'info-bg', 'warn-fg', 'warn-bg', 'danger-fg', 'danger-bg', 'good', 'bad'];
const SPACES = [1, 2, 3, 4, 5, 6, 7];
const TEXTS = ['xs', 'sm', 'base', 'lg', 'xl', '2xl'];
const RADII = ['sm', 'md', 'lg', 'pill', 'round'];
// A logo as a token list would bundle it.
const LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#2775ca"/><text x="12" y="16" font-size="10" text-anchor="middle" fill="#fff">$</text></svg>')}`;

function Part({ name, children }: { name: string; children: ReactNode }) {
  return <section aria-label={name}><h2>{name}</h2>{children}</section>;
}

function Scales() {
  return (
    <>
      <Part name="Colours">
        <div className="scale">
          {COLOURS.map((c) => <span key={c} className="swatch" title={`--${c}`} style={{ background: `var(--${c})` }} />)}
        </div>
        <p className="muted">{COLOURS.map((c) => `--${c}`).join(' ')}</p>
      </Part>
      <Part name="Spacing, type and radii">
        <div className="scale">
          {SPACES.map((n) => <span key={n} className="space" title={`--space-${n}`} style={{ width: `var(--space-${n})` }} />)}
        </div>
        <div className="scale">
          {TEXTS.map((n) => <span key={n} style={{ fontSize: `var(--text-${n})` }}>Aa {n}</span>)}
        </div>
        <div className="scale">
          {RADII.map((n) => <span key={n} className="swatch" title={`--radius-${n}`} style={{ borderRadius: `var(--radius-${n})` } as CSSProperties}>{n}</span>)}
        </div>
        <h1>Heading 1</h1>
        <p className="balance">1.25 ETH</p>
        <p>Body text <span className="muted">muted</span> <span className="mono">0xmono</span> <span className="error">error</span></p>
      </Part>
    </>
  );
}

function Controls() {
  const [tab, setTab] = useState<string>('tokens');
  const sections = ['tokens', 'activity', 'collectibles', 'approvals', 'permissions'] as const;
  return (
    <>
      <Part name="Buttons">
        <div className="row"><button type="button">Primary</button><button type="button" className="secondary">Secondary</button></div>
        <div className="row"><button type="button" className="danger">Danger</button><button type="button" className="secondary danger">Secondary danger</button></div>
        <div className="row"><button type="button" disabled>Disabled</button><button type="button" className="secondary" disabled>Disabled secondary</button></div>
        <div className="row"><button type="button" className="small">Small</button><button type="button" className="icon" aria-label="Close" data-glyph="×" /><CopyButton value={ALICE} label="Copy address" /></div>
      </Part>
      <Part name="Fields">
        <label>Amount<input defaultValue="0.1" /></label>
        <label>Network<select defaultValue="devnet"><option value="devnet">Local devnet</option></select></label>
        <label className="check"><input type="checkbox" defaultChecked /> Sponsored when a paymaster offers</label>
        <fieldset className="tiers">
          <legend>Fee</legend>
          {['Slow', 'Average', 'Fast'].map((tier) => <label key={tier}><input type="radio" name="tier" defaultChecked={tier === 'Average'} />{tier}</label>)}
        </fieldset>
      </Part>
      <Part name="Tabs">
        <Tabs label="Sections" selected={tab} onSelect={setTab} inRow={3}
          tabs={sections.map((key: string) => ({ key, label: key[0].toUpperCase() + key.slice(1), content: () => <section aria-label={key} className="muted">The {key} panel</section> }))} />
      </Part>
    </>
  );
}

function Content() {
  return (
    <>
      <Part name="Rows and cards">
        <Rows label="Transaction">
          <Row label="To" mono><AddressText address={ALICE} /></Row>
          <Row label="Amount"><Amount units={100000000000000000n} symbol="ETH" /></Row>
          <Row label="Network fee"><Amount units={21000000000000n} symbol="ETH" /></Row>
        </Rows>
        <div className="card call-card"><span className="call-title">Approve TST</span><span className="muted">Lets 0x6610…522D spend 250 TST</span></div>
        <div className="card">
          <ul className="changes">
            <li className="amount-out"><Amount units={-100000000000000000n} symbol="ETH" /></li>
            <li className="amount-in"><Amount units={250000000000000000000n} symbol="TST" signed /></li>
          </ul>
        </div>
        <Skeleton label="Loading the preview" lines={3} />
      </Part>
      <Part name="Badges">
        <div className="scale">
          <span className="pill">Local devnet</span>
          <span className="pill danger">Not secure</span>
          <DeviceBadge />
          <span className="site-badge" aria-hidden="true">U</span>
        </div>
      </Part>
      <Part name="Notices">
        <Notice tone="info">Sponsored: the site's paymaster pays the fee.</Notice>
        <Notice tone="warn">This call may revert: the preview failed.</Notice>
        <Notice tone="danger">This site is on the phishing list.</Notice>
        <LookAlikeWarning names={[['token', 'U\u0405DC']]} />
        <p className="warning">Anyone with this phrase can take your funds.</p>
      </Part>
      <Part name="Accounts and tokens">
        <AccountChip name="Account 1" address={ALICE} onOpen={() => undefined} />
        <AccountChip name="Cold" address={TOKEN} ledger onOpen={() => undefined} />
        <div className="scale">
          <Identicon address={ALICE} />
          <Identicon address={TOKEN} size={40} />
          <TokenImage symbol="TST" address={TOKEN} size={32} />
          <TokenImage symbol="DAI" address={ALICE} size={32} />
          <TokenImage symbol="USDC" address={TOKEN} image={LOGO} size={32} />
        </div>
      </Part>
    </>
  );
}

export function Gallery() {
  return (
    <main className="gallery">
      <header><h1>Batch Wallet — design system</h1><p className="muted">src/ui/components/: scales in styles.css, components beside it.</p></header>
      <Scales />
      <Controls />
      <Content />
    </main>
  );
}
