/**
 * A message in words, as its ERC-7730 descriptor describes it: the intent (and its sentence with the fields' words, when
 * the descriptor writes one), each field, and what it does not describe.
 */
import type { ClearSigned as ClearSignedView } from '../../shared/erc7730/types';
import { AddressText } from '../components/AddressText';
import { Row, Rows } from '../components/Rows';

export function ClearSigned({ clear }: { clear: ClearSignedView }) {
  return (
    <section aria-label="In words">
      <h2>{clear.intent}</h2>
      {clear.interpolatedIntent && <p aria-label="In one sentence">{clear.interpolatedIntent}</p>}
      {clear.owner && <p className="muted">For {clear.owner}</p>}
      {clear.reviewedBy && clear.reviewedBy.length > 0 && <p className="muted">Reviewed by {clear.reviewedBy.join(', ')}</p>}
      <Rows label="Fields">
        {clear.fields.map((field) => (
          <Row key={field.path} label={field.label}>
            {field.text}{field.text && field.address ? ' ' : ''}{field.address && <AddressText address={field.address} />}
            {field.note && <span className="muted"> ({field.note})</span>}
          </Row>
        ))}
      </Rows>
      {clear.uncovered.length > 0 && (
        <Rows label="Not described">
          {clear.uncovered.map((value) => <Row key={value.path} label={value.path} mono>{value.text}</Row>)}
        </Rows>
      )}
    </section>
  );
}
