/**
 * Previews by batch, started when the batch is planned (so the screen rarely waits) and kept while its approval may
 * ask for it. The window opens at once; its preview appears when this settles.
 */
import { id } from 'ethers';
import { SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import { cleanText } from '../../shared/displayText';
import type { AssetInfo, Outcome, Preview } from '../../shared/preview';
import { describeCall } from '../calls/describe';
import type { Hex } from '../../shared/params';
import { signedData } from '../batches/encoding';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { simulate, type ErrorWords } from './simulate';
import { createTokenInfo, type TokenInfoLookup } from './tokenInfo';

/** Previews of batches waiting for the user; older ones are forgotten first (a later ask simulates again). */
const KEPT = 64;
/** The most of what failed a preview shows. */
const MAX_ERROR_CHARS = 300;

export interface Previews {
  /** The batch's preview: the one already under way, or a new simulation. */
  of(batch: BatchRecord, network: { name: string; symbol: string }, node: ChainNode): Promise<Preview>;
}

/** The tokens the calls act on (transfers, approvals), so the screen can show amounts in their units. */
async function tokensNamed(batch: BatchRecord, node: ChainNode, tokenInfo: TokenInfoLookup): Promise<Record<string, AssetInfo>> {
  const named = new Map<string, 'erc20' | 'erc721'>();
  for (const call of batch.calls) {
    const action = (await describeCall(call)).action;
    // NFTs have no decimals; a Permit2 approval names the ERC-20 it allows.
    if (action) named.set(action.token.toLowerCase(), action.kind === 'approveAll' || action.standard === 'erc721' || action.standard === 'erc1155' ? 'erc721' : 'erc20');
  }
  const infos = await Promise.all([...named].map(([token, standard]) => tokenInfo(node, batch.chainId, token as Hex, standard).catch(() => undefined)));
  return Object.fromEntries(infos.filter((i) => i !== undefined).map((i) => [String(i.token).toLowerCase(), i]));
}

/**
 * The gas limit the transaction of call `i` carries, so the preview runs out of gas where the chain would: its own
 * (sequential), or the whole transaction's (atomic). A userOp's gas is the bundler's business.
 */
function callGas(batch: BatchRecord, i: number): Hex | undefined {
  if (batch.sponsor || batch.executor === 'usdc') return undefined;
  if (batch.atomic) return batch.gasLimits[0];
  return batch.gasLimits.length === batch.calls.length ? batch.gasLimits[i] : undefined;
}

/** The fee caps the account's transactions carry: the dapp's, or those of the tier the screen shows first; none for a userOp. */
const feesOf = (batch: BatchRecord) => (batch.sponsor || batch.executor === 'usdc' ? undefined : (batch.fees ?? batch.feeCaps?.[batch.feeTier ?? 'market']));

/** `wordsOf`: the words of what failed where the wallet wrote it (./simulate.ts ErrorWords). */
export function createPreviews(wordsOf?: ErrorWords): Previews {
  const tokenInfo = createTokenInfo();
  const kept = new Map<string, Promise<Preview>>();
  return {
    of(batch, network, node) {
      // By what will be signed, not by the batch's id: a site may reuse an id once a batch was rejected and removed.
      const key = id(JSON.stringify({ origin: batch.origin, chainId: batch.chainId, from: batch.from, calls: batch.calls, gasLimits: batch.gasLimits, atomic: batch.atomic, upgrade: batch.upgrade, paymaster: batch.sponsor?.paymaster, dataSuffix: batch.dataSuffix }));
      let preview = kept.get(key);
      if (!preview) {
        const request = {
          chainId: batch.chainId,
          networkName: network.name,
          nativeSymbol: network.symbol,
          from: batch.from,
          // Simulated as sent (with a sequential call's attribution); the tokens named above are read from the calls as they execute.
          calls: batch.calls.map((call, i) => ({ to: call.to, value: call.value, data: signedData(call), ...(callGas(batch, i) ? { gas: callGas(batch, i) } : {}) })),
          ...(feesOf(batch) ? { fees: feesOf(batch) } : {}),
          // A userOp is all or nothing too.
          atomic: batch.atomic || batch.sponsor !== undefined,
          ...(batch.upgrade ? { delegate: SIMPLE_7702_ACCOUNT } : {}),
        };
        const outcome = simulate(node, request, tokenInfo, wordsOf).catch((failed: Error): Outcome => {
          // What failed may quote a node (a balance that is no number): cleaned and bounded.
          const error = cleanText(failed.message, MAX_ERROR_CHARS);
          return { kind: 'unavailable', reason: `No preview: ${error}`, reasonWords: { key: 'preview_noPreview', values: { error: wordsOf?.(failed) ?? error } } };
        });
        preview = Promise.all([outcome, tokensNamed(batch, node, tokenInfo)]).then(([o, tokens]) => ({ ...o, tokens }));
        kept.set(key, preview);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      return preview;
    },
  };
}
