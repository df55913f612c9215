/**
 * What the worker needs only once a request is reviewed or previewed: clear signing's engine and the simulation. The
 * built worker loads it as a script of its own on first use (laterChunk.ts, loadLater.ts), not on every start.
 */
export { reviewCalls } from './clearSigning/calls';
export { reviewTypedData } from './clearSigning/review';
export { createPreviews } from './simulation/previews';
