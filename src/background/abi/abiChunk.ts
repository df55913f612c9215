/** Entry of `background-abi.js` (scripts/bundle.ts): hands abiModules.ts to the worker that loads it. */
import * as modules from './abiModules';
import { ABI_GLOBAL } from './loadAbi';

Object.assign(globalThis, { [ABI_GLOBAL]: modules });
