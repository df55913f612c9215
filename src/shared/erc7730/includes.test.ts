import { describe, expect, it } from 'vitest';
import { resolveIncludes, type LoadIncluded } from './includes';

const files: Record<string, unknown> = {
  'ercs/erc20.json': {
    display: {
      formats: {
        'approve(address spender,uint256 value)': {
          intent: 'Approve',
          fields: [
            { path: 'spender', label: 'Spender', format: 'addressName' },
            { path: 'value', label: 'Amount', format: 'tokenAmount', params: { tokenPath: '@.to', threshold: '0x80' } },
          ],
        },
      },
    },
  },
  'ercs/loop-a.json': { includes: './loop-b.json', display: { formats: {} } },
  'ercs/loop-b.json': { includes: './loop-a.json', display: { formats: {} } },
};

const load: LoadIncluded = (path, from) => {
  const at = `${from.split('/').slice(0, -1).join('/')}/${path.replace(/^\.\//, '')}`.replace(/^\//, '');
  if (!(at in files)) throw new Error(`${from}: the included ${path} is not there`);
  return { json: files[at], at };
};

describe('resolveIncludes', () => {
  it('merges the included file under the including one, fields by path (the spec\'s USDT example)', () => {
    const usdt = {
      context: { contract: { deployments: [{ chainId: 1, address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }] } },
      includes: './erc20.json',
      metadata: { owner: 'Example', token: { ticker: 'STABLE', decimals: 6 } },
      display: {
        formats: {
          'approve(address spender,uint256 value)': {
            fields: [
              { path: 'value', params: { tokenPath: '@.to', threshold: '0xffffffff' } },
              { path: 'deadline', label: 'Deadline' },
            ],
          },
        },
      },
    };
    const merged = resolveIncludes(usdt, 'ercs/usdt.json', load) as { includes?: string; metadata: unknown; display: { formats: Record<string, { intent: string; fields: unknown[] }> } };
    expect(merged.includes).toBeUndefined();
    expect(merged.metadata).toEqual({ owner: 'Example', token: { ticker: 'STABLE', decimals: 6 } });
    const approve = merged.display.formats['approve(address spender,uint256 value)'];
    expect(approve.intent).toBe('Approve');
    expect(approve.fields).toEqual([
      { path: 'spender', label: 'Spender', format: 'addressName' },
      { path: 'value', label: 'Amount', format: 'tokenAmount', params: { tokenPath: '@.to', threshold: '0xffffffff' } },
      { path: 'deadline', label: 'Deadline' },
    ]);
  });

  it('leaves a descriptor without includes as it is', () => {
    const json = { display: { formats: {} } };
    expect(resolveIncludes(json, 'a.json', load)).toBe(json);
  });

  it('refuses a loop, a missing file and an include that is not a path', () => {
    expect(() => resolveIncludes(files['ercs/loop-a.json'], 'ercs/loop-a.json', load)).toThrow(/loop/);
    expect(() => resolveIncludes({ includes: './nope.json' }, 'ercs/x.json', load)).toThrow(/not there/);
    expect(() => resolveIncludes({ includes: 7 }, 'ercs/x.json', load)).toThrow(/relative path/);
  });
});
