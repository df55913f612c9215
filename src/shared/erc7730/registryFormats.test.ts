/**
 * What the registry's descriptors write beyond the wallet's own: literal `value` fields, `tokenTicker`, `chainId`,
 * `interoperableAddressName`, units as the spec writes them, `senderAddress`, names, `visible.mustMatch`,
 * `interpolatedIntent`, and addresses written with a wrong checksum.
 */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import type { TypedMessage } from '../typedData/types';
import { bindCall, bindMessage } from './bind';
import { batchIntent } from './interpolate';
import { parseDescriptor } from './parse';
import { render } from './render';
import { BAYC, SIGNER, USDC, mainnet } from './samples.fixture';
import type { RenderContext } from './types';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

const VAULT = '0x4444444444444444444444444444444444444444';
const BOB = '0x1111111111111111111111111111111111111111';
const ZERO = '0x0000000000000000000000000000000000000000';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** A call to VAULT described by one format; the words it shows. */
async function call(key: string, fields: unknown[], args: unknown[], options: { metadata?: object; interpolatedIntent?: string; context?: Partial<RenderContext> } = {}) {
  const descriptor = parseDescriptor({
    context: { contract: { deployments: [{ chainId: 1, address: VAULT }] } },
    metadata: { owner: 'Vaults', ...options.metadata },
    display: { formats: { [key]: { intent: 'Deposit', ...(options.interpolatedIntent ? { interpolatedIntent: options.interpolatedIntent } : {}), fields } } },
  }, 'vault.json');
  const fragment = new Interface([`function ${key}`]);
  const data = fragment.encodeFunctionData(fragment.fragments[0] as never, args) as Hex;
  return render(bindCall([descriptor], { chainId: 1n, to: VAULT, data })!, mainnet(VAULT, options.context));
}

const words = (clear: { fields: { label: string; text: string; address?: string }[] }) => clear.fields.map((f) => [f.label, f.text || f.address]);

describe('literal values', () => {
  it('shows a field\'s `value` (a constant, or the descriptor constant it names), not the whole call', async () => {
    const { clear } = await call('deposit(uint256 assets,address receiver)', [
      { label: 'Share ticker', format: 'raw', value: '$.metadata.constants.vaultTicker' },
      { label: 'Note', format: 'raw', value: 'Resets the multiplier' },
      { path: 'receiver', label: 'Receiver', format: 'addressName' },
    ], [5n, BOB], { metadata: { constants: { vaultTicker: 'stk-USDe' } } });
    expect(words(clear)).toEqual([['Share ticker', 'stk-USDe'], ['Note', 'Resets the multiplier'], ['Receiver', BOB]]);
    expect(clear.uncovered).toEqual([{ path: 'assets', text: '5' }]);
  });
});

describe('formats', () => {
  it('tokenTicker names the token at an address; chainId names the chain', async () => {
    const { clear } = await call('bridge(address token,uint256 chain,uint256 other)', [
      { path: 'token', label: 'Token', format: 'tokenTicker' },
      { path: 'chain', label: 'To chain', format: 'chainId' },
      { path: 'other', label: 'Unknown chain', format: 'chainId' },
    ], [USDC, 8453n, 999999n]);
    expect(words(clear)).toEqual([['Token', 'USDC'], ['To chain', 'Base'], ['Unknown chain', 'chain 999999']]);
  });

  it('interoperableAddressName reads an ERC-7930 address as <address>@eip155:<chain>#<checksum> (the spec\'s example)', async () => {
    const { clear } = await call('send(bytes to)', [{ path: 'to', label: 'To', format: 'interoperableAddressName' }], ['0x00010000010114D8DA6BF26964AF9D7EED9E03E53415D37AA96045']);
    expect(clear.fields[0].text).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C');
    const { clear: other } = await call('send(bytes to)', [{ path: 'to', label: 'To', format: 'interoperableAddressName' }], ['0x1234']);
    expect(other.fields[0]).toMatchObject({ text: '0x1234', note: 'not an ERC-7930 interoperable address' });
  });

  it('unit writes the value and its unit together, as the spec does ("10h", "1.5d", "36ks")', async () => {
    const fields = [{ path: 'a', label: 'A', format: 'unit', params: { base: 'h' } }, { path: 'b', label: 'B', format: 'unit', params: { base: 'd', decimals: 1 } }, { path: 'c', label: 'C', format: 'unit', params: { base: 's', prefix: true } }];
    const { clear } = await call('set(uint256 a,uint256 b,uint256 c)', fields, [10n, 15n, 36000n]);
    expect(clear.fields.map((f) => f.text)).toEqual(['10h', '1.5d', '36ks']);
  });

  it('addressName: a senderAddress placeholder is the sender (@.from), a known name is said, else the address', async () => {
    const { clear, facts } = await call('deposit(address receiver,address other,address named)', [
      { path: 'receiver', label: 'Beneficiary', format: 'addressName', params: { senderAddress: ZERO } },
      { path: 'other', label: 'Other', format: 'addressName', params: { senderAddress: [ZERO] } },
      { path: 'named', label: 'Named', format: 'addressName' },
    ], [ZERO, BOB, VITALIK], { context: { name: async (a) => (a === VITALIK ? 'vitalik.eth' : undefined) } });
    expect(clear.fields.map((f) => [f.label, f.text, f.address])).toEqual([['Beneficiary', 'Sender', SIGNER], ['Other', '', BOB], ['Named', 'vitalik.eth', VITALIK]]);
    // The dangers see the address the contract uses: the sender's, not the placeholder.
    expect(facts.addresses.map((a) => a.address)).toEqual([SIGNER, BOB, VITALIK]);
  });

  it('nftName says the collection\'s name when the wallet knows it', async () => {
    const field = { path: 'id', label: 'Position', format: 'nftName', params: { collection: BAYC } };
    const named = await call('burn(uint256 id)', [field], [141n], { context: { collectionName: async () => 'pFT NFT' } });
    expect(named.clear.fields[0]).toMatchObject({ text: 'pFT NFT #141', address: BAYC });
    const unnamed = await call('burn(uint256 id)', [field], [141n]);
    expect(unnamed.clear.fields[0]).toMatchObject({ text: '#141 of', address: BAYC });
  });
});

describe('integers that hold addresses, enums of booleans, groups over arrays', () => {
  it('a token or an address held in a uint256 below 2^160 (1inch\'s Address type) is that address', async () => {
    const { clear } = await call('fill((uint256 maker,uint256 makerAsset,uint256 makingAmount) order)', [
      { path: 'order.makingAmount', label: 'Selling', format: 'tokenAmount', params: { tokenPath: 'order.makerAsset' } },
      { path: 'order.maker', label: 'Maker', format: 'addressName' },
    ], [[BigInt(BOB), BigInt(USDC), 2_500_000n]]);
    expect(words(clear)).toEqual([['Selling', '2.5 USDC'], ['Maker', BOB]]);
  });

  it('an enum of a boolean finds its key written "true", "True" or "1"', async () => {
    const { clear } = await call('approve(bool approved)', [{ path: 'approved', label: 'Access', format: 'enum', params: { $ref: '$.metadata.enums.rights' } }], [true], { metadata: { enums: { rights: { True: 'Grant all', False: 'Deny all' } } } });
    expect(clear.fields[0].text).toBe('Grant all');
  });

  it('the fields of a group over an array go element by element; flat paths over the same array go field by field', async () => {
    const key = 'pay((uint256 amount,address recipient)[] outputs)';
    const outputs = [[1n, BOB], [2n, VITALIK]];
    const grouped = await call(key, [{ path: 'outputs.[]', fields: [{ path: 'amount', label: 'Amount', format: 'raw' }, { path: 'recipient', label: 'To', format: 'raw' }] }], [outputs]);
    expect(words(grouped.clear)).toEqual([['Amount 1', '1'], ['To 1', BOB], ['Amount 2', '2'], ['To 2', VITALIK]]);
    const flat = await call(key, [{ path: 'outputs.[].amount', label: 'Amount', format: 'raw' }, { path: 'outputs.[].recipient', label: 'To', format: 'raw' }], [outputs]);
    expect(words(flat.clear)).toEqual([['Amount 1', '1'], ['Amount 2', '2'], ['To 1', BOB], ['To 2', VITALIK]]);
  });
});

describe('visible.mustMatch', () => {
  const fields = [{ path: 'receiver', label: 'Receiver', format: 'addressName', visible: { mustMatch: [ZERO] } }, { path: 'assets', label: 'Amount', format: 'raw' }];
  it('a value the list allows is checked and not shown, and not left undescribed', async () => {
    const { clear, facts } = await call('deposit(uint256 assets,address receiver)', fields, [5n, ZERO]);
    expect(words(clear)).toEqual([['Amount', '5']]);
    expect(clear.uncovered).toEqual([]);
    expect(facts.mismatches).toEqual([]);
  });

  it('a value it does not allow is shown, and named as a mismatch for the dangers', async () => {
    const { clear, facts } = await call('deposit(uint256 assets,address receiver)', fields, [5n, BOB]);
    expect(words(clear)).toEqual([['Receiver', BOB], ['Amount', '5']]);
    expect(facts.mismatches).toEqual([{ label: 'Receiver', text: BOB, allowed: [ZERO] }]);
  });

  it('a text that only reads like an allowed one (an invisible character, another space) is not allowed: the contract gets other bytes', async () => {
    const key = 'deposit(uint256 assets,string referral)';
    const referral = [{ path: 'referral', label: 'Referral', format: 'raw', visible: { mustMatch: ['', 'a b'] } }, { path: 'assets', label: 'Amount', format: 'raw' }];
    for (const text of ['\u200b', '\n', 'a  b', 'a\u00a0b']) {
      const { facts } = await call(key, referral, [5n, text]);
      expect(facts.mismatches.map((m) => m.label)).toEqual(['Referral']);
    }
    expect((await call(key, referral, [5n, 'a b'])).facts.mismatches).toEqual([]);
  });
});

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
    expect(batchIntent([{ interpolatedIntent: 'Approve 0x11 to spend 5 USDC' }, { interpolatedIntent: 'Swap 5 USDC for at least 1 WETH' }])).toBe('Approve 0x11 to spend 5 USDC and Swap 5 USDC for at least 1 WETH');
    expect(batchIntent([{ interpolatedIntent: 'Approve' }, {}])).toBeUndefined();
  });
});

describe('addresses written with a wrong checksum', () => {
  it('are shown checksummed, with a note, instead of failing the whole message', async () => {
    const wrong = VITALIK.replace('dA6', 'Da6');
    const typed: TypedMessage = {
      types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }], Order: [{ name: 'maker', type: 'address' }] },
      primaryType: 'Order',
      domain: { chainId: 1 },
      message: { maker: wrong },
    };
    const descriptor = parseDescriptor({ context: { eip712: { schemas: [{ primaryType: 'Order', types: { Order: typed.types.Order } }] } }, display: { formats: { Order: { intent: 'Order', fields: [{ path: 'maker', label: 'Maker', format: 'addressName' }] } } } }, 'order.json');
    const { clear } = await render(bindMessage([descriptor], typed)!, mainnet());
    expect(clear.fields[0]).toMatchObject({ address: VITALIK, note: expect.stringMatching(/not the address's checksum/) });
  });
});
