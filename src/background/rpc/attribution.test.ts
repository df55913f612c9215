/**
 * An ERC-8021 attribution (wallet_sendCalls' `dataSuffix`) is shown beside a call, never instead of it: everything the
 * user is shown about a call (its words, dangers and second yes, the preview's tokens, the words Activity keeps, the
 * allowance the Approvals tab lists) is computed from the call as the contract executes it, whichever executor runs
 * the batch and wherever the attribution goes on chain.
 */
import { MaxUint256 } from 'ethers';
import { Attribution } from 'ox/erc8021';
import { describe, expect, it, vi } from 'vitest';
import { UNIVERSAL_ROUTER, USDC } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { parseDataSuffix } from '../../shared/schemas/dataSuffix';
import { signedData } from '../batches/encoding';
import { EOA, abi } from '../clearSigning/calls.fixture';
import { EXECUTORS, shown } from './shownCalls.fixture';
import { corpusCalls, fixtureCalls, random } from './shownCases.fixture';

// The paymaster service of a sponsored batch: it sponsors whatever it is asked.
vi.mock('../paymaster/client', () => ({
  getPaymasterStubData: async () => ({ paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762', paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0', sponsor: { name: 'Acme' } }),
  servesBundlerV08: async () => true,
}));

const SUFFIX = Attribution.toDataSuffix({ codes: ['bc_test'] });

describe('an unlimited approve to an account without code, in a sequential batch with an ERC-8021 attribution', () => {
  // The audit's proof: with the attribution after its data, the same approve was shown as raw bytes with no danger.
  it('is shown in words with both dangers and the second yes, the attribution beside it; the allowance is recorded', async () => {
    const approve = { to: USDC as Hex, value: '0x0' as Hex, data: abi.encodeFunctionData('approve', [EOA, MaxUint256]) as Hex };
    const { view, attribution, record, simulated } = await shown([approve], 'sequential', SUFFIX);
    const [call] = view.calls;
    expect(call.review?.clear.intent).toBe('Approve: allow spending of your tokens');
    expect(call.review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['unlimited', true], ['spenderNotContract', true]]);
    expect(call.action).toMatchObject({ kind: 'approve', token: USDC, spender: EOA, unlimited: true });
    expect(attribution).toEqual({ codes: ['bc_test'], value: SUFFIX, appendedTo: [0] });
    expect(view.grants).toEqual([{ kind: 'erc20', token: USDC, spender: EOA }]);
    expect(view.activity[0].action).toMatchObject({ kind: 'approve', spender: EOA, unlimited: true });
    expect(view.preview[USDC.toLowerCase()]).toMatchObject({ symbol: 'USDC', decimals: 6 });
    // Its transaction still carries the attribution after its data, and is simulated so.
    expect(record.calls[0]).toMatchObject({ data: approve.data, suffix: SUFFIX });
    expect(simulated).toMatchObject([{ blockStateCalls: [{ calls: [{ data: `${approve.data}${SUFFIX.slice(2)}` }] }] }]);
  });
});

describe('a call whose data stops inside its arguments, in a sequential batch with an ERC-8021 attribution', () => {
  // An approve's selector and the zeros of its spender's word: the attribution's registry address would finish the
  // spender, its codes the amount, so the bytes signed would run approve(registry, ~2^248) behind 16 raw bytes.
  const cut = { to: USDC as Hex, value: '0x0' as Hex, data: `0x095ea7b3${'00'.repeat(12)}` as Hex };
  const suffix = Attribution.toDataSuffix({ codes: ['builder_code_for_this_dapp_2026'], codeRegistry: { address: EOA, chainId: 1 } });

  it('does not carry it: the bytes signed are the bytes shown, which name no function', async () => {
    const { view, record, attribution } = await shown([cut], 'sequential', suffix);
    expect(view.calls[0].fn ?? view.calls[0].review).toBeUndefined();
    expect(signedData(record.calls[0])).toBe(cut.data);
    expect(attribution).toEqual({ codes: ['builder_code_for_this_dapp_2026'], value: suffix.toLowerCase(), appendedTo: [] });
  });
});

const CODE_CHARS = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).filter((c) => c !== ',');

/** Well-formed attributions of every schema, with codes of every length the wallet takes. */
function attributions(count: number, seed: number): Hex[] {
  const r = random(seed);
  const code = () => Array.from({ length: 1 + r.int(32) }, () => r.pick(CODE_CHARS)).join('');
  const codes = () => Array.from({ length: 1 + r.int(4) }, code);
  const schemas = [
    () => Attribution.toDataSuffix({ codes: codes() }),
    () => Attribution.toDataSuffix({ codes: codes(), codeRegistry: { address: r.pick([USDC, EOA, UNIVERSAL_ROUTER]), chainId: 1 + r.int(100_000) } }),
    () => Attribution.toDataSuffix({ appCode: code(), ...(r.int(2) ? { walletCode: code() } : {}), ...(r.int(2) ? { serviceCodes: codes() } : {}) }),
  ];
  return Array.from({ length: count }, (_, i) => schemas[i % schemas.length]());
}

const CASES = [...fixtureCalls(), ...corpusCalls(8021)];

describe('appending any well-formed ERC-8021 attribution', () => {
  const suffixes = attributions(CASES.length * EXECUTORS.length, 21);

  it('draws only attributions the wallet takes, of every schema', () => {
    expect(suffixes.every((s) => parseDataSuffix({ value: s })?.value === s.toLowerCase())).toBe(true);
    expect(new Set(suffixes.map((s) => s.slice(-34, -32))).size).toBe(3);
  });

  it.each(EXECUTORS)('leaves intent, dangers, action, preview, Activity\'s words and the allowance record unchanged (%s)', async (executor) => {
    const unbound: string[] = [];
    for (const [i, { name, call }] of CASES.entries()) {
      const suffix = suffixes[EXECUTORS.indexOf(executor) * CASES.length + i];
      const plain = await shown([call], executor);
      const attributed = await shown([call], executor, suffix);
      expect(attributed.view, `${name}, attributed by ${suffix}`).toEqual(plain.view);
      expect(attributed.attribution?.value, name).toBe(suffix.toLowerCase());
      // The call the contract executes is the one asked, whatever the attribution.
      expect(attributed.record.calls.map((c) => c.data), name).toEqual(plain.record.calls.map((c) => c.data));
      if (!plain.view.calls[0].review) unbound.push(name);
    }
    // The corpus is worded: a property over unbound calls alone would prove nothing.
    expect(unbound).toEqual(['another account\'s executeBatch', 'ETH to an account without code', 'a contract called without data']);
  });

  it('never goes after data the screen does not word, which it could finish: every call cut inside its arguments is signed as shown', async () => {
    const r = random(8022);
    const cuts = CASES.filter(({ call }) => (call.data?.length ?? 0) > 10).map(({ name, call }) => {
      const bytes = (call.data!.length - 2) / 2;
      return { name: `${name}, cut`, call: { ...call, data: call.data!.slice(0, 2 + 2 * (4 + r.int(bytes - 4))) as Hex } };
    });
    for (const [i, { name, call }] of cuts.entries()) {
      const { view, record } = await shown([call], 'sequential', suffixes[i % suffixes.length]);
      const carried = record.calls.filter((c) => c.suffix);
      // Carried only where the screen names the function, whose arguments then end before the attribution.
      if (carried.length > 0) expect(view.calls[0].fn ?? view.calls[0].review, name).toBeDefined();
      else expect(signedData(record.calls[0]), name).toBe(call.data);
    }
  });
});
