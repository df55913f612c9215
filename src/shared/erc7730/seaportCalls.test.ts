/**
 * Seaport 1.5 / 1.6 calls in their descriptor's words (public/erc7730/calldata-seaport.json): each fulfilment names
 * what the user receives and what they pay, a cancel names the orders, incrementCounter says every order goes. The
 * calldata is written here from Seaport's own ABI (seaport-types' SeaportInterface), not from the descriptor, with an
 * OpenSea listing's values; a call at another address, on another chain or with a byte too many is not bound.
 */
import { Interface, ZeroAddress, ZeroHash, parseEther } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import { bindCall } from './bind';
import { render } from './render';
import { BAYC, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, WETH, descriptors, mainnet } from './samples.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

const OFFER_ITEM = '(uint8 itemType,address token,uint256 identifierOrCriteria,uint256 startAmount,uint256 endAmount)';
const CONSIDERATION_ITEM = '(uint8 itemType,address token,uint256 identifierOrCriteria,uint256 startAmount,uint256 endAmount,address recipient)';
const ORDER_HEAD = `address offerer,address zone,${OFFER_ITEM}[] offer,${CONSIDERATION_ITEM}[] consideration,uint8 orderType,uint256 startTime,uint256 endTime,bytes32 zoneHash,uint256 salt,bytes32 conduitKey`;
const PARAMETERS = `(${ORDER_HEAD},uint256 totalOriginalConsiderationItems)`;
const ORDER = `(${PARAMETERS} parameters,bytes signature)`;
const ADVANCED = `(${PARAMETERS} parameters,uint120 numerator,uint120 denominator,bytes signature,bytes extraData)`;
const CRITERIA = '(uint256 orderIndex,uint8 side,uint256 index,uint256 identifier,bytes32[] criteriaProof)';
const COMPONENT = '(uint256 orderIndex,uint256 itemIndex)';
const FULFILLMENT = `(${COMPONENT}[] offerComponents,${COMPONENT}[] considerationComponents)`;
const BASIC = '(address considerationToken,uint256 considerationIdentifier,uint256 considerationAmount,address offerer,address zone,address offerToken,uint256 offerIdentifier,uint256 offerAmount,uint8 basicOrderType,uint256 startTime,uint256 endTime,bytes32 zoneHash,uint256 salt,bytes32 offererConduitKey,bytes32 fulfillerConduitKey,uint256 totalOriginalAdditionalRecipients,(uint256 amount,address recipient)[] additionalRecipients,bytes signature)';

const seaport = new Interface([
  `function fulfillBasicOrder(${BASIC} parameters) payable returns (bool fulfilled)`,
  `function fulfillBasicOrder_efficient_6GL6yc(${BASIC} parameters) payable returns (bool fulfilled)`,
  `function fulfillAdvancedOrder(${ADVANCED} advancedOrder,${CRITERIA}[] criteriaResolvers,bytes32 fulfillerConduitKey,address recipient) payable returns (bool fulfilled)`,
  `function fulfillAvailableOrders(${ORDER}[] orders,${COMPONENT}[][] offerFulfillments,${COMPONENT}[][] considerationFulfillments,bytes32 fulfillerConduitKey,uint256 maximumFulfilled) payable`,
  `function fulfillAvailableAdvancedOrders(${ADVANCED}[] advancedOrders,${CRITERIA}[] criteriaResolvers,${COMPONENT}[][] offerFulfillments,${COMPONENT}[][] considerationFulfillments,bytes32 fulfillerConduitKey,address recipient,uint256 maximumFulfilled) payable`,
  `function matchOrders(${ORDER}[] orders,${FULFILLMENT}[] fulfillments) payable`,
  `function matchAdvancedOrders(${ADVANCED}[] orders,${CRITERIA}[] criteriaResolvers,${FULFILLMENT}[] fulfillments,address recipient) payable`,
  `function cancel((${ORDER_HEAD},uint256 counter)[] orders) returns (bool cancelled)`,
  'function incrementCounter() returns (uint256 newCounter)',
  `function validate(${ORDER}[] orders) returns (bool validated)`,
]);

const SEAPORT_15 = '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC';
const SELLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const OPENSEA_FEES = '0x0000a26b00c1F0DF003000390027140000fAa719';
const OPENSEA_CONDUIT_KEY = '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000';
const SIGNATURE = `0x${'5a'.repeat(64)}`;
const [START, END] = [1733000000n, 1735600000n];

/** BAYC #8817 listed for 1 ETH: 0.975 to the seller, 0.025 to OpenSea. */
const listing = (tokenId = 8817n, price = parseEther('1')) => ({
  offerer: SELLER,
  zone: ZeroAddress,
  offer: [{ itemType: 2, token: BAYC, identifierOrCriteria: tokenId, startAmount: 1n, endAmount: 1n }],
  consideration: [
    { itemType: 0, token: ZeroAddress, identifierOrCriteria: 0n, startAmount: (price * 975n) / 1000n, endAmount: (price * 975n) / 1000n, recipient: SELLER },
    { itemType: 0, token: ZeroAddress, identifierOrCriteria: 0n, startAmount: (price * 25n) / 1000n, endAmount: (price * 25n) / 1000n, recipient: OPENSEA_FEES },
  ],
  orderType: 0,
  startTime: START,
  endTime: END,
  zoneHash: ZeroHash,
  salt: 0x360c6ebe0000000000000000000000000000000000000000d4ed8c6b2b6c1c5en,
  conduitKey: OPENSEA_CONDUIT_KEY,
  totalOriginalConsiderationItems: 2n,
});
const order = (tokenId?: bigint) => ({ parameters: listing(tokenId), signature: SIGNATURE });
const advanced = (tokenId?: bigint) => ({ parameters: listing(tokenId), numerator: 1n, denominator: 1n, signature: SIGNATURE, extraData: '0x' });

/** The same listing as a basic order (route ETH_TO_ERC721, full open: type 0). */
const basicListing = {
  considerationToken: ZeroAddress, considerationIdentifier: 0n, considerationAmount: parseEther('0.975'), offerer: SELLER, zone: ZeroAddress,
  offerToken: BAYC, offerIdentifier: 8817n, offerAmount: 1n, basicOrderType: 0, startTime: START, endTime: END, zoneHash: ZeroHash, salt: 1n,
  offererConduitKey: OPENSEA_CONDUIT_KEY, fulfillerConduitKey: OPENSEA_CONDUIT_KEY, totalOriginalAdditionalRecipients: 1n,
  additionalRecipients: [{ amount: parseEther('0.025'), recipient: OPENSEA_FEES }], signature: SIGNATURE,
};
/** A WETH offer for BAYC #8817 accepted by its holder (route ERC721_TO_ERC20, full open: type 16). */
const basicOfferAccepted = {
  ...basicListing, considerationToken: BAYC, considerationIdentifier: 8817n, considerationAmount: 1n, offerToken: WETH, offerIdentifier: 0n,
  offerAmount: parseEther('0.8'), basicOrderType: 16, additionalRecipients: [{ amount: parseEther('0.02'), recipient: OPENSEA_FEES }],
};

const encode = (name: string, args: unknown[]) => seaport.encodeFunctionData(name, args) as Hex;

async function shown(data: Hex, { to = SEAPORT_16, chainId = 1n, value = 0n } = {}) {
  const bound = bindCall(descriptors, { chainId, to: to as Hex, data });
  if (!bound) return undefined;
  const { clear, facts } = await render(bound, mainnet(to, { value }));
  const text = (label: string) => {
    const field = clear.fields.find((f) => f.label === label);
    return field && [field.text, field.address].filter(Boolean).join(' ');
  };
  return { clear, facts, text, labels: clear.fields.map((f) => f.label) };
}

describe('Seaport fulfilments', () => {
  it('fulfillBasicOrder_efficient_6GL6yc buying a listing: the NFT received, ETH paid to the seller and the fee, the total sent', async () => {
    const words = await shown(encode('fulfillBasicOrder_efficient_6GL6yc', [basicListing]), { value: parseEther('1') });
    expect(words?.clear.intent).toBe('Seaport: buy or sell an NFT');
    expect(words?.clear.source).toBe('calldata-seaport.json');
    expect(words?.text('Trade')).toBe("You buy an NFT (ERC-721), paying in the network's currency");
    expect(words?.text('Order by (offerer)')).toBe(SELLER);
    expect(words?.text('You receive: token')).toBe(BAYC);
    expect(words?.text('You receive: token id')).toBe('8817');
    expect(words?.text('You pay the offerer')).toBe('0.975 ETH');
    expect(words?.text('Fee')).toBe('0.025 ETH');
    expect(words?.text('Fee paid to')).toBe(OPENSEA_FEES);
    expect(words?.text('You send')).toBe('1 ETH');
    expect(words?.text('Valid until')).toBe('2024-12-30 23:06 UTC');
    expect(words?.clear.uncovered.map((u) => u.path)).not.toContain('parameters.signature');
  });

  it('fulfillBasicOrder accepting a WETH offer: the WETH received is in WETH, the NFT given is named with its id', async () => {
    const words = await shown(encode('fulfillBasicOrder', [basicOfferAccepted]));
    expect(words?.text('Trade')).toBe('You sell an NFT (ERC-721) for an ERC-20 token (accepting an offer)');
    expect(words?.text('You receive: amount')).toBe('0.8 WETH');
    expect(words?.text('You give: token')).toBe(BAYC);
    expect(words?.text('You give: token id')).toBe('8817');
    expect(words?.text('Fee')).toBe('0.02 WETH');
  });

  it('fulfillAdvancedOrder: what is received and paid, the share filled; a recipient other than you is named', async () => {
    const toYou = await shown(encode('fulfillAdvancedOrder', [advanced(), [], ZeroHash, ZeroAddress]), { value: parseEther('1') });
    expect(toYou?.clear.intent).toBe('Seaport: buy what an order offers');
    expect(toYou?.text('You receive')).toBe('NFT (ERC-721)');
    expect(toYou?.text('Received token')).toBe(BAYC);
    expect(toYou?.text('Received token id')).toBe('8817');
    expect(toYou?.text('Payment 1')).toBe('0.975 ETH');
    expect(toYou?.text('Paid to 1')).toBe(SELLER);
    expect(toYou?.text('Payment 2')).toBe('0.025 ETH');
    expect(toYou?.text('Share of the order filled')).toBe('1');
    expect(toYou?.labels).not.toContain('Items go to');
    const elsewhere = await shown(encode('fulfillAdvancedOrder', [advanced(), [], ZeroHash, UNIVERSAL_ROUTER]));
    expect(elsewhere?.text('Items go to')).toBe(UNIVERSAL_ROUTER);
    expect(elsewhere?.facts.addresses).toContainEqual(expect.objectContaining({ id: 'itemsRecipient', address: UNIVERSAL_ROUTER }));
  });

  it('fulfillAvailableOrders and fulfillAvailableAdvancedOrders (a sweep): each order\'s NFT and payments, numbered', async () => {
    const components = [[{ orderIndex: 0n, itemIndex: 0n }], [{ orderIndex: 1n, itemIndex: 0n }]];
    const sweep = await shown(encode('fulfillAvailableOrders', [[order(1n), order(2n)], components, components, ZeroHash, 2n]), { value: parseEther('2') });
    const advancedSweep = await shown(encode('fulfillAvailableAdvancedOrders', [[advanced(1n), advanced(2n)], [], components, components, ZeroHash, ZeroAddress, 2n]), { value: parseEther('2') });
    for (const words of [sweep, advancedSweep]) {
      expect(words?.clear.intent).toBe('Seaport: buy what several orders offer');
      expect(words?.clear.fields.filter((f) => f.label.startsWith('Received token id')).map((f) => f.text)).toEqual(['1', '2']);
      expect(words?.clear.fields.filter((f) => f.label.startsWith('Payment')).map((f) => f.text)).toEqual(['0.975 ETH', '0.025 ETH', '0.975 ETH', '0.025 ETH']);
      expect(words?.text('You send')).toBe('2 ETH');
    }
  });

  it('matchOrders and matchAdvancedOrders: each order\'s offerer, what it offers and what it asks', async () => {
    const offer = { ...listing(), offerer: SIGNER, offer: [{ itemType: 1, token: WETH, identifierOrCriteria: 0n, startAmount: parseEther('1'), endAmount: parseEther('1') }], consideration: [{ ...listing().offer[0], recipient: SIGNER }] };
    const fulfillments = [{ offerComponents: [{ orderIndex: 0n, itemIndex: 0n }], considerationComponents: [{ orderIndex: 1n, itemIndex: 0n }] }];
    const matched = await shown(encode('matchOrders', [[order(), { parameters: offer, signature: SIGNATURE }], fulfillments]));
    const matchedAdvanced = await shown(encode('matchAdvancedOrders', [[advanced(), { ...advanced(), parameters: offer }], [], fulfillments, ZeroAddress]));
    for (const words of [matched, matchedAdvanced]) {
      expect(words?.clear.intent).toBe('Seaport: match orders against each other');
      expect(words?.text('Order by (offerer) 2')).toBe(SIGNER);
      expect(words?.text('Offers 2')).toBe('ERC-20 token');
      expect(words?.text('Offered amount 2')).toBe('1 WETH');
      expect(words?.text('Asked payment 1')).toBe('0.975 ETH');
    }
  });
});

describe('Seaport order management', () => {
  it('cancel: the orders cancelled, by their offerer, with what each offered', async () => {
    const words = await shown(encode('cancel', [[{ ...listing(), offerer: SIGNER, counter: 0n }]]));
    expect(words?.clear.intent).toBe('Seaport: cancel orders');
    expect(words?.text('Order by (offerer)')).toBe(SIGNER);
    expect(words?.text('Offered token')).toBe(BAYC);
    expect(words?.text('Offered token id')).toBe('8817');
    expect(words?.text('Asked payment 1')).toBe('0.975 ETH');
    expect(words?.clear.uncovered).toEqual([]);
  });

  it('incrementCounter: cancel all your orders, on Seaport 1.5 as on 1.6', async () => {
    for (const to of [SEAPORT_15, SEAPORT_16]) {
      const words = await shown(encode('incrementCounter', []), { to });
      expect(words?.clear.intent).toBe('Seaport: cancel all your orders');
      expect(words?.clear.fields).toEqual([]);
    }
  });

  it('validate: the orders put on chain, so that they can be filled without a signature', async () => {
    const words = await shown(encode('validate', [[order()]]));
    expect(words?.clear.intent).toBe('Seaport: publish orders on chain');
    expect(words?.text('You give')).toBe('NFT (ERC-721)');
    expect(words?.text('Payment 1')).toBe('0.975 ETH');
  });
});

describe('what does not bind', () => {
  const data = encode('fulfillBasicOrder_efficient_6GL6yc', [basicListing]);

  it('another address, another chain, a byte too many', async () => {
    expect(await shown(data, { to: '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dD' })).toBeUndefined();
    expect(await shown(data, { chainId: 56n })).toBeUndefined();
    expect(await shown(`${data}00`)).toBeUndefined();
    expect(await shown(`${encode('incrementCounter', [])}00`)).toBeUndefined();
    expect((await shown(data))?.clear.source).toBe('calldata-seaport.json');
  });

  it('another function sharing the 0x00000000 selector does not borrow the basic order\'s words', async () => {
    const other = new Interface(['function wycpnbqcyf()']);
    expect(other.getFunction('wycpnbqcyf')?.selector).toBe('0x00000000');
    expect(await shown(other.encodeFunctionData('wycpnbqcyf', []) as Hex)).toBeUndefined();
    expect(await shown(`0x00000000${USDC.slice(2).padStart(64, '0')}` as Hex)).toBeUndefined();
  });
});
