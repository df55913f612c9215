import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../errors';
import { MAX_IMAGE_LENGTH, parseWatchAsset, tokenAddress, type WatchAssetRequest } from './watchAsset';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const asset = (options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: 'ERC20',
  options: { address: TOKEN, symbol: 'TST', decimals: 18, ...options },
  ...extra,
});

/** The ERC-20 cases' result, typed as such. */
const erc20 = (params: unknown) => parseWatchAsset(params) as WatchAssetRequest;

const errorOf = (fn: () => unknown): RpcError => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    return error as RpcError;
  }
  throw new Error('expected an error');
};

describe('wallet_watchAsset params', () => {
  it('parses the asset object given directly (viem) or in a one-element array', () => {
    const expected = { type: 'ERC20', address: TOKEN, symbol: 'TST', decimals: 18 };
    expect(parseWatchAsset(asset())).toEqual(expected);
    expect(parseWatchAsset([asset()])).toEqual(expected);
  });

  it('accepts the address in any single case and returns it checksummed', () => {
    expect(erc20(asset({ address: TOKEN.toLowerCase() })).address).toBe(TOKEN);
    expect(erc20(asset({ address: `0x${TOKEN.slice(2).toUpperCase()}` })).address).toBe(TOKEN);
  });

  it('keeps an https: or data: image; null and "" mean no image', () => {
    expect(erc20(asset({ image: 'https://tokens.example/tst.png' })).image).toBe('https://tokens.example/tst.png');
    expect(erc20(asset({ image: 'data:image/svg+xml;base64,PHN2Zy8+' })).image).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(parseWatchAsset(asset({ image: null }))).not.toHaveProperty('image');
    expect(parseWatchAsset(asset({ image: '' }))).not.toHaveProperty('image');
  });

  it('accepts the bounds: symbol of 1 and 11 characters, decimals 0 and 36', () => {
    expect(erc20(asset({ symbol: 'T' })).symbol).toBe('T');
    expect(erc20(asset({ symbol: 'ABCDEFGHIJK' })).symbol).toBe('ABCDEFGHIJK');
    expect(erc20(asset({ decimals: 0 })).decimals).toBe(0);
    expect(erc20(asset({ decimals: 36 })).decimals).toBe(36);
  });

  it('ignores extra option fields, as other wallets do', () => {
    expect(parseWatchAsset(asset({ tokenId: '1' }))).toEqual({ type: 'ERC20', address: TOKEN, symbol: 'TST', decimals: 18 });
  });

  it.each([
    ['no params', undefined, 'Invalid params: wallet_watchAsset expects the watched-asset object {type, options}, got undefined'],
    ['a string', 'ERC20', 'Invalid params: wallet_watchAsset expects the watched-asset object {type, options}, got "ERC20"'],
    ['an empty array', [], 'Invalid params: wallet_watchAsset expects one watched-asset object {type, options}, got an array of 0'],
    ['two assets', [asset(), asset()], 'Invalid params: wallet_watchAsset expects one watched-asset object {type, options}, got an array of 2'],
    ['type ERC721 without a tokenId', asset({}, { type: 'ERC721' }), 'Invalid params: options.tokenId must be a string of decimal digits (a uint256, e.g. "1"), got undefined'],
    ['type lowercase', asset({}, { type: 'erc20' }), 'Invalid params: type must be "ERC20", "ERC721" or "ERC1155", got "erc20"'],
    ['type ERC-721', asset({}, { type: 'ERC-721' }), 'Invalid params: type must be "ERC20", "ERC721" or "ERC1155", got "ERC-721"'],
    ['no type', { options: asset().options }, 'Invalid params: type must be "ERC20", "ERC721" or "ERC1155", got undefined'],
    ['no options', { type: 'ERC20' }, 'Invalid params: options must be an object with address, symbol and decimals, got undefined'],
    ['options an array', { type: 'ERC20', options: [] }, 'Invalid params: options must be an object with address, symbol and decimals, got []'],
    ['no address', asset({ address: undefined }), 'Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got undefined'],
    ['short address', asset({ address: '0x1234' }), 'Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got "0x1234"'],
    ['non-hex address', asset({ address: `0x${'g'.repeat(40)}` }), `Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got "0x${'g'.repeat(40)}"`],
    ['address without 0x', asset({ address: TOKEN.slice(2) + '00' }), `Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got "${TOKEN.slice(2)}00"`],
    ['wrong checksum', asset({ address: '0x5fbDB2315678afecb367f032d93F642f64180aa3' }), 'Invalid params: options.address 0x5fbDB2315678afecb367f032d93F642f64180aa3 has an invalid EIP-55 checksum: use the checksummed or the all-lowercase address'],
    ['no symbol', asset({ symbol: undefined }), 'Invalid params: options.symbol must be a string of 1 to 11 characters, got undefined'],
    ['empty symbol', asset({ symbol: '' }), 'Invalid params: options.symbol must be a string of 1 to 11 characters, got "" (0 characters)'],
    ['12-character symbol', asset({ symbol: 'ABCDEFGHIJKL' }), 'Invalid params: options.symbol must be a string of 1 to 11 characters, got "ABCDEFGHIJKL" (12 characters)'],
    ['numeric symbol', asset({ symbol: 5 }), 'Invalid params: options.symbol must be a string of 1 to 11 characters, got 5'],
    ['no decimals', asset({ decimals: undefined }), 'Invalid params: options.decimals must be an integer from 0 to 36, got undefined'],
    ['decimals 37', asset({ decimals: 37 }), 'Invalid params: options.decimals must be an integer from 0 to 36, got 37'],
    ['negative decimals', asset({ decimals: -1 }), 'Invalid params: options.decimals must be an integer from 0 to 36, got -1'],
    ['fractional decimals', asset({ decimals: 1.5 }), 'Invalid params: options.decimals must be an integer from 0 to 36, got 1.5'],
    ['decimals as a string', asset({ decimals: '18' }), 'Invalid params: options.decimals must be an integer from 0 to 36, got "18"'],
    ['http image', asset({ image: 'http://tokens.example/tst.png' }), 'Invalid params: options.image must be an https: or data: URL, got "http://tokens.example/tst.png"'],
    ['javascript image', asset({ image: 'javascript:alert(1)' }), 'Invalid params: options.image must be an https: or data: URL, got "javascript:alert(1)"'],
    ['relative image', asset({ image: '/logo.png' }), 'Invalid params: options.image must be an https: or data: URL, got "/logo.png"'],
    ['numeric image', asset({ image: 7 }), 'Invalid params: options.image must be an https: or data: URL, got 7'],
    ['huge image', asset({ image: `data:image/png;base64,${'A'.repeat(MAX_IMAGE_LENGTH)}` }), `Invalid params: options.image must be at most ${MAX_IMAGE_LENGTH} characters, got ${MAX_IMAGE_LENGTH + 22}`],
  ])('-32602 for %s', (_case, params, message) => {
    const error = errorOf(() => parseWatchAsset(params));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(message);
  });

  it('parses ERC-721 and ERC-1155 as MetaMask takes them: { address, tokenId } with a decimal string id', () => {
    expect(parseWatchAsset({ type: 'ERC721', options: { address: TOKEN.toLowerCase(), tokenId: '1' } })).toEqual({ type: 'ERC721', address: TOKEN, tokenId: '1' });
    expect(parseWatchAsset([{ type: 'ERC1155', options: { address: TOKEN, tokenId: '007', symbol: 'ignored' } }])).toEqual({ type: 'ERC1155', address: TOKEN, tokenId: '7' });
    const max = ((1n << 256n) - 1n).toString();
    expect(parseWatchAsset({ type: 'ERC721', options: { address: TOKEN, tokenId: max } })).toMatchObject({ tokenId: max });
  });

  it.each([
    ['a number', 1, '1'],
    ['hex', '0x1', '"0x1"'],
    ['negative', '-1', '"-1"'],
    ['empty', '', '""'],
    ['above 2^256 - 1', (1n << 256n).toString(), `"${(1n << 256n).toString()}"`],
    ['a fraction', '1.5', '"1.5"'],
  ])('-32602 for a tokenId that is %s', (_case, tokenId, got) => {
    const error = errorOf(() => parseWatchAsset({ type: 'ERC721', options: { address: TOKEN, tokenId } }));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(`Invalid params: options.tokenId must be a string of decimal digits (a uint256, e.g. "1"), got ${got}`);
  });

  it('-32602 for an ERC-1155 without options or with a bad address', () => {
    expect(errorOf(() => parseWatchAsset({ type: 'ERC1155' })).message).toBe('Invalid params: options must be an object with address and tokenId, got undefined');
    expect(errorOf(() => parseWatchAsset({ type: 'ERC1155', options: { address: '0x12', tokenId: '1' } })).message).toBe(
      'Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got "0x12"',
    );
  });

  it('tokenAddress names the field it checks', () => {
    expect(tokenAddress(TOKEN.toLowerCase(), 'address')).toBe(TOKEN);
    expect(errorOf(() => tokenAddress('0xabc', 'Token address')).message).toBe(
      'Invalid params: Token address must be a 42-character hex address (0x + 40 hex digits), got "0xabc"',
    );
  });
});
