/** Entry of `background-later.js` (scripts/bundle.ts): hands laterModules.ts to the worker that loads it. */
import * as modules from './laterModules';
import { LATER_GLOBAL } from './loadLater';

Object.assign(globalThis, { [LATER_GLOBAL]: modules });
