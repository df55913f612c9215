/** A descriptor's `interpolatedIntent`: each field's words in its sentence, and no sentence where a site's own text would finish it. */
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import { batchIntent } from './interpolate';
import { BAYC, USDC } from './samples.fixture';
import { BOB, VITALIK, call } from './registryFormats.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

describe('interpolatedIntent', () => {
  const key = 'transfer(address to,uint256 value)';
  const fields = [{ path: 'to', label: 'To', format: 'addressName' }, { path: 'value', label: 'Amount', format: 'tokenAmount', params: { tokenPath: '@.to' } }];
  const usdc = (to: string) => ({ context: { to: USDC as Hex, name: async (a: Hex) => (a === VITALIK ? 'vitalik.eth' : undefined) }, interpolatedIntent: to });

  it('puts each field\'s words in the sentence, formatted as the field is; {{ }} are braces', async () => {
    const { clear } = await call(key, fields, [VITALIK, 1_500_000n], usdc('Send {value} to {to} {{now}}'));
    expect(clear.intent).toBe('Deposit');
    expect(clear.interpolatedIntent).toBe('Send 1.5 USDC to vitalik.eth {now}');
    expect((await call(key, fields, [BOB, 1_500_000n], usdc('Send {#.value} to {to}'))).clear.interpolatedIntent).toBe(`Send 1.5 USDC to ${BOB}`);
  });

  it('says no sentence when a placeholder names no field, or a value the wallet could not fully format', async () => {
    expect((await call(key, fields, [BOB, 1_500_000n], usdc('Send {value} to {nobody}'))).clear.interpolatedIntent).toBeUndefined();
    expect((await call(key, fields, [BOB, 1_500_000n], usdc('Send {value'))).clear.interpolatedIntent).toBeUndefined();
    // Called on a contract that is not a token: the amount is in units, with a note.
    const unknown = await call(key, fields, [BOB, 1_500_000n], { ...usdc('Send {value} to {to}'), context: {} });
    expect(unknown.clear.fields[1].note).toMatch(/unknown token|not named/);
    expect(unknown.clear.interpolatedIntent).toBeUndefined();
  });

  it('says no sentence when a placeholder would put a site\'s own text in it: the text could finish the sentence its own way', async () => {
    const register = 'register(string name,address owner)';
    const named = [{ path: 'name', label: 'Name', format: 'raw' }, { path: 'owner', label: 'Owner', format: 'addressName' }];
    for (const text of ['alice and Approve nothing', 'alice for Account 1 (your account)', 'alice\u202e and 1 USDC', 'UЅDC', 'a'.repeat(65)]) {
      const { clear } = await call(register, named, [text, BOB], { interpolatedIntent: 'Register {name} for {owner}' });
      expect(clear.fields[0].text).toBe(text.replace('\u202e', ''));
      expect(clear.interpolatedIntent).toBeUndefined();
    }
    // One plain word stays in the sentence (an order id), as do numbers and bytes, the wallet's own writing of a value.
    expect((await call(register, named, ['ft-spot-141', BOB], { interpolatedIntent: 'Cancel {name}' })).clear.interpolatedIntent).toBe('Cancel ft-spot-141');
    const id = await call('claim(uint256 id,bytes32 proof)', [{ path: 'id', label: 'Id', format: 'raw' }, { path: 'proof', label: 'Proof', format: 'raw' }], [7n, `0x${'ab'.repeat(32)}`], { interpolatedIntent: 'Claim {id} with {proof}' });
    expect(id.clear.interpolatedIntent).toBe(`Claim 7 with 0x${'ab'.repeat(32)}`);
  });

  it("a token's symbol is the token's own text: one that is not a plain ticker is noted, cleaned, and kept out of the sentence", async () => {
    for (const symbol of ['USDC and Approve nothing', 'USDC (your account)', 'US\u202eDC']) {
      const token = async () => ({ symbol, decimals: 6 });
      const { clear } = await call(key, fields, [BOB, 1_500_000n], { context: { to: USDC as Hex, token }, interpolatedIntent: 'Send {value} to {to}' });
      expect(clear.fields[1].text).toBe(`1.5 ${symbol.replace('\u202e', '')}`);
      expect(clear.fields[1].note).toMatch(/symbol/);
      expect(clear.interpolatedIntent).toBeUndefined();
    }
  });

  it("an NFT's collection name is its contract's text: in a sentence only as one plain word where the site chose the collection", async () => {
    const field = { path: 'id', label: 'Item', format: 'nftName', params: { collectionPath: 'collection' } };
    const buy = (name: string) => call('buy(address collection,uint256 id)', [field], [BAYC, 141n], { context: { collectionName: async () => name }, interpolatedIntent: 'Buy {id}' });
    expect((await buy('Apes and Approve nothing to')).clear.interpolatedIntent).toBeUndefined();
    expect((await buy('Apes')).clear.interpolatedIntent).toBe('Buy Apes #141');
    // The collection the descriptor names (a constant, or the contract called) is the registry's choice, its name kept.
    const own = await call('burn(uint256 id)', [{ path: 'id', label: 'Position', format: 'nftName', params: { collection: BAYC } }], [141n], { context: { collectionName: async () => 'pFT NFT' }, interpolatedIntent: 'Burn {id}' });
    expect(own.clear.interpolatedIntent).toBe('Burn pFT NFT #141');
  });

  it('a batch\'s sentences join with " and ", only when every call has one', () => {
    expect(batchIntent(['Approve 0x11 to spend 5 USDC', 'Swap 5 USDC for at least 1 WETH'])).toBe('Approve 0x11 to spend 5 USDC and Swap 5 USDC for at least 1 WETH');
    expect(batchIntent(['Approve', undefined])).toBeUndefined();
  });
});
