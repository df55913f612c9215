import { describe, expect, it } from 'vitest';
import type { RpcError } from '../../shared/errors';
import { parseAddChain } from './chains';

const chain = (fields: Record<string, unknown> = {}, currency: Record<string, unknown> = {}) => [{
  chainId: '0x7a6b', chainName: 'My devnet', rpcUrls: ['http://127.0.0.1:8547'],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, ...currency }, ...fields,
}];
const errorOf = (params: unknown): RpcError => {
  try {
    parseAddChain(params);
  } catch (error) {
    return error as RpcError;
  }
  throw new Error('expected a refusal');
};

describe('wallet_addEthereumChain names', () => {
  it('takes a plain name of up to 64 characters, trimmed', () => {
    expect(parseAddChain(chain({ chainName: '  Ünïcode Net  ' })).name).toBe('Ünïcode Net');
    expect(parseAddChain(chain({ chainName: 'x'.repeat(64) })).name).toHaveLength(64);
  });

  it.each([
    [{ chainName: 'x'.repeat(65) }, 'chainName must be 1 to 64 characters'],
    [{ chainName: '' }, 'chainName must be 1 to 64 characters'],
    [{ chainName: 7 }, 'chainName must be 1 to 64 characters'],
    [{ chainName: 'Base\u202e' }, 'chainName must not hold control, bidirectional or zero-width characters'],
    [{ chainName: 'Ba\u200bse' }, 'chainName must not hold control'],
    [{ chainName: 'Base\nMainnet' }, 'chainName must not hold control'],
    [{ chainName: 'Base\u0000' }, 'chainName must not hold control'],
  ])('-32602 for %j', (fields, message) => {
    const error = errorOf(chain(fields));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(message);
  });

  it('the currency\'s symbol and name follow the same rule', () => {
    expect(errorOf(chain({}, { symbol: 'E\u202eTH' })).message).toBe('nativeCurrency.symbol must not hold control, bidirectional or zero-width characters');
    expect(errorOf(chain({}, { symbol: 'ETHERS!' })).message).toBe('nativeCurrency.symbol must be 1 to 6 characters');
    expect(errorOf(chain({}, { name: 'Eth\u2066er' })).code).toBe(-32602);
    expect(parseAddChain(chain({}, { name: undefined })).nativeCurrency.name).toBe('ETH');
  });
});

describe('wallet_addEthereumChain endpoints', () => {
  it('keeps every allowed RPC URL in the page\'s order, up to five, and drops the refused ones', () => {
    const urls = ['https://a.example', 'http://rpc.example.com', 'https://b.example', 'https://c.example', 'https://d.example', 'https://e.example', 'https://f.example'];
    expect(parseAddChain(chain({ rpcUrls: urls })).rpcUrls).toEqual(['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example', 'https://e.example']);
  });
});
