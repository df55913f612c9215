/**
 * The simulated preview of the request the approval window's address names, asked for by the window's first script
 * (approval/firstPaint.ts) rather than once its screen has rendered: it is on its way while React loads. The screen's
 * preview (usePreview.ts) takes it, once, when it is of the same request.
 */
import { previews } from '../../shared/approvals/outlines';
import type { Preview } from '../../shared/preview';
import { call } from '../api/background';

let early: { id: string; preview: Promise<Preview>; arrived?: Preview } | undefined;

export function askPreviewEarly({ id, type }: { id: string; type: string }): void {
  if (!previews(type)) return;
  const asked = { id, preview: call('previewApproval', { id }) };
  early = asked;
  // Its failure is the screen's to show, if the screen takes it.
  asked.preview.then((preview) => void Object.assign(asked, { arrived: preview }), () => undefined);
}

/** The early preview of `id` when it has arrived already: the screen's first render shows it, a frame sooner. */
export const arrivedPreview = (id: string): Preview | undefined => (early?.id === id ? early.arrived : undefined);

export function previewOf(id: string): Promise<Preview> {
  const asked = early?.id === id ? early.preview : undefined;
  early = undefined;
  return asked ?? call('previewApproval', { id });
}
