/**
 * The approval window's first script: no React. It paints the waiting request's summary and buttons (skeleton.ts):
 * from its address when the worker put it there (summaryInUrl.ts), and from the wallet state asked for by its first
 * statement, which has the last word. It loads the React app meanwhile, which replaces that paint with the request's
 * whole screen once it renders (main.tsx).
 */
import { summaryFromHash } from '../../shared/summaryInUrl';
import { t, uiLocale } from '../i18n/t';
import { askPreviewEarly } from '../stores/firstPreview';
import { firstState } from '../stores/firstState';
import { paintFirst, paintSummary } from './skeleton';

// For `npm run bench` (approvalWindow.ts): when this script ran, and when the state it asked for arrived.
performance.mark('approval-script');
const root = document.getElementById('root')!;
// approval.html's own words are English: the browser's language replaces them before the first paint.
document.documentElement.lang = uiLocale();
document.title = t('approval_windowTitle');
const addressed = summaryFromHash(location.hash);
// Read once: a reload of the window paints from the state alone, never an old request's summary.
if (location.hash) history.replaceState(null, '', location.pathname);
firstState.then((state) => (performance.mark('approval-state'), paintFirst(root, state, addressed?.id)), () => undefined);
if (addressed) {
  paintSummary(root, addressed, 'address');
  askPreviewEarly(addressed);
  // React's code, evaluated on this thread, comes after the frame that shows this paint rather than hold it back.
  requestAnimationFrame(() => setTimeout(() => void import('./main')));
} else {
  void import('./main');
}
