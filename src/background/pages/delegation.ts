/**
 * The selected account's EIP-7702 delegation on the selected network, and "Revert to a plain account": a batch of the
 * wallet's own (so Activity lists it) whose one type-4 transaction authorizes address zero. The fee shown is a cap.
 */
import { hexlify, randomBytes } from 'ethers';
import { KNOWN_DELEGATES, delegateOf } from '../../shared/contracts';
import { invalidParams } from '../../shared/errors';
import type { DelegationView } from '../../shared/pages';
import type { Hex } from '../../shared/params';
import { revokeDelegation } from '../batches/executors/revokeDelegation';
import { tierFees, toHexTierFees } from '../batches/fees';
import { sendApproved } from '../batches/run';
import type { Services } from '../services';
import { selectedSender, walletOrigin } from './send';

export async function delegationOf(services: Services): Promise<DelegationView> {
  const [account, network] = await Promise.all([selectedSender(services), services.networks.selected()]);
  const base = { account, chainId: network.chainId, networkName: network.name, eip7702: network.eip7702 };
  if (!network.eip7702) return { ...base, delegate: null, otherCode: false };
  const node = await services.nodeFor(network.chainId);
  const [code, tiers] = await Promise.all([node<Hex>('eth_getCode', [account, 'pending']), tierFees(node)]);
  const delegate = delegateOf(code);
  const gas = BigInt(revokeDelegation.gasLimit);
  return {
    ...base,
    delegate,
    ...(delegate && KNOWN_DELEGATES[delegate.toLowerCase()] ? { delegateName: KNOWN_DELEGATES[delegate.toLowerCase()] } : {}),
    otherCode: code !== '0x' && !delegate,
    revertMaxFee: (gas * tiers.market.maxFeePerGas).toString(),
  };
}

export async function revertToPlainAccount(services: Services): Promise<null> {
  const [from, network] = await Promise.all([selectedSender(services), services.networks.selected()]);
  const node = await services.nodeFor(network.chainId);
  if (!delegateOf(await node<Hex>('eth_getCode', [from, 'pending']))) throw invalidParams(`${from} has no EIP-7702 delegation on ${network.name}`);
  const origin = walletOrigin();
  const draft = { id: hexlify(randomBytes(32)), origin, from, calls: [{ to: from, value: '0x0' as Hex, data: '0x' as Hex }] };
  const planned = await revokeDelegation.plan({ node, network, upgraded: true }, draft);
  await services.batches.add({ ...planned, feeCaps: toHexTierFees(await tierFees(node)) });
  await sendApproved(services, origin, draft.id, { feeTier: 'market' });
  return null;
}
