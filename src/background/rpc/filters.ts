/**
 * eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter, eth_getFilterChanges, eth_getFilterLogs and
 * eth_uninstallFilter: filters kept by the wallet per origin and counted per site (../filters/), read from the node by block range when the
 * page asks for changes, as ethers' BrowserProvider does for `contract.on`.
 */
import { randomHex } from '../../shared/randomId';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { isHexWord, positional, type Hex } from '../../shared/params';
import { parseLogFilter, type LogFilter } from '../../shared/schemas/logFilter';
import { filterChanges, nodePendingFilter } from '../filters/changes';
import { newFilterRecord, type FilterRecord } from '../filters/types';
import { siteOf } from '../sites/siteOf';
import { logsRangeLimit } from '../settings/settings';
import { logsWithin } from './node';
import type { Using } from '../services';
import { methodsUsing, type MethodTable, type RequestContext } from './types';

/** The services these methods use. */
type Uses = 'changesDeps' | 'filters' | 'networks' | 'nodeFor' | 'settings';
const method = methodsUsing<Uses>();


function filterId(params: unknown, name: string): Hex {
  const [id] = positional(params, name, 1);
  if (!isHexWord(id)) throw invalidParams(`filter id must be a hex number (the id eth_newFilter answered), got ${JSON.stringify(id)}`);
  return id.toLowerCase() as Hex;
}

function parseNewFilter(params: unknown): LogFilter {
  const filter = parseLogFilter(params);
  if (filter.blockHash) throw invalidParams('eth_newFilter takes no blockHash: a filter follows new blocks; use eth_getLogs for one block');
  return filter;
}

const numeric = (end: string | undefined): number | undefined => (end?.startsWith('0x') ? Number(end) : undefined);

/** A new filter on the selected network, reading from the next block on (as a node's filter does). */
async function newFilter(kind: FilterRecord['kind'], filter: LogFilter | undefined, { services, origin }: RequestContext<Using<Uses>>): Promise<Hex> {
  const { chainId } = await services.networks.selected();
  const node = await services.nodeFor(chainId);
  const [head, nodeFilter] = await Promise.all([node<Hex>('eth_blockNumber').then(Number), kind === 'pendingTransactions' ? nodePendingFilter(node) : undefined]);
  const start = Math.max(head + 1, numeric(filter?.fromBlock) ?? 0);
  const until = numeric(filter?.toBlock);
  const id = randomHex(16) as Hex;
  await services.filters.add(await siteOf(origin), newFilterRecord({
    id, origin, chainId, kind, start, until, nodeFilter, readAt: Date.now(),
    ...(filter ? { criteria: { address: filter.address, topics: filter.topics }, range: { fromBlock: filter.fromBlock, toBlock: filter.toBlock } } : {}),
  }));
  return id;
}

async function changes(id: Hex, { services, origin }: RequestContext<Using<Uses>>): Promise<unknown[]> {
  const deps = await services.changesDeps();
  return services.filters.read(origin, id, async (filter) => {
    const read = await filterChanges(await services.nodeFor(filter.chainId), filter, deps);
    return { filter: read.filter, result: read.changes };
  });
}

/** Every log of a log filter's range, as eth_getLogs would answer (and within the same range limit). */
async function filterLogs(id: Hex, { services, origin }: RequestContext<Using<Uses>>): Promise<unknown> {
  const logsBlockRangeLimit = logsRangeLimit(await services.settings.get('settings'));
  return services.filters.read(origin, id, async (filter) => {
    if (filter.kind !== 'logs') throw new RpcError(ErrorCode.serverError, 'filter not found');
    const query: LogFilter = { ...filter.criteria, ...filter.range };
    return { filter, result: await logsWithin(await services.nodeFor(filter.chainId), query, logsBlockRangeLimit) };
  });
}

export const filterMethods: MethodTable = {
  eth_newFilter: method({ parse: parseNewFilter, auth: 'none', node: true, handle: (filter, ctx) => newFilter('logs', filter, ctx) }),
  eth_newBlockFilter: method({ parse: (p) => positional(p, 'eth_newBlockFilter', 0), auth: 'none', node: true, handle: (_p, ctx) => newFilter('blocks', undefined, ctx) }),
  eth_newPendingTransactionFilter: method({
    parse: (p) => positional(p, 'eth_newPendingTransactionFilter', 0),
    auth: 'none',
    node: true,
    handle: (_p, ctx) => newFilter('pendingTransactions', undefined, ctx),
  }),
  eth_getFilterChanges: method({ parse: (p) => filterId(p, 'eth_getFilterChanges'), auth: 'none', node: true, handle: changes }),
  eth_getFilterLogs: method({ parse: (p) => filterId(p, 'eth_getFilterLogs'), auth: 'none', node: true, handle: filterLogs }),
  eth_uninstallFilter: method({ parse: (p) => filterId(p, 'eth_uninstallFilter'), auth: 'none', handle: (id, { services, origin }) => services.filters.remove(origin, id) }),
};
