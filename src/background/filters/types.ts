/** Filters (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter) as the wallet keeps them, per origin. */
import type { Hex } from '../../shared/params';
import type { LogFilter } from '../../shared/schemas/logFilter';

/** A log as eth_getLogs returns it; `removed` when a reorganization took its block away. */
export interface FilterLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed: boolean;
}

export interface FilterRecord {
  id: Hex;
  origin: string;
  /** The network it was made on: it is read there even after the user switches. */
  chainId: Hex;
  kind: 'logs' | 'blocks' | 'pendingTransactions';
  /** Log filters: what eth_getLogs is asked, and the range as the page gave it (eth_getFilterLogs). */
  criteria?: Pick<LogFilter, 'address' | 'topics'>;
  range?: Pick<LogFilter, 'fromBlock' | 'toBlock'>;
  /** The first block it was made to read, and the last (a numeric toBlock). */
  start: number;
  until?: number;
  /** The first block not read yet. */
  next: number;
  /** The last block read, to notice a reorganization. */
  tip?: { number: number; hash: Hex };
  /** Logs reported from the last REORG_DEPTH blocks, to take back if a reorganization drops them. */
  recent: FilterLog[];
  /** Pending-transaction filters: the wallet's own hashes reported already. */
  seen?: string[];
  /** Pending-transaction filters: the node's own filter whose hashes this one relays, where the node keeps them. */
  nodeFilter?: Hex;
  /** The node's filter was made again at the last read (the node had lost the one before). */
  nodeFilterMadeAgain?: boolean;
  /** Filters not read for FILTER_TTL_MS are gone, as nodes drop them. */
  readAt: number;
}

/** What a new filter is made from: the rest starts empty (nothing read, nothing reported). */
export type NewFilter = Pick<FilterRecord, 'id' | 'origin' | 'chainId' | 'kind' | 'start' | 'until' | 'tip' | 'criteria' | 'range' | 'nodeFilter' | 'readAt'>;

/** The one way a filter record is made: by eth_newFilter and its kin, and for a `logs` subscription. */
export function newFilterRecord({ until, tip, criteria, range, nodeFilter, ...made }: NewFilter): FilterRecord {
  return {
    ...made, next: made.start, recent: [],
    ...(until === undefined ? {} : { until }),
    ...(tip ? { tip } : {}),
    ...(criteria ? { criteria } : {}),
    ...(range ? { range } : {}),
    ...(nodeFilter ? { nodeFilter } : {}),
  };
}
