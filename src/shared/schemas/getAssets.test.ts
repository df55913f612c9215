import { describe, expect, it } from 'vitest';
import { parseGetAssets } from './getAssets';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('parseGetAssets', () => {
  it('takes the account alone, or with filters', () => {
    expect(parseGetAssets([{ account: ACCOUNT }])).toEqual({ account: ACCOUNT });
    expect(parseGetAssets([{ account: ACCOUNT, chainFilter: ['0x7a69'], assetTypeFilter: ['ERC20'], assetFilter: { '0x7a69': [{ address: TOKEN, type: 'erc20' }, { address: 'native', type: 'native' }] } }])).toEqual({
      account: ACCOUNT,
      chainFilter: ['0x7a69'],
      assetTypeFilter: ['erc20'],
      assetFilter: { '0x7a69': [{ address: TOKEN.toLowerCase(), type: 'erc20' }, { address: 'native', type: 'native' }] },
    });
  });

  it.each([
    [[], 'wallet_getAssets expects 1 params, got 0'],
    [[{ account: '0x12' }], 'account'],
    [[{ account: ACCOUNT, chainFilter: '0x1' }], 'chainFilter must be an array'],
    [[{ account: ACCOUNT, assetTypeFilter: [3] }], 'assetTypeFilter[0]'],
    [[{ account: ACCOUNT, assetFilter: { '0x1': [{ address: 'x', type: 'erc20' }] } }], 'assetFilter[0x1][0].address'],
  ])('refuses %j naming the field', (params, field) => {
    expect(() => parseGetAssets(params)).toThrow(expect.objectContaining({ code: -32602, message: expect.stringContaining(field) }));
  });
});
