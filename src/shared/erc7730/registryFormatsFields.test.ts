/**
 * What the registry's descriptors write beyond the wallet's own: literal `value` fields, `tokenTicker`, `chainId`,
 * `interoperableAddressName`, units as the spec writes them, `senderAddress`, names, integers that hold addresses,
 * enums of booleans, groups over arrays, and addresses written with a wrong checksum.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TypedMessage } from '../typedData/types';
import { bindMessage } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { BAYC, SIGNER, USDC, mainnet } from './samples.fixture';
import { BOB, VITALIK, ZERO, call, words } from './registryFormats.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

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
