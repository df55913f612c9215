/**
 * The site chose the nonce of one of the wallet's pending transactions (background/batches/dappNonce.ts): this one
 * takes its place if it lands first. Named as Speed up and Cancel name it: the nonce, the hash, its site, what it does.
 */
import type { AssetInfo } from '../../shared/preview';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { CallCard } from './CallCard';

type Props = { replaces: NonNullable<SendTransactionDetails['replaces']>; origin: string; symbol: string; tokens: Record<string, AssetInfo> };

export function ReplacedByNonce({ replaces, origin, symbol, tokens }: Props) {
  const sentFor = replaces.batchOrigin === origin ? 'this site' : replaces.batchOrigin;
  return (
    <>
      <Notice tone="danger" label="Replaces a pending transaction">
        Replaces your pending transaction #{replaces.nonce} (sent for {sentFor}): the site chose its nonce, so if this one lands first, that one never runs.
      </Notice>
      <Rows label="Replaced transaction">
        <Row label="Nonce">{replaces.nonce}</Row>
        <Row label="Replaces" mono>{replaces.hash}</Row>
        <Row label="Sent for">{replaces.batchOrigin}</Row>
      </Rows>
      <h2>What will not run</h2>
      {replaces.revokeDelegation
        ? <p aria-label="Replaced calls">Revert to a plain account (EIP-7702 authorization for address zero)</p>
        : <ol className="calls" aria-label="Replaced calls">{replaces.calls.map((call, i) => <CallCard key={i} call={call} label={`Replaced call ${i + 1}`} symbol={symbol} tokens={tokens} />)}</ol>}
    </>
  );
}
