/**
 * A Ledger account's sponsored batch: its userOp built as the key path builds it (batches/executors/sponsored.ts),
 * the paymaster's stub, the bundler's estimate and the paymaster's final data all asked before the device signs, so
 * nothing a paymaster says afterwards changes what was signed; and the check of the device's answer, which makes the
 * userOp sent (its signature, and the signed authorization in `eip7702Auth`).
 */
import { Signature, recoverAddress, toQuantity, verifyAuthorization } from 'ethers';
import { upgradeAddressFor } from '../../shared/delegates';
import type { DevicePayload } from '../../shared/deviceSigning';
import { userOperationHash, type RpcUserOperation } from '../../shared/erc4337';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { userOperationTypedData } from '../../shared/userOperationTypedData';
import { sponsoredOperation } from '../batches/executors/sponsoredOperation';
import { nonceUsed } from '../batches/executors/userOperationOnChain';
import { accountNonce } from '../batches/executors/userOperationDraft';
import type { BatchRecord } from '../batches/types';
import { dummyAuthorization } from '../paymaster/userOperation';
import type { Using } from '../services';

type UserOperationPayload = Extract<DevicePayload, { kind: 'userOperation' }>;

const SIGNATURE_CHARS = 130;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const refused = (what: string) => invalidParams(`The device's signature is not ${what}: nothing was signed or sent`);

/**
 * The userOp to sign, at the account's EntryPoint nonce and today's fees; an upgrade's authorization (to the Ledger app's
 * delegate, at the account's own nonce: the bundler sends the transaction) is a placeholder in it until the device signs it.
 */
export async function userOperationPayload(services: Using<'bundlerFor' | 'nodeFor'>, batch: BatchRecord): Promise<UserOperationPayload> {
  const { chainId, sponsor } = batch;
  if (!sponsor?.paymaster) throw invalidParams(`The batch ${batch.id} names no approved paymaster`);
  const [node, bundler] = await Promise.all([services.nodeFor(chainId), services.bundlerFor(chainId, sponsor)]);
  const fromBlock = Number(await node<Hex>('eth_blockNumber'));
  const authorization = batch.upgrade ? { address: upgradeAddressFor({ ledger: true }), chainId, nonce: toQuantity(await accountNonce(node, batch.from)) as Hex } : undefined;
  const placeholder = authorization && dummyAuthorization(chainId, Number(authorization.nonce), authorization.address);
  const operation = await sponsoredOperation(node, bundler, batch, placeholder);
  return {
    kind: 'userOperation', operation, typedData: userOperationTypedData(operation, chainId), userOpHash: userOperationHash(operation, chainId),
    sponsor: { ...(sponsor.name ? { name: sponsor.name } : {}), paymaster: sponsor.paymaster }, fromBlock, ...(authorization ? { authorization } : {}),
  };
}

/**
 * The userOp as it is sent: throws unless the authorization (when the payload has one) is the account's over exactly
 * its tuple and the userOp's signature recovers to the account over the userOp hash of the operation built.
 */
export function deviceSignedOperation(account: Hex, payload: UserOperationPayload, signature: Hex): RpcUserOperation {
  const { authorization, typedData } = payload;
  const chainId = typedData.domain.chainId as Hex;
  if (signature.length !== 2 + SIGNATURE_CHARS * (authorization ? 2 : 1)) {
    throw refused(authorization ? `${account}'s authorization followed by its userOp signature (130 bytes)` : `${account}'s userOp signature (65 bytes)`);
  }
  let operation = payload.operation;
  if (authorization) {
    const { address, nonce } = authorization;
    const signed = attempt(() => Signature.from(`0x${signature.slice(2, 2 + SIGNATURE_CHARS)}`));
    const tuple = { address, chainId: BigInt(authorization.chainId), nonce: BigInt(nonce) };
    // The payload's own tuple is checked too: only the Ledger app's delegate, on the batch's chain.
    const authority = signed && same(address, upgradeAddressFor({ ledger: true })) && same(authorization.chainId, chainId) ? attempt(() => verifyAuthorization(tuple, signed)) : null;
    if (!signed || !authority || !same(authority, account)) throw refused(`${account}'s authorization to ${address} on chain ${BigInt(chainId)} at nonce ${BigInt(nonce)}`);
    operation = { ...operation, eip7702Auth: { address, chainId, nonce, r: signed.r as Hex, s: signed.s as Hex, yParity: toQuantity(signed.yParity) as Hex } };
  }
  const opSignature = `0x${signature.slice(-SIGNATURE_CHARS)}` as Hex;
  const hash = userOperationHash(operation, chainId);
  const signer = hash === payload.userOpHash ? attempt(() => recoverAddress(hash, opSignature)) : null;
  if (!signer || !same(signer, account)) throw refused(`${account}'s over this userOp (hash ${payload.userOpHash})`);
  return { ...operation, signature: opSignature };
}

/**
 * Throws when the userOp can no longer run as built: its EntryPoint nonce, or the account nonce its authorization
 * names, used since (another wallet on the same device, a batch sent meanwhile); the bundler would refuse it.
 */
export async function assertOperationCurrent(services: Using<'nodeFor'>, payload: UserOperationPayload): Promise<void> {
  const { operation, authorization } = payload;
  const node = await services.nodeFor(payload.typedData.domain.chainId as Hex);
  const head = Number(await node<Hex>('eth_blockNumber'));
  const [used, next] = await Promise.all([nonceUsed(node, operation, head), authorization && accountNonce(node, operation.sender)]);
  const stale = used ? `its EntryPoint nonce ${BigInt(operation.nonce)}` : authorization && next! > Number(authorization.nonce) ? `the nonce ${Number(authorization.nonce)} of its upgrade's authorization` : undefined;
  if (stale) throw invalidParams(`${operation.sender} used ${stale} since this user operation was built: nothing was sent; try again to build it anew`);
}

/** A malformed signature is no one's. */
function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
