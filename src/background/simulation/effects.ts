/**
 * The account's side of a simulation's logs: ETH moves (eth_simulateV1's traceTransfers reports them as ERC-20-style
 * Transfer logs from 0xeeee…eeee), ERC-20, ERC-721 and ERC-1155 transfers, and the approvals it grants.
 */
import { AbiCoder, getAddress, id } from 'ethers';
import type { Hex } from '../../shared/params';
import { isUnlimited } from '../../shared/units';
import type { AllowanceChange, AssetChange } from '../../shared/preview';

export interface Log {
  address: Hex;
  topics: Hex[];
  data: Hex;
}

/** Where traceTransfers reports native transfers (ERC-7528's address for the native asset). */
export const NATIVE_TRANSFER_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

const TRANSFER = id('Transfer(address,address,uint256)');
const APPROVAL = id('Approval(address,address,uint256)');
const APPROVAL_FOR_ALL = id('ApprovalForAll(address,address,bool)');
const TRANSFER_SINGLE = id('TransferSingle(address,address,address,uint256,uint256)');
const TRANSFER_BATCH = id('TransferBatch(address,address,address,uint256[],uint256[])');
const abi = AbiCoder.defaultAbiCoder();

/** Effects before the token is looked up: the same shapes with the token's address only. */
export type RawChange = Omit<AssetChange, 'symbol' | 'decimals'>;
export type RawAllowance = Omit<AllowanceChange, 'symbol' | 'decimals'>;

const topicAddress = (topic: Hex | undefined): string => (topic ? getAddress(`0x${topic.slice(26)}`).toLowerCase() : '');
const word = (data: Hex, index: number): bigint => BigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64) || '0'}`);

export function effectsFor(account: Hex, logs: Log[]): { changes: RawChange[]; allowances: RawAllowance[] } {
  const me = account.toLowerCase();
  const net = new Map<string, RawChange & { sum: bigint }>();
  const allowances = new Map<string, RawAllowance>();
  const move = (change: Omit<RawChange, 'amount'>, from: string, to: string, amount: bigint) => {
    const delta = (to === me ? amount : 0n) - (from === me ? amount : 0n);
    if (delta === 0n) return;
    const key = `${change.token} ${change.tokenId ?? ''}`;
    const entry = net.get(key) ?? { ...change, amount: '0', sum: 0n };
    entry.sum += delta;
    net.set(key, entry);
  };
  for (const log of logs) {
    const token = log.address.toLowerCase() as Hex;
    const [topic, a, b, c] = log.topics;
    try {
      if (topic === TRANSFER && log.topics.length === 3) {
        if (token === NATIVE_TRANSFER_ADDRESS) move({ token: 'native', standard: 'native' }, topicAddress(a), topicAddress(b), word(log.data, 0));
        else move({ token, standard: 'erc20' }, topicAddress(a), topicAddress(b), word(log.data, 0));
      } else if (topic === TRANSFER && log.topics.length === 4) {
        move({ token, standard: 'erc721', tokenId: BigInt(c!).toString() }, topicAddress(a), topicAddress(b), 1n);
      } else if (topic === TRANSFER_SINGLE) {
        const [tokenId, amount] = abi.decode(['uint256', 'uint256'], log.data) as unknown as [bigint, bigint];
        move({ token, standard: 'erc1155', tokenId: tokenId.toString() }, topicAddress(b), topicAddress(c), amount);
      } else if (topic === TRANSFER_BATCH) {
        const [ids, amounts] = abi.decode(['uint256[]', 'uint256[]'], log.data) as unknown as [bigint[], bigint[]];
        ids.forEach((tokenId, i) => move({ token, standard: 'erc1155', tokenId: tokenId.toString() }, topicAddress(b), topicAddress(c), amounts[i] ?? 0n));
      } else if (topic === APPROVAL && topicAddress(a) === me) {
        const spender = topicAddress(b) as Hex;
        if (log.topics.length === 4) {
          const tokenId = BigInt(c!).toString();
          allowances.set(`${token} ${tokenId}`, { token, standard: 'erc721', spender, unlimited: false, tokenId, revoked: BigInt(b!) === 0n });
        } else {
          const amount = word(log.data, 0);
          allowances.set(`${token} ${spender}`, { token, standard: 'erc20', spender, amount: amount.toString(), unlimited: isUnlimited(amount), revoked: amount === 0n });
        }
      } else if (topic === APPROVAL_FOR_ALL && topicAddress(a) === me) {
        const approved = word(log.data, 0) !== 0n;
        // The same event for ERC-721 and ERC-1155; which one is told by the contract, not the log.
        allowances.set(`${token} ${topicAddress(b)} all`, { token, standard: 'erc721', spender: topicAddress(b) as Hex, unlimited: approved, allTokens: true, revoked: !approved });
      }
    } catch {
      // A log that only looks like a token event (wrong data size): not the account's token movement.
    }
  }
  const changes = [...net.values()]
    .filter((e) => e.sum !== 0n)
    .map(({ sum, ...change }) => ({ ...change, amount: sum.toString() }))
    .sort((x, y) => Number(BigInt(x.amount) > 0n) - Number(BigInt(y.amount) > 0n));
  return { changes, allowances: [...allowances.values()] };
}
