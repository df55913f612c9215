/**
 * Has the Ledger sign what the worker asked (DeviceRequest): connects, checks the Ethereum app is open, and signs the
 * payload as it came. Each failure is the device module's error value; nothing is retried here.
 */
import { Signature, Transaction, concat } from 'ethers';
import type { DeviceAuthorization, DeviceRequest, DeviceSignature } from '../../../shared/deviceSigning';
import type { Hex } from '../../../shared/params';
import type { connectLedger } from '../../ledger/device';
import type { LedgerResult, LedgerSignedTransaction } from '../../ledger/types';

export type Connect = typeof connectLedger;

/** Where the signing stands, for the screen: `hashesOnly` when the app can only show typed data's two hashes. */
export type DeviceProgress = 'connecting' | 'confirm' | 'hashesOnly';

/**
 * The worker's answer when the device would not sign an upgrade's authorization: the batch's payload of one
 * transaction per call when the site let it run sequentially, else null (the device's words stay on screen).
 */
export type UpgradeRefused = () => Promise<DeviceRequest | null>;

export async function signOnDevice(request: DeviceRequest, how: 'known' | 'choose', connect: Connect, progress: (step: DeviceProgress) => void, upgradeRefused?: UpgradeRefused): Promise<LedgerResult<DeviceSignature>> {
  // Signed already, and checked by the worker, before it restarted: handed back rather than asked twice.
  if (request.signature) return { ok: true, value: request.signature };
  progress('connecting');
  const device = await connect(how);
  if (!device.ok) return device;
  const eth = device.value;
  const app = await eth.ethereumApp();
  if (!app.ok) return app;
  progress('confirm');
  const account = { address: request.account, path: request.path };
  const { payload } = request;
  if (payload.kind === 'message') return signature(await eth.signPersonalMessage(account, payload.message));
  if (payload.kind === 'transaction') return signedTransaction(await eth.signTransaction(account, Transaction.from(payload.unsigned)));
  if (payload.kind === 'transactions') {
    // Each in turn on the device; the worker checks them all before it sends any.
    const signed: Hex[] = [];
    for (const unsigned of payload.unsigned) {
      const one = signedTransaction(await eth.signTransaction(account, Transaction.from(unsigned)));
      if (!one.ok) return one;
      signed.push(one.value);
    }
    return { ok: true, value: signed };
  }
  if (payload.kind === 'upgrade') {
    // The authorization first (the device checks its delegate against the app's list), then the transaction carrying it.
    const auth = authorizationOf(payload.authorization);
    const authorized = await eth.signAuthorization(account, auth);
    if (!authorized.ok) {
      // Smart account upgrade off, or an app too old: the batch may still run one call at a time.
      const instead = (authorized.error.code === 'notAllowed' || authorized.error.code === 'appTooOld') && (await upgradeRefused?.());
      return instead ? signOnDevice(instead, 'known', connect, progress) : authorized;
    }
    const tx = Transaction.from(payload.unsigned);
    tx.authorizationList = [{ ...auth, signature: Signature.from(authorized.value) }];
    return signedTransaction(await eth.signTransaction(account, tx));
  }
  if (payload.kind === 'userOperation') {
    // An upgrade's authorization first, as for a transaction; then the userOp in full (its digest is the userOp hash).
    const authorized = payload.authorization && (await eth.signAuthorization(account, authorizationOf(payload.authorization)));
    if (authorized && !authorized.ok) return authorized;
    const signed = signature(await eth.signTypedData(account, payload.typedData as Parameters<typeof eth.signTypedData>[1]));
    return authorized && signed.ok ? { ok: true, value: concat([Signature.from(authorized.value).serialized, signed.value]) as Hex } : signed;
  }
  const full = await eth.signTypedData(account, payload.typedData as Parameters<typeof eth.signTypedData>[1]);
  if (full.ok || full.error.code !== 'appTooOld') return signature(full);
  progress('hashesOnly');
  return signature(await eth.signTypedDataHashes(account, payload.domainHash, payload.messageHash));
}

const authorizationOf = ({ address, chainId, nonce }: DeviceAuthorization) => ({ address, chainId: BigInt(chainId), nonce: BigInt(nonce) });

const signedTransaction = (result: LedgerResult<LedgerSignedTransaction>): LedgerResult<Hex> => (result.ok ? { ok: true, value: result.value.signed } : result);

const signature = (result: LedgerResult<{ signature: Hex }>): LedgerResult<Hex> => (result.ok ? { ok: true, value: result.value.signature } : result);
