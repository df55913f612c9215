/**
 * A site's own bytes after a call's arguments (no `dataSuffix`: its calldata as sent) do not switch off clear signing.
 * A contract's ABI decoder ignores bytes after the arguments and runs the function they encode, so the call is shown
 * as that function (words, dangers and second yes, the preview's tokens, Activity's words, the allowance the Approvals
 * tab lists, all as without them) and the bytes are named beside it as one more danger asking the second yes.
 */
import { MaxUint256, hexlify } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { callDangers, type DecodedCall } from '../../shared/decodedCall';
import { USDC } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { EOA, MULTICALL3, abi, aggregate3 } from '../clearSigning/calls.fixture';
import { EXECUTORS, shown, shownAsTransaction, type Call } from './shownCalls.fixture';
import { corpusCalls, fixtureCalls, random } from './shownCases.fixture';

// The paymaster service of a sponsored batch: it sponsors whatever it is asked.
vi.mock('../paymaster/client', () => ({
  getPaymasterStubData: async () => ({ paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762', paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0', sponsor: { name: 'Acme' } }),
  servesBundlerV08: async () => true,
}));

const EXTRA = '0xdeadbeef';
const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]) as Hex;
const withExtra = (call: Call, extra: string): Call => ({ ...call, data: `${call.data}${extra.slice(2)}` as Hex });

function expectApproveInWords(call: DecodedCall) {
  expect(call.review?.clear.intent).toBe('Approve: allow spending of your tokens');
  expect(call.review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['unlimited', true], ['spenderNotContract', true], ['bytesAfterArguments', true]]);
  expect(call.review?.dangers[2].message).toMatch(/4 bytes after its arguments \(0xdeadbeef\)/);
  expect(call.action).toMatchObject({ kind: 'approve', token: USDC, spender: EOA, unlimited: true });
  expect(call.afterArguments).toEqual({ size: 4, data: EXTRA });
}

describe('an unlimited USDC approve to an account without code, with 4 bytes of its own after the arguments', () => {
  const call = withExtra({ to: USDC as Hex, value: '0x0', data: approve }, EXTRA);

  it('in a sequential batch is shown in words with both dangers, the extra bytes as a third, and its allowance is recorded', async () => {
    const { view, record } = await shown([call], 'sequential');
    expectApproveInWords(view.calls[0]);
    expect(view.grants).toEqual([{ kind: 'erc20', token: USDC, spender: EOA }]);
    expect(view.activity[0].action).toMatchObject({ kind: 'approve', spender: EOA, unlimited: true });
    expect(view.preview[USDC.toLowerCase()]).toMatchObject({ symbol: 'USDC', decimals: 6 });
    // The contract receives the bytes as the site sent them.
    expect(record.calls[0].data).toBe(call.data);
  });

  it('by eth_sendTransaction is shown the same, and its allowance is recorded', async () => {
    const { view, record } = await shownAsTransaction(call);
    expectApproveInWords(view.calls[0]);
    expect(view.grants).toEqual([{ kind: 'erc20', token: USDC, spender: EOA }]);
    expect(view.preview[USDC.toLowerCase()]).toMatchObject({ symbol: 'USDC', decimals: 6 });
    expect(record.calls[0].data).toBe(call.data);
  });

  it('inside a Multicall3 aggregate3 is worded there, its extra bytes named on the call and asking the second yes', async () => {
    const { view } = await shown([{ to: MULTICALL3 as Hex, value: '0x0', data: aggregate3([USDC, `${approve}${EXTRA.slice(2)}`]) as Hex }], 'sequential');
    expect(view.calls[0].review?.inner?.map((c) => c.clear.intent)).toEqual(['Approve: allow spending of your tokens']);
    expect(view.calls[0].review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['unlimited', true], ['spenderNotContract', true], ['bytesAfterArguments', true]]);
  });
});

/** What the user reads of a call, its bytes aside: what it is, does, grants and risks. */
const meaning = ({ data: _data, dataSize: _size, afterArguments: _after, ...call }: DecodedCall) => call;
const withoutExtraDanger = (call: DecodedCall) => meaning({ ...call, ...(call.review ? { review: { ...call.review, dangers: call.review.dangers.filter((d) => d.kind !== 'bytesAfterArguments') } } : {}) });

/** Seaport decodes its own calldata (its assembly follows offsets the wallet has not checked against extra bytes): it stays strict. */
const strict = (name: string) => /seaport/i.test(name);

describe('1 to 64 bytes of a site\'s own after the arguments of any call the wallet words', () => {
  const r = random(41);
  const CASES = [...fixtureCalls(), ...corpusCalls(7730)].filter(({ call }) => call.data);
  const extras = CASES.map(() => hexlify(Uint8Array.from({ length: 1 + r.int(64) }, () => r.int(256))));

  it.each(EXECUTORS)('leave intent, dangers, action, preview, Activity\'s words and the allowance record as without them, plus one danger asking the second yes (%s)', async (executor) => {
    for (const [i, { name, call }] of CASES.entries()) {
      const plain = await shown([call], executor);
      const extended = await shown([withExtra(call, extras[i])], executor);
      const [before, after] = [plain.view.calls[0], extended.view.calls[0]];
      if (strict(name)) {
        expect(after.review, name).toBeUndefined();
        continue;
      }
      expect(before.review ?? before.fn, `${name} is worded without extra bytes`).toBeDefined();
      expect(withoutExtraDanger(after), name).toEqual(meaning(before));
      const named = callDangers(after).filter((d) => d.kind === 'bytesAfterArguments');
      expect(named.map((d) => d.confirm), name).toEqual([true]);
      expect(callDangers(after).filter((d) => d.kind !== 'bytesAfterArguments'), name).toEqual(callDangers(before));
      expect(after.afterArguments, name).toEqual({ size: (extras[i].length - 2) / 2, data: extras[i] });
      expect(extended.view.preview, name).toEqual(plain.view.preview);
      expect(extended.view.grants, name).toEqual(plain.view.grants);
      expect(extended.view.activity.map(withoutExtraDanger), name).toEqual(plain.view.activity.map(meaning));
    }
  });
});
