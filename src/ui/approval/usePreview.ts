/** The simulated preview of the approval on screen: asked once, shown when it arrives (the screen never waits for it). */
import { useEffect, useState } from 'react';
import type { Preview } from '../../shared/preview';
import { errorText } from '../format/errorText';
import { arrivedPreview, previewOf } from '../stores/firstPreview';

export type PreviewState = { loading: true } | { loading: false; preview: Preview } | { loading: false; error: string };

export function usePreview(id: string): PreviewState {
  const [state, setState] = useState<PreviewState>(() => {
    const arrived = arrivedPreview(id);
    return arrived ? { loading: false, preview: arrived } : { loading: true };
  });
  useEffect(() => {
    let live = true;
    previewOf(id).then(
      (preview) => live && setState({ loading: false, preview }),
      (error: unknown) => live && setState({ loading: false, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  // For `npm run bench`: when the preview reached the screen.
  useEffect(() => {
    if (!state.loading) performance.mark('preview-shown', { detail: id });
  }, [state.loading, id]);
  return state;
}

/** The first call that would revert, from the preview or the node's revert check. */
export const revertOf = (state: PreviewState) => (!state.loading && 'preview' in state && state.preview.kind !== 'unaffordable' ? state.preview.revert : undefined);
