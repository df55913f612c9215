/** Subscriptions (eth_subscribe) as the wallet keeps them: per frame, each read on its network's poll loop. */
import type { Hex } from '../../shared/params';
import type { LogFilter } from '../../shared/schemas/logFilter';
import type { SubscriptionKind } from '../../shared/schemas/subscription';
import type { FilterRecord } from '../filters/types';
import type { Frame } from '../transport/frames';

export interface SubscriptionRecord {
  id: Hex;
  /** The frame that subscribed: its messages go there only, and the subscription ends when it goes away. */
  frame: Frame;
  /** The network it was made on: it is read there even after the user switches (as filters are). */
  chainId: Hex;
  /** The pending kinds are served from the node's `pending` view. */
  kind: SubscriptionKind;
  /** logs and pendingLogs: which logs. */
  criteria?: Pick<LogFilter, 'address' | 'topics'>;
  /** newFlashblockTransactions and newPendingTransactions: whole transactions rather than hashes. */
  full?: boolean;
  /** newHeads: the last head reported. */
  tip?: { number: number; hash: Hex };
  /** logs: read as a filter the wallet reads itself every turn (removed logs after a reorganization included). */
  filter?: FilterRecord;
  /** Pending kinds: what was reported already (newest last, at most MAX_SEEN), so nothing comes twice. */
  seen?: string[];
}
