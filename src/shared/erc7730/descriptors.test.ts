/** The descriptors of public/erc7730/ against real-world messages and calls: what binds, and the words each gives. */
import { Interface, MaxUint256 } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import type { TypedMessage } from '../typedData/types';
import { bindCall, bindMessage } from './bind';
import { render } from './render';
import {
  BAYC, DAI, MAX_UINT160, PERMIT2, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, daiPermit, descriptors, mainnet, permitBatch, permitBatchTransferFrom,
  permitSingle, permitTransferFrom, permitWitnessTransferFrom, seaportListing, usdcPermit,
} from './samples.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

async function words(typed: TypedMessage) {
  const bound = bindMessage(descriptors, typed);
  if (!bound) return undefined;
  const { clear, facts } = await render(bound, mainnet(typed.domain.verifyingContract as string));
  const row = (label: string) => clear.fields.find((f) => f.label === label);
  return { clear, facts, row, text: (label: string) => { const f = row(label); return f && `${f.text}${f.address ? `${f.text ? ' ' : ''}${f.address}` : ''}`; } };
}

describe('EIP-2612 Permit', () => {
  it('names the spender, the amount in the token read from the verifying contract, and the deadline', async () => {
    const shown = await words(usdcPermit);
    expect(shown?.clear.intent).toBe('Permit: allow spending of your tokens');
    expect(shown?.clear.source).toBe('eip712-erc2612-permit.json');
    expect(shown?.text('Spender')).toBe(UNIVERSAL_ROUTER);
    expect(shown?.text('Amount')).toBe('2.5 USDC');
    expect(shown?.text('Valid until')).toBe('2025-01-01 00:00 UTC');
    expect(shown?.clear.uncovered).toEqual([]);
    expect(shown?.facts.addresses).toContainEqual({ id: 'spender', label: 'Spender', labelWords: { key: 'descriptors_spender' }, address: UNIVERSAL_ROUTER, types: ['contract'] });
  });

  it('says Unlimited for the largest uint256, and shows an unknown token raw, saying so', async () => {
    const unlimited = await words({ ...usdcPermit, message: { ...usdcPermit.message, value: MaxUint256.toString() } });
    expect(unlimited?.text('Amount')).toBe('Unlimited USDC');
    expect(unlimited?.facts.amounts[0]).toMatchObject({ id: 'allowance', unlimited: true });
    const stranger = '0x1111111111111111111111111111111111111111';
    const unknown = await words({ ...usdcPermit, domain: { ...usdcPermit.domain, verifyingContract: stranger } });
    expect(unknown?.row('Amount')).toMatchObject({ text: '2500000 units of', address: stranger, note: expect.stringMatching(/^unknown token/) });
  });

  it('does not bind a Permit with an extra field, nor one whose fields are renamed', async () => {
    const extra = { ...usdcPermit, types: { ...usdcPermit.types, Permit: [...usdcPermit.types.Permit, { name: 'memo', type: 'string' }] }, message: { ...usdcPermit.message, memo: 'hi' } };
    expect(bindMessage(descriptors, extra)).toBeUndefined();
    const renamed = { ...usdcPermit, types: { ...usdcPermit.types, Permit: usdcPermit.types.Permit.map((f) => (f.name === 'spender' ? { ...f, name: 'operator' } : f)) } };
    expect(bindMessage(descriptors, renamed)).toBeUndefined();
  });
});

describe("DAI's Permit", () => {
  it('says allowed: true is everything, and expiry 0 is never', async () => {
    const shown = await words(daiPermit);
    expect(shown?.clear.source).toBe('eip712-dai-permit.json');
    expect(shown?.text('Amount')).toBe('Unlimited: every token you hold, now and later');
    expect(shown?.text('Valid until')).toBe('never (0: no expiry)');
    expect(shown?.text('Token')).toBe(DAI);
    expect(shown?.facts.amounts).toEqual([expect.objectContaining({ id: 'allowance', unlimited: true, token: DAI })]);
    expect(shown?.facts.dates).toEqual([expect.objectContaining({ seconds: MaxUint256 })]);
  });
});

describe('Permit2', () => {
  it('PermitSingle: the spender, the token, Unlimited for the uint160 maximum, both dates', async () => {
    const shown = await words(permitSingle);
    expect(shown?.clear.intent).toBe('Permit2: allow spending of a token');
    expect(shown?.text('Spender')).toBe(UNIVERSAL_ROUTER);
    expect(shown?.text('Token')).toBe(USDC);
    expect(shown?.text('Amount')).toBe('Unlimited USDC');
    expect(shown?.text('Allowance expires')).toBe('2025-01-16 04:00 UTC');
    expect(shown?.text('Signature valid until')).toBe('2024-12-17 04:33 UTC');
    expect(shown?.clear.uncovered).toEqual([]);
  });

  // Half the uint160 range is as unlimited as its largest value (shared/units.ts isUnlimited): one unit less, or 2^159,
  // must not read as an amount.
  it('PermitSingle: Unlimited from half the uint160 range, not from its maximum alone', async () => {
    for (const amount of [BigInt(MAX_UINT160) - 1n, 1n << 159n]) {
      const shown = await words({ ...permitSingle, message: { ...permitSingle.message, details: { ...(permitSingle.message.details as object), amount: amount.toString() } } });
      expect(shown?.text('Amount')).toBe('Unlimited USDC');
      expect(shown?.facts.amounts[0]).toMatchObject({ unlimited: true });
    }
    const below = await words({ ...permitSingle, message: { ...permitSingle.message, details: { ...(permitSingle.message.details as object), amount: ((1n << 159n) - 1n).toString() } } });
    expect(below?.facts.amounts[0]).toMatchObject({ unlimited: false });
  });

  it('PermitBatch: one row per token, each amount in its own token', async () => {
    const shown = await words(permitBatch);
    expect(shown?.clear.fields.filter((f) => f.label.startsWith('Amount')).map((f) => `${f.label}: ${f.text}`)).toEqual(['Amount 1: 1 USDC', 'Amount 2: Unlimited DAI']);
  });

  it('PermitTransferFrom and PermitBatchTransferFrom: what may be taken once', async () => {
    expect((await words(permitTransferFrom))?.text('Amount')).toBe('5 DAI');
    const batch = await words(permitBatchTransferFrom);
    expect(batch?.clear.intent).toBe('Permit2: allow transfers of several tokens');
    expect(batch?.clear.fields.filter((f) => f.label.startsWith('Amount')).map((f) => f.text)).toEqual(['5 DAI', '3 USDC']);
  });

  it('a witness transfer binds by its stub; the witness (the order) is listed raw, not hidden', async () => {
    const shown = await words(permitWitnessTransferFrom);
    expect(shown?.clear.source).toBe('eip712-permit2.json');
    expect(shown?.text('Amount')).toBe('100 USDC');
    expect(shown?.clear.uncovered).toContainEqual({ path: 'witness.outputs.0.amount', text: '30000000000000000' });
    expect(shown?.clear.uncovered).toContainEqual({ path: 'witness.outputs.0.recipient', text: SIGNER });
  });

  it('does not bind on a chain it is not deployed on, at another verifying contract, or under another domain name', () => {
    expect(bindMessage(descriptors, { ...permitSingle, domain: { ...permitSingle.domain, chainId: 999 } })).toBeUndefined();
    expect(bindMessage(descriptors, { ...permitSingle, domain: { ...permitSingle.domain, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA4' } })).toBeUndefined();
    expect(bindMessage(descriptors, { ...permitSingle, domain: { ...permitSingle.domain, name: 'Permit3' } })).toBeUndefined();
    expect(bindMessage(descriptors, permitSingle)?.descriptor.source).toBe('eip712-permit2.json');
  });

  it('a witness with a changed fixed part does not bind', () => {
    const changed = { ...permitWitnessTransferFrom, types: { ...permitWitnessTransferFrom.types, TokenPermissions: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }] } };
    expect(bindMessage(descriptors, changed)).toBeUndefined();
    const notLast = { ...permitWitnessTransferFrom, types: { ...permitWitnessTransferFrom.types, PermitWitnessTransferFrom: [...permitWitnessTransferFrom.types.PermitWitnessTransferFrom].reverse() } };
    expect(bindMessage(descriptors, notLast)).toBeUndefined();
  });
});

describe('Seaport orders', () => {
  it('a listing: the NFT given, each payment in ETH and to whom, the dates', async () => {
    const shown = await words(seaportListing(10n ** 18n));
    expect(shown?.clear.intent).toBe('Seaport order: list or offer assets');
    expect(shown?.text('You give')).toBe('NFT (ERC-721)');
    expect(shown?.text('Given token')).toBe(BAYC);
    expect(shown?.text('Given token id')).toBe('8817');
    expect(shown?.text('Payment 1')).toBe('0.975 ETH');
    expect(shown?.text('Paid to 1')).toBe(SIGNER);
    expect(shown?.text('Payment 2')).toBe('0.025 ETH');
    expect(shown?.text('Valid until')).toBe('2024-12-30 23:06 UTC');
    expect(shown?.clear.uncovered).toEqual([]);
  });

  it('does not bind a Seaport domain at a contract that is not Seaport', () => {
    const order = seaportListing(1n);
    expect(bindMessage(descriptors, { ...order, domain: { ...order.domain, verifyingContract: SIGNER } })).toBeUndefined();
    expect(bindMessage(descriptors, order)?.descriptor.source).toBe('eip712-seaport.json');
    expect(order.domain.verifyingContract).toBe(SEAPORT_16);
  });
});

describe('calls', () => {
  const abi = new Interface([
    'function approve(address spender, uint256 amount)',
    'function increaseAllowance(address spender, uint256 addedValue)',
    'function transferFrom(address from, address to, uint256 amount)',
    'function setApprovalForAll(address operator, bool approved)',
    'function safeTransferFrom(address from, address to, uint256 tokenId)',
    'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
    'function lockdown((address token, address spender)[] approvals)',
    'function execute(address target, uint256 value, bytes data)',
    'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  ]);
  const permit2Approve = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
  const call = async (to: string, data: string) => {
    const bound = bindCall(descriptors, { chainId: 1n, to: to as Hex, data: data as Hex });
    return bound && (await render(bound, mainnet(to))).clear;
  };
  const rows = (clear: Awaited<ReturnType<typeof call>>) => clear?.fields.map((f) => `${f.label}: ${f.text}${f.address ? `${f.text ? ' ' : ''}${f.address}` : ''}`);

  it('ERC-20 approve and increaseAllowance, in the token called', async () => {
    expect(rows(await call(USDC, abi.encodeFunctionData('approve', [UNIVERSAL_ROUTER, 5_000_000n])))).toEqual([`Spender: ${UNIVERSAL_ROUTER}`, 'Amount: 5 USDC']);
    expect((await call(DAI, abi.encodeFunctionData('increaseAllowance', [UNIVERSAL_ROUTER, MaxUint256])))?.fields[1].text).toBe('Unlimited DAI');
    expect((await call(DAI, abi.encodeFunctionData('transferFrom', [SIGNER, UNIVERSAL_ROUTER, 10n ** 18n])))?.intent).toBe('Move a token');
  });

  it('setApprovalForAll, safeTransferFrom (ERC-721 and ERC-1155)', async () => {
    expect(rows(await call(BAYC, abi.encodeFunctionData('setApprovalForAll', [UNIVERSAL_ROUTER, true])))).toEqual([
      `Operator: ${UNIVERSAL_ROUTER}`, 'Access: Allowed to move ALL your tokens of this collection', `Collection: ${BAYC}`,
    ]);
    expect((await call(BAYC, abi.encodeFunctionData('safeTransferFrom(address,address,uint256)', [SIGNER, UNIVERSAL_ROUTER, 8817n])))?.fields[2]).toMatchObject({ text: '#8817 of', address: BAYC });
    expect((await call(BAYC, abi.encodeFunctionData('safeTransferFrom(address,address,uint256,uint256,bytes)', [SIGNER, UNIVERSAL_ROUTER, 3n, 2n, '0x'])))?.intent).toBe('Send ERC-1155 tokens');
  });

  it("Permit2's approve and lockdown, only at Permit2", async () => {
    const data = permit2Approve.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, BigInt(MAX_UINT160), 1737000000n]);
    expect(rows(await call(PERMIT2, data))).toEqual([`Spender: ${UNIVERSAL_ROUTER}`, `Token: ${USDC}`, 'Amount: Unlimited USDC', 'Allowance expires: 2025-01-16 04:00 UTC']);
    expect(await call(UNIVERSAL_ROUTER, data)).toBeUndefined();
    const lockdown = await call(PERMIT2, abi.encodeFunctionData('lockdown', [[[USDC, UNIVERSAL_ROUTER]]]));
    expect(lockdown?.intent).toBe('Permit2: revoke allowances');
  });

  it("the account's own execute and executeBatch", async () => {
    const inner = abi.encodeFunctionData('approve', [UNIVERSAL_ROUTER, 1n]);
    const one = await call(SIGNER, abi.encodeFunctionData('execute', [USDC, 10n ** 17n, inner]));
    expect(rows(one)).toEqual([`Calls: ${USDC}`, 'Sends: 0.1 ETH', `Call data: ${inner}`]);
    expect(one?.fields[2].note).toMatch(/shown as its bytes/);
    const batch = await call(SIGNER, abi.encodeFunctionData('executeBatch', [[[USDC, 0n, inner], [DAI, 0n, '0x']]]));
    expect(batch?.fields.filter((f) => f.label.startsWith('Calls')).map((f) => f.address)).toEqual([USDC, DAI]);
  });

  it('calldata with bytes after the arguments binds as the function, the bytes apart; with dirty padding it does not bind', async () => {
    const approve = abi.encodeFunctionData('approve', [UNIVERSAL_ROUTER, 1n]);
    expect(await call(USDC, `${approve}00`)).toEqual(await call(USDC, approve));
    expect(bindCall(descriptors, { chainId: 1n, to: USDC as Hex, data: `${approve}00` as Hex })?.extra).toBe('0x00');
    // The spender's word with a high byte set: a decoder masking it would approve the same spender, but it is not the function's encoding.
    expect(await call(USDC, `${approve.slice(0, 10)}ff${approve.slice(12)}`)).toBeUndefined();
  });
});
