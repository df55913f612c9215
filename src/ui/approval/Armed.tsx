/** What a screen shows, its buttons asleep until it has been seen (useArming.ts). */
import type { ReactNode } from 'react';
import { useArming } from './useArming';

export function Armed({ screen, children }: { screen: string; children: ReactNode }) {
  return <fieldset className="plain" {...useArming(screen)}>{children}</fieldset>;
}
