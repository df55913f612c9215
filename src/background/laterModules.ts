/**
 * What the worker needs only once a request is reviewed or previewed, signed, or a key is made: clear signing's engine
 * and its descriptors' parser (ethers' fragment parser reads a format's key), the simulation, the ERC-8021
 * attribution's parser (its CBOR codec), and ethers' transaction and signing code (RLP, signatures: a tenth of the
 * first script). The built worker loads it as a script of its own on first use (laterChunk.ts, loadLater.ts), not on
 * every start.
 */
export { reviewCalls } from './clearSigning/calls';
export { reviewTypedData } from './clearSigning/review';
export { messageDangers } from './clearSigning/personalSign';
export { createPreviews } from './simulation/previews';
export { parseDataSuffix } from '../shared/schemas/dataSuffix';
export { parseDescriptor } from '../shared/erc7730/parse';
export { Transaction, verifyMessage } from 'ethers';
export { deriveWallet, walletOf } from './accounts/keys';
export { repricedUnsigned, unsignedTransactions } from './batches/unsignedTransactions';
