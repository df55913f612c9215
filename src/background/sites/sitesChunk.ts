/** Entry of `background-sites.js` (scripts/bundle.ts): hands siteModules.ts to the worker that loads it. */
import * as modules from './siteModules';
import { SITES_GLOBAL } from './siteOf';

Object.assign(globalThis, { [SITES_GLOBAL]: modules });
