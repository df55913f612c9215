/**
 * The design system's gallery (docs/design-system.md): every shared component of src/ui/components/ with sample props,
 * on the wallet's own stylesheet. Served only by e2e/specs/designSystem.chromium.spec.ts for its pictures and axe; no
 * build of the extension includes it.
 */
import './i18n';
import { createRoot } from 'react-dom/client';
import { Gallery } from './Gallery';

createRoot(document.getElementById('root')!).render(<Gallery />);
