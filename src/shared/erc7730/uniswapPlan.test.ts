/** Uniswap plans read command by command: the router's table per version, its masks, and what is not read. */
import { AbiCoder, Interface, id, parseEther, solidityPacked } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../params';
import { inEnglish } from '../words.fixture';
import { bindCall } from './bind';
import { SIGNER, USDC, WETH, descriptors } from './samples.fixture';
import { readPlan, readV3Path, type PlanStep } from './uniswapPlan';

const coder = AbiCoder.defaultAbiCoder();
const router = new Interface(['function execute(bytes commands, bytes[] inputs, uint256 deadline)']);
const ROUTER_2_0 = '0x66a9893cc07d91d95644aedd05d03f95e1dba8af' as Hex;
const ROUTER_2_1 = '0x4C82D1fBFe28C977cBB58D8C7FF8FCF9F70a2cCA' as Hex;
const ETH = '0x0000000000000000000000000000000000000000';
const ADDRESS_THIS = '0x0000000000000000000000000000000000000002';
const MSG_SENDER = '0x0000000000000000000000000000000000000001';
const wrap = coder.encode(['address', 'uint256'], [ADDRESS_THIS, parseEther('1')]);

function plan(to: Hex, commands: string, inputs: string[]) {
  const data = router.encodeFunctionData('execute', [commands, inputs, 1_733_013_000n]) as Hex;
  const bound = bindCall(descriptors, { chainId: 1n, to, data });
  if (!bound) throw new Error('the router call did not bind');
  return readPlan(bound, descriptors, { chainId: 1n, contract: to, sender: SIGNER as Hex });
}
const steps = (read: ReturnType<typeof plan>): PlanStep[] => (read?.ok ? read.steps : []);
/** Each step's place and what it is (its function, or why it is not read), its words checked to say the same in English. */
const said = (read: ReturnType<typeof plan>) => steps(read).map((s) => {
  expect(inEnglish(s.labelWords)).toBe(s.label);
  if (s.unread) expect(inEnglish(s.unread.words)).toBe(s.unread.text);
  return [s.label, s.bound?.format.$id ?? s.unread?.text, s.allowRevert];
});

describe('Uniswap plans', () => {
  it('a V3 path is read pool by pool; one with bytes past its last whole pool is not read (its last 20 bytes are not the token it ends in)', () => {
    const one = solidityPacked(['address', 'uint24', 'address'], [USDC, 500, WETH]) as Hex;
    expect(readV3Path(one)).toEqual({ tokens: [USDC, WETH], fees: [500n] });
    const two = solidityPacked(['address', 'uint24', 'address', 'uint24', 'address'], [USDC, 500, WETH, 3000, USDC]) as Hex;
    expect(readV3Path(two)?.fees).toEqual([500n, 3000n]);
    expect(readV3Path(`${one}00` as Hex)).toBeUndefined();
    expect(readV3Path(one.slice(0, -2) as Hex)).toBeUndefined();
    expect(readV3Path(solidityPacked(['address'], [USDC]) as Hex)).toBeUndefined();
  });

  it('each command is a step named by its place; the allow-revert bit (0x80) is said, and the command under it still read', () => {
    expect(said(plan(ROUTER_2_0, '0x0b8b', [wrap, wrap]))).toEqual([['Command 1', 'WRAP_ETH', false], ['Command 2', 'WRAP_ETH', true]]);
  });

  it("the router's own mask decides: 2.0 reads 0x4b as WRAP_ETH (mask 0x3f), 2.1.1 as a command the wallet does not know (mask 0x7f)", () => {
    expect(said(plan(ROUTER_2_0, '0x4b', [wrap]))).toEqual([['Command 1', 'WRAP_ETH', false]]);
    expect(said(plan(ROUTER_2_1, '0x4b', [wrap]))).toEqual([['Command 1', 'a command the wallet does not know', false]]);
  });

  it('each version has its own table: PAY_PORTION_FULL_PRECISION (0x07) is 2.1.1\'s, a placeholder in 2.0', () => {
    const portion = coder.encode(['address', 'address', 'uint256'], [USDC, SIGNER, 25n * 10n ** 14n]);
    expect(said(plan(ROUTER_2_1, '0x07', [portion]))).toEqual([['Command 1', 'PAY_PORTION_FULL_PRECISION', false]]);
    expect(said(plan(ROUTER_2_0, '0x07', [portion]))).toEqual([['Command 1', 'a command the wallet does not know', false]]);
  });

  it('a command the wallet does not know, or an input it does not read exactly, is a step too, with why', () => {
    expect(said(plan(ROUTER_2_0, '0x1f0b0b0b', ['0x1234', `${wrap}00`, '0x', wrap]))).toEqual([
      ['Command 1', 'a command the wallet does not know', false],
      ['Command 2', 'its input has 1 byte after its arguments', false],
      ['Command 3', 'its input is not encoded as this command reads it', false],
      ['Command 4', 'WRAP_ETH', false],
    ]);
    const badPath = coder.encode(['address', 'uint256', 'uint256', 'bytes', 'bool'], [MSG_SENDER, 1n, 1n, `${solidityPacked(['address', 'uint24', 'address'], [USDC, 500, WETH])}00`, true]);
    expect(said(plan(ROUTER_2_0, '0x00', [badPath]))).toEqual([['Command 1', 'its swap path is not one whole number of pools', false]]);
  });

  it('no commands is an empty plan; commands and inputs that do not pair up are refused as the router refuses them', () => {
    expect(plan(ROUTER_2_0, '0x', [])).toEqual({ ok: true, steps: [] });
    const refused = plan(ROUTER_2_0, '0x0b0b', [wrap]);
    expect(refused).toMatchObject({ ok: false, code: 'lengthMismatch', problem: { text: '2 commands and 1 input' } });
    if (refused?.ok === false) expect(inEnglish(refused.problem.words)).toBe('2 commands and 1 input');
  });

  it('recipients are the ones the router pays: MSG_SENDER is the caller, ADDRESS_THIS the router', () => {
    const unwrap = coder.encode(['address', 'uint256'], [MSG_SENDER, 1n]);
    const [wrapped, unwrapped] = steps(plan(ROUTER_2_0, '0x0b0c', [wrap, unwrap]));
    expect(wrapped.bound?.data.recipient).toBe(ROUTER_2_0);
    expect(unwrapped.bound?.data.recipient).toBe(SIGNER);
  });

  it("V4_SWAP's actions are steps below it; a single-pool swap's tokens follow its zeroForOne; actions and inputs that do not pair up are not read", () => {
    const single = coder.encode(['tuple(tuple(address,address,uint24,int24,address),bool,uint128,uint128,bytes)'], [[[ETH, USDC, 500, 10, ETH], false, 1n, 1n, '0x']]);
    const v4 = coder.encode(['bytes', 'bytes[]'], ['0x06', [single]]);
    const read = steps(plan(ROUTER_2_0, '0x10', [v4]));
    expect(said(plan(ROUTER_2_0, '0x10', [v4]))).toEqual([['Command 1', 'V4_SWAP', false], ['Command 1 › Action 1', 'SWAP_EXACT_IN_SINGLE', false]]);
    expect([read[1].bound?.data.tokenIn, read[1].bound?.data.tokenOut]).toEqual([USDC, ETH]);
    const unpaired = coder.encode(['bytes', 'bytes[]'], ['0x060c', [single]]);
    expect(said(plan(ROUTER_2_0, '0x10', [unpaired]))).toEqual([['Command 1', 'its 2 actions come with 1 input', false]]);
  });

  it('the command descriptors bind nothing by themselves: a call to the router with a pseudo-function selector is not worded', () => {
    const data = `${id('WRAP_ETH(address,uint256)').slice(0, 10)}${wrap.slice(2)}` as Hex;
    expect(bindCall(descriptors, { chainId: 1n, to: ROUTER_2_0, data })).toBeUndefined();
  });

  it("a user's file or a registry descriptor claiming to be the router (its $id) does not get its plan read", () => {
    const data = router.encodeFunctionData('execute', ['0x0b', [wrap], 1n]) as Hex;
    const bound = bindCall(descriptors, { chainId: 1n, to: ROUTER_2_0, data });
    if (!bound) throw new Error('the router call did not bind');
    expect(readPlan({ ...bound, descriptor: { ...bound.descriptor, userFile: true } }, descriptors, { chainId: 1n, contract: ROUTER_2_0, sender: SIGNER as Hex })).toBeUndefined();
    // The wallet checked the router's deployments in its own descriptor; a registry file's are the registry's word.
    expect(readPlan({ ...bound, descriptor: { ...bound.descriptor, registry: true } }, descriptors, { chainId: 1n, contract: ROUTER_2_0, sender: SIGNER as Hex })).toBeUndefined();
    // Nor do a registry's words for the commands speak for the wallet's.
    const commands = descriptors.filter((d) => d.context.$id === 'Uniswap Universal Router commands');
    const posing = descriptors.map((d) => (commands.includes(d) ? { ...d, registry: true as const } : d));
    expect(said(readPlan(bound, posing, { chainId: 1n, contract: ROUTER_2_0, sender: SIGNER as Hex }) as ReturnType<typeof plan>)).toEqual([['Command 1', 'a command the wallet has no words for', false]]);
  });
});
