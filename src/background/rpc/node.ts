/** Node methods: validated, then forwarded to the selected network's RPC (spec section 4). */
import type { Hex } from '../../shared/params';
import { assertRangeWithin, needsHead, parseLogFilter, type LogFilter } from '../../shared/schemas/logFilter';
import { nodeParamSchemas } from '../../shared/schemas/node';
import { createCoalescer } from '../networks/coalesce';
import type { ChainNode } from '../networks/rpcClient';
import { normalizeTransactionError } from '../networks/nodeErrors';
import { assertReplacementBump, findSameNonce, remember, toSentTransaction } from '../networks/replacements';
import { logsRangeLimit } from '../settings/settings';
import type { Using } from '../services';
import { methodsUsing, type MethodTable, type RequestContext } from './types';

/** The services these methods use. */
type Uses = 'networks' | 'node' | 'nodeFor' | 'relayed' | 'settings' | 'transactionCode';
const method = methodsUsing<Uses>();

const coalesce = createCoalescer();

/** Reads only (eth_sendRawTransaction has its own entry): identical ones on their way to the same network share a call. */
const forward = (name: string, parse: (params: unknown) => unknown[]) =>
  method({
    parse,
    auth: 'none',
    node: true,
    async handle(params, { services }) {
      const { chainId } = await services.networks.selected();
      return coalesce(`${chainId} ${name} ${JSON.stringify(params)}`, () => services.node(name, params));
    },
  });

/** eth_getLogs on `node`, refused (-32005) before it is asked when the range exceeds the limit (spec 2.1). */
export async function logsWithin(node: ChainNode, filter: LogFilter, limit: number): Promise<unknown> {
  const head = needsHead(filter) ? BigInt(await node<Hex>('eth_blockNumber')) : 0n;
  assertRangeWithin(filter, limit, head);
  return node('eth_getLogs', [filter]);
}

async function getLogs(filter: LogFilter, { services }: RequestContext<Using<Uses>>): Promise<unknown> {
  return logsWithin(services.node, filter, logsRangeLimit(await services.settings.get('settings')));
}

async function sendRawTransaction([raw]: Hex[], { services }: RequestContext<Using<Uses>>): Promise<unknown> {
  // One network throughout, even if the user switches meanwhile: the rule is per chain.
  const { chainId } = await services.networks.selected();
  const node = await services.nodeFor(chainId);
  const sent = toSentTransaction(await services.transactionCode.decodeSigned(raw), chainId);
  const previous = findSameNonce(await services.relayed.get('sentTransactions'), sent);
  if (previous) {
    // Only a replacement of a still-pending transaction is held to the 10% rule; a mined nonce is the node's "nonce too low".
    const mined = BigInt(await node<Hex>('eth_getTransactionCount', [sent.from, 'latest']));
    if (BigInt(sent.nonce) >= mined) assertReplacementBump(previous, sent);
  }
  try {
    const hash = await node('eth_sendRawTransaction', [raw]);
    await services.relayed.update('sentTransactions', (all) => remember(all, sent));
    return hash;
  } catch (error) {
    throw normalizeTransactionError(error);
  }
}

export const nodeMethods: MethodTable = {
  ...Object.fromEntries(
    Object.entries(nodeParamSchemas)
      .filter(([name]) => name !== 'eth_sendRawTransaction')
      .map(([name, parse]) => [name, forward(name, parse)]),
  ),
  eth_getLogs: method({ parse: parseLogFilter, auth: 'none', node: true, handle: getLogs }),
  eth_sendRawTransaction: method({ parse: (p) => nodeParamSchemas.eth_sendRawTransaction(p) as Hex[], auth: 'none', node: true, handle: sendRawTransaction }),
};
