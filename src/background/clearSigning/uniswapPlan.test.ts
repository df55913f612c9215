/**
 * A Universal Router call on the approval screen: each command in words below the call, and the plan's dangers —
 * what the wallet cannot read asks for the second yes, a plan the router refuses is named, nothing is left out.
 */
import { AbiCoder, Interface, parseEther, solidityPacked, toQuantity } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SIGNER, USDC, WETH } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { MAINNET } from './chain.fixture';
import { deps } from './calls.fixture';
import { checkingWords } from '../../shared/dangers.fixture';
import { inEnglish } from '../../shared/words.fixture';
import { MAX_INNER_CALLS, reviewCalls as reviewCallsOf } from './calls';

const kept = checkingWords();
const reviewCalls = async (...args: Parameters<typeof reviewCallsOf>) => {
  const calls = await reviewCallsOf(...args);
  kept(calls.flatMap((call) => call.review?.dangers ?? []));
  return calls;
};

const coder = AbiCoder.defaultAbiCoder();
const router = new Interface(['function execute(bytes commands, bytes[] inputs, uint256 deadline)']);
const ROUTER = '0x66a9893cc07d91d95644aedd05d03f95e1dba8af' as Hex;
const ADDRESS_THIS = '0x0000000000000000000000000000000000000002';
const MSG_SENDER = '0x0000000000000000000000000000000000000001';
const CONTRACT_BALANCE = 1n << 255n;
const wrap = coder.encode(['address', 'uint256'], [ADDRESS_THIS, parseEther('1')]);
const swap = (amountIn: bigint) => coder.encode(['address', 'uint256', 'uint256', 'bytes', 'bool'], [MSG_SENDER, amountIn, parseEther('0.29'), solidityPacked(['address', 'uint24', 'address'], [USDC, 500, WETH]), false]);

async function execute(commands: string, inputs: string[], value = 0n) {
  const data = router.encodeFunctionData('execute', [commands, inputs, 1_733_013_000n]) as Hex;
  const [call] = await reviewCalls(deps, [{ to: ROUTER, value: toQuantity(value) as Hex, data }], SIGNER as Hex, MAINNET);
  return call.review;
}

describe('the Universal Router on the approval screen', () => {
  it('a command the wallet cannot read is listed with its bytes, and named a danger asking for the second yes', async () => {
    const review = await execute('0x0b1f', [wrap, '0xdeadbeef'], parseEther('1'));
    expect(review?.inner?.map((i) => [i.label, i.clear.intent])).toEqual([['Command 1', 'Wrap ETH'], ['Command 2', 'Not read by the wallet: a command the wallet does not know']]);
    expect(review?.inner?.map((i) => i.labelWords)).toEqual([{ key: 'dangers_stepCommand', values: { number: '1' } }, { key: 'dangers_stepCommand', values: { number: '2' } }]);
    expect(review?.inner?.[1].clear.uncovered).toEqual([{ path: 'command', text: '0x1f' }, { path: 'input', text: '0xdeadbeef' }]);
    expect(review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['planUnread', true]]);
    expect(review?.dangers[0].message).toContain('This router call does something the wallet cannot read. Command 2 (0x1f): a command the wallet does not know.');
  });

  it('the commands the wallet cannot read are listed each with its place, byte and why, and the screen says why in words', async () => {
    const review = await execute('0x1f0b0b', ['0xdeadbeef', `${wrap}00`, wrap], parseEther('1'));
    expect(review?.dangers[0].message).toBe('This router call does something the wallet cannot read. Command 1 (0x1f): a command the wallet does not know and Command 2 (0x0b): its input has 1 byte after its arguments. It is shown as its bytes, and could move or approve anything.');
    const unread = review?.inner?.[1].clear;
    expect(unread?.intent).toBe('Not read by the wallet: its input has 1 byte after its arguments');
    expect(unread?.intentWords && inEnglish(unread.intentWords)).toBe(unread?.intent);
  });

  it('a command allowed to fail is said so on its label', async () => {
    const review = await execute('0x8b', [wrap], parseEther('1'));
    expect(review?.inner?.map((i) => i.label)).toEqual(['Command 1 (allowed to fail: the rest still runs)']);
    expect(review?.inner?.map((i) => i.labelWords && inEnglish(i.labelWords))).toEqual(['Command 1 (allowed to fail: the rest still runs)']);
    expect(review?.dangers).toEqual([]);
  });

  it('commands and inputs that do not pair up: the router refuses the call, and the screen says it will fail', async () => {
    const review = await execute('0x0b00', [wrap], parseEther('1'));
    expect(review?.inner).toBeUndefined();
    expect(review?.dangers.map((d) => [d.kind, d.confirm, d.message])).toEqual([['planRefused', true, 'This call has 2 commands and 1 input: the contract refuses it, so it fails and you pay its fee for nothing.']]);
  });

  it('no commands at all: the call does nothing, said as a warning', async () => {
    const review = await execute('0x', []);
    expect(review?.dangers.map((d) => [d.kind, d.tone])).toEqual([['planEmpty', 'warn']]);
  });

  it('a swap of all the router holds is said so, and is not an unlimited allowance', async () => {
    const review = await execute('0x0b00', [wrap, swap(CONTRACT_BALANCE)], parseEther('1'));
    expect(review?.inner?.[1].clear.fields.find((f) => f.label === 'Send')?.text).toBe('All the router holds of USDC');
    expect(review?.dangers).toEqual([]);
  });

  it('a Permit2 permit the router submits for an unlimited amount is named unlimited', async () => {
    const permit = coder.encode(['tuple(tuple(address,uint160,uint48,uint48),address,uint256)', 'bytes'], [[[USDC, (1n << 160n) - 1n, 1_735_603_200n, 0n], ROUTER, 1_733_013_000n], `0x${'11'.repeat(65)}`]);
    const review = await execute('0x0a', [permit]);
    expect(review?.inner?.[0].clear.fields.find((f) => f.label === 'Amount')?.text).toBe('Unlimited USDC');
    expect(review?.dangers.map((d) => d.kind)).toContain('unlimited');
  });

  it(`a plan reads at most ${MAX_INNER_CALLS} steps for one request: the rest are listed as not read, a danger`, async () => {
    const review = await execute(`0x${'0b'.repeat(70)}`, Array.from({ length: 70 }, () => wrap), parseEther('1'));
    expect(review?.inner).toHaveLength(70);
    expect(review?.inner?.filter((i) => i.clear.intent === 'Wrap ETH')).toHaveLength(MAX_INNER_CALLS);
    expect(review?.dangers.map((d) => d.kind)).toEqual(['planUnread']);
    expect(review?.dangers[0].message).toContain('Command 69 (0x0b): past the number of steps the wallet reads for one request, and Command 70 (0x0b): past');
  });

  it("PositionManager: an action the wallet does not read (DONATE) is named; actions and inputs that do not pair up are refused", async () => {
    const posm = new Interface(['function modifyLiquidities(bytes unlockData, uint256 deadline)']);
    const POSITION_MANAGER = '0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e' as Hex;
    const unlock = (actions: string, params: string[]) => posm.encodeFunctionData('modifyLiquidities', [coder.encode(['bytes', 'bytes[]'], [actions, params]), 1_733_013_000n]) as Hex;
    const review = async (data: Hex) => (await reviewCalls(deps, [{ to: POSITION_MANAGER, value: '0x0', data }], SIGNER as Hex, MAINNET))[0].review;
    const donate = await review(unlock('0x0a', ['0x']));
    expect(donate?.inner?.map((i) => [i.label, i.clear.intent])).toEqual([['Action 1', 'Not read by the wallet: a command the wallet does not know']]);
    expect(donate?.dangers.map((d) => [d.kind, d.confirm, d.message.slice(0, 60)])).toEqual([['planUnread', true, 'This call does something the wallet cannot read. Action 1 (0']]);
    const unpaired = await review(unlock('0x0d11', [coder.encode(['address', 'address'], [USDC, WETH])]));
    expect(unpaired?.dangers.map((d) => d.kind)).toEqual(['planRefused']);
    const undecoded = await review(posm.encodeFunctionData('modifyLiquidities', ['0x1234', 1_733_013_000n]) as Hex);
    expect(undecoded?.dangers[0].message).toContain('cannot read. Actions: its actions are not encoded as PositionManager reads them.');
  });
});
