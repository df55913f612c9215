/**
 * eth_subscribe and eth_unsubscribe: subscriptions kept by the wallet (../subscriptions/), read on the network's poll
 * loop and sent to the frame that subscribed as EIP-1193 `message` events, as web3.js and MetaMask's provider expect.
 */
import { randomHex } from '../../shared/randomId';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { isHexWord, positional, type Hex } from '../../shared/params';
import { parseSubscribe, type Subscribe } from '../../shared/schemas/subscription';
import { siteOf } from '../sites/siteOf';
import { newFilterRecord } from '../filters/types';
import type { SubscriptionRecord } from '../subscriptions/types';
import type { Using } from '../services';
import { methodsUsing, type MethodTable, type RequestContext } from './types';

/** The services these methods use. */
type Uses = 'networks' | 'nodeFor' | 'subscriptions';
const method = methodsUsing<Uses>();


function subscriptionId(params: unknown): Hex {
  const [id] = positional(params, 'eth_unsubscribe', 1);
  if (!isHexWord(id)) throw invalidParams(`subscription id must be a hex number (the id eth_subscribe answered), got ${JSON.stringify(id)}`);
  return id as Hex;
}

type Block = { number: Hex; hash: Hex };

/** Starts on the selected network, from its head now: what comes after is reported. */
async function subscribe({ kind, criteria, full }: Subscribe, { services, replyTo }: RequestContext<Using<Uses>>): Promise<Hex> {
  const { chainId } = await services.networks.selected();
  const node = await services.nodeFor(chainId);
  const id = randomHex(16) as Hex;
  const { tabId, frameId, documentId, origin } = replyTo;
  const subscription: SubscriptionRecord = { id, chainId, kind, frame: { tabId, frameId, origin, ...(documentId ? { documentId } : {}) } };
  if (criteria) subscription.criteria = criteria;
  if (full) subscription.full = true;
  if (kind === 'newHeads' || kind === 'logs') {
    const head = await node<Block | null>('eth_getBlockByNumber', ['latest', false]);
    if (typeof head?.hash !== 'string') throw new RpcError(ErrorCode.internal, 'The node has no latest block to start the subscription from');
    const tip = { number: Number(head.number), hash: head.hash };
    if (kind === 'newHeads') subscription.tip = tip;
    else subscription.filter = newFilterRecord({ id, origin, chainId, kind: 'logs', criteria, start: tip.number + 1, tip, readAt: 0 });
  }
  await services.subscriptions.add(await siteOf(origin), subscription);
  return id;
}

export const subscriptionMethods: MethodTable = {
  eth_subscribe: method({ parse: parseSubscribe, auth: 'none', node: true, handle: subscribe }),
  eth_unsubscribe: method({ parse: subscriptionId, auth: 'none', handle: (id, { services, origin }) => services.subscriptions.remove(origin, id) }),
};
