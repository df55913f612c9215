/**
 * A message in words, as its ERC-7730 descriptor describes it: the intent (and its sentence with the fields' words, when
 * the descriptor writes one), each field, and what it does not describe.
 */
import type { ClearSigned as ClearSignedView } from '../../shared/erc7730/types';
import { AddressText } from '../components/AddressText';
import { Row, Rows } from '../components/Rows';
import { fieldNote, fieldText } from '../format/clearValues';
import { say } from '../i18n/say';
import { t, uiLocale } from '../i18n/t';

export function ClearSigned({ clear }: { clear: ClearSignedView }) {
  return (
    <section aria-label={t('preview_inWords')}>
      <h2>{clear.intentWords ? say(clear.intentWords) : clear.intent}</h2>
      {clear.interpolatedIntent && <p aria-label={t('preview_inOneSentence')}>{clear.interpolatedIntent}</p>}
      {clear.owner && <p className="muted">{t('preview_clearOwner', { owner: clear.owner })}</p>}
      {clear.reviewedBy && clear.reviewedBy.length > 0 && <p className="muted">{t('preview_reviewedBy', { auditors: new Intl.ListFormat(uiLocale(), { type: 'unit' }).format(clear.reviewedBy) })}</p>}
      <Rows label={t('preview_fields')}>
        {clear.fields.map((field) => (
          <Row key={field.path} label={field.label}>
            {fieldText(field)}{field.text && field.address ? ' ' : ''}{field.address && <AddressText address={field.address} />}
            {field.note && <span className="muted"> ({fieldNote(field)})</span>}
          </Row>
        ))}
      </Rows>
      {clear.uncovered.length > 0 && (
        <Rows label={t('preview_notDescribed')}>
          {clear.uncovered.map((value) => <Row key={value.path} label={value.path} mono>{value.text}</Row>)}
        </Rows>
      )}
    </section>
  );
}
