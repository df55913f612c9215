/**
 * A message whose placeholders are elements (an address with its copy button, an amount with its exact value): the
 * browser fills each with a marker, and the text is split around them, so each language places them where it needs.
 */
import { Fragment, type ReactNode } from 'react';
import type { MessageKey } from './keys';
import { t } from './t';

// Private-use characters no message contains mark where each element goes.
const MARKER = /\uE000(\d+)\uE001/;

export function Message({ id, values }: { id: MessageKey; values: Record<string, ReactNode> }) {
  const names = Object.keys(values);
  const marked = t(id, Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`])));
  const parts = marked.split(MARKER);
  return <>{parts.map((part, index) => (index % 2 === 0 ? part : <Fragment key={index}>{values[names[Number(part)]]}</Fragment>))}</>;
}
