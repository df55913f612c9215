/**
 * What the worker needs only once a request is reviewed or previewed, signed, or a key is made or first derived: clear
 * signing's engine, its descriptors' parser (ethers' fragment parser reads a format's key) and the reader of its shipped
 * descriptors (the wallet's own and the ERC-7730 registry's), the simulation, the ERC-8021 attribution's parser (its CBOR codec), typed data's hashing, ethers' transaction and signing code (RLP,
 * signatures), signing on a Ledger (the payloads and their checks), signing, sending and following a userOp, Speed up and Cancel, and the keys' (secp256k1, BIP-32, BIP-39's word list and PBKDF2). The built worker loads it as a script
 * of its own on first use (laterChunk.ts, loadLater.ts), not on every start.
 */
export { reviewCalls } from './clearSigning/calls';
export { reviewTypedData } from './clearSigning/review';
export { messageDangers } from './clearSigning/personalSign';
export { createPreviews } from './pages/previewReasons';
export { parseDescriptor } from '../shared/erc7730/parse';
export { shippedDescriptors } from './clearSigning/registry';
export { assertEncodes } from '../shared/typedData/digest';
export { Transaction, verifyAuthorization } from 'ethers';
export { addressOf, childNode, deriveWallet, nodeAt, phraseAddress, walletOf } from './accounts/keys';
export { probeAuthorization } from './networks/probeAuthorization';
export { decodeSigned, decodeTransaction, parseDataSuffix, repricedUnsigned, signedAuthorizations, signerOf, unsignedAt, unsignedAtomicAt, unsignedTransactions, upgradeSigners } from './batches/transactionCode';
export { approvedTypedDataDigest, approvedTypedDataHashes, importedKey, isValidPhrase, newPhrase, recoverAddress, typedDataDigest, typedDataStructHash, verifyMessage } from './accounts/keyCode';
export { adjustedGrants, grantActivity, grantOnChain, grantsInForce, grantsRevokedBy, grantsWithShape, grantScreen, keptRevokes, markedSent, markedSigning, notKept, parseExecutionPermissionRequests, revokeAllCall, revokeAllPlanned, revokeAllStillPast, revokeCall, revokeNotDone, revokeNotSentMeanwhile, revokeNotWaiting, revokeReviewed, roomFor, signedGrants, supportedPermissions, upgradeFirst, upgradeSteps, withRoomFor } from './executionPermissions/grantCode';
export { buildUsdcOperation, planUsdc } from './batches/executors/usdcCode';
export { refreshSponsored, refreshUsdc, sendSponsored, sendUsdc, withPaymasterAllowances } from './batches/executors/userOperationCode';
export { paymasterAllowances } from './allowances/paymasterAllowances';
export { feeSourcesShown } from './batches/feeOptions';
export { paidWith } from './batches/paidWith';
export { usdcSendQuote, withFeeSources } from './pages/usdcQuoteReasons';
export { usdcFeePaid } from './usdcFees/paidFee';
export { createDeviceSigning } from './deviceSigning/deviceSigning';
export { devicePayloads } from './rpc/devicePayloads';
export { accountValues } from './prices/values';
export { planReplacement, replaceTransaction } from './batches/replace';
export { removeAccount } from './pages/accountRemoval';
export { pageError, storedErrorWords } from './pages/refusalWords';
export { revokeAnswered } from './pages/revokeRefusals';
export { grantViews } from './pages/grantViews';
export { userDescriptors } from './clearSigning/descriptors';
export { unusedDescriptors } from './pages/unusedDescriptors';
