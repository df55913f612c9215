/**
 * The popup's Approvals: what the selected account allowed others to spend through this wallet, as it stands on chain,
 * and its revoke, a transaction reviewed like any other (same approval screen, same Activity entry).
 */
import { invalidParams } from '../../shared/errors';
import type { AllowanceView } from '../../shared/allowances';
import { address, type Hex } from '../../shared/params';
import { isUnlimited } from '../../shared/units';
import { grantsOf } from '../allowances/granted';
import { signedGrantsOf, type SignedGrant } from '../allowances/signedGrants';
import { ownRecords } from '../batches/ownRecords';
import type { BatchRecord } from '../batches/types';
import { allowanceLeft, revokeCall } from '../allowances/onChain';
import type { Services } from '../services';
import { readToken } from '../tokens/read';
import { fields, none } from './params';
import { askUser, selectedSender } from './send';
import type { PageFamily } from './types';

/** The services these pages use: all, as a request they ask as the wallet (askAsWallet) runs through the pipeline. */
type Uses = keyof Services;

const KINDS = ['erc20', 'permit2', 'operator'] as const;

/**
 * The account's batches and permits on `chainId` that the wallet wrote: one planted in storage.local (a content script
 * writes it on Firefox) would list a token contract the page wrote, which answers any allowance and symbol, as a lure
 * to a revoke that calls it. Authenticated last: most records are another account's or chain's.
 */
async function ownRecordsOf(services: Services, owner: Hex, chainId: Hex): Promise<{ batches: BatchRecord[]; permits: SignedGrant[] }> {
  const theirs = (record: { chainId: Hex }, account: Hex) => account.toLowerCase() === owner.toLowerCase() && BigInt(record.chainId) === BigInt(chainId);
  const [batches, signed] = await Promise.all([services.batches.all(), services.signedGrants.all()]);
  const permits = signed.filter((g) => theirs(g, g.account));
  const sealed = await Promise.all(permits.map((g) => services.signedGrants.authentic(g)));
  return { batches: await ownRecords(services.batches, batches.filter((b) => theirs(b, b.from))), permits: permits.filter((_, i) => sealed[i]) };
}

async function allowances(services: Services): Promise<AllowanceView[]> {
  const [owner, network] = await Promise.all([selectedSender(services), services.networks.selected()]);
  const { batches, permits } = await ownRecordsOf(services, owner, network.chainId);
  const node = await services.nodeFor(network.chainId);
  const now = Math.floor(Date.now() / 1000);
  const grants = new Map([...(await grantsOf(batches, owner, network.chainId)), ...signedGrantsOf(permits, owner, network.chainId)].map((g) => [`${g.kind} ${g.token} ${g.spender}`.toLowerCase(), g]));
  const views = await Promise.all([...grants.values()].map(async (grant): Promise<AllowanceView | undefined> => {
    const left = await allowanceLeft(node, owner, grant, now);
    // The tab lists what the node says stands: one it did not answer for is left out, as it always was.
    if (left === null || left === 0n) return undefined;
    const token = grant.kind === 'operator' ? undefined : await readToken(node, grant.token, owner, 'token', network.name).catch(() => undefined);
    return {
      ...grant,
      amount: left.toString(),
      unlimited: grant.kind === 'operator' || isUnlimited(left, grant.kind === 'permit2' ? 160 : 256),
      ...(token ? { symbol: token.token.symbol, decimals: token.token.decimals } : {}),
    };
  }));
  return views.filter((v): v is AllowanceView => v !== undefined);
}

export const allowancePages = {
  getAllowances: { parse: none, read: true, handle: (_p, { services }) => allowances(services) },
  revokeAllowance: {
    parse(params) {
      const p = fields(params);
      const kind = KINDS.find((k) => k === p.kind);
      if (!kind) throw invalidParams(`kind must be one of ${KINDS.join(', ')}`);
      return { kind, token: address(p.token, 'token'), spender: address(p.spender, 'spender') };
    },
    async handle(grant, { services }) {
      const from = await selectedSender(services);
      return askUser(services, 'eth_sendTransaction', [{ from, value: '0x0', ...(await revokeCall(grant)) }], from);
    },
  },
} satisfies PageFamily<Uses>;
