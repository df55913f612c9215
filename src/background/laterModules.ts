/**
 * What the worker needs only once a request is reviewed or previewed: clear signing's engine, the simulation, and the
 * ERC-8021 attribution's parser (its CBOR codec). The built worker loads it as a script of its own on first use
 * (laterChunk.ts, loadLater.ts), not on every start.
 */
export { reviewCalls } from './clearSigning/calls';
export { reviewTypedData } from './clearSigning/review';
export { createPreviews } from './simulation/previews';
export { parseDataSuffix } from '../shared/schemas/dataSuffix';
