import { Interface } from 'ethers';
import { Attribution } from 'ox/erc8021';
import { describe, expect, it } from 'vitest';
import { MAX_DATA_SUFFIX_BYTES, parseDataSuffix } from './dataSuffix';

const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const BASEAPP = Attribution.toDataSuffix({ codes: ['baseapp', 'morpho'] });
const transfer = new Interface(['function transfer(address to, uint256 amount)']).encodeFunctionData('transfer', [ATTACKER, 10n ** 24n]);

describe('parseDataSuffix', () => {
  it('takes an ERC-8021 attribution (schemas 0, 1 and 2, optional or not) with its codes', () => {
    expect(parseDataSuffix(undefined)).toBeUndefined();
    expect(parseDataSuffix({ value: BASEAPP.toUpperCase().replace('0X', '0x') })).toEqual({ value: BASEAPP, codes: ['baseapp', 'morpho'] });
    expect(parseDataSuffix({ value: BASEAPP, optional: true })).toEqual({ value: BASEAPP, codes: ['baseapp', 'morpho'] });
    const registry = Attribution.toDataSuffix({ codes: ['bc_test'], codeRegistry: { address: ATTACKER, chainId: 8453 } });
    expect(parseDataSuffix({ value: registry })?.codes).toEqual(['bc_test']);
    const cbor = Attribution.toDataSuffix({ appCode: 'myapp', walletCode: 'batch', serviceCodes: ['solver'] });
    expect(parseDataSuffix({ value: cbor })?.codes).toEqual(['myapp', 'batch', 'solver']);
  });

  it.each([
    ['not an object', '0x12', 'capabilities.dataSuffix must be an object'],
    ['odd hex', { value: '0x123' }, 'capabilities.dataSuffix.value'],
    ['empty', { value: '0x' }, 'ERC-8021 attribution'],
    ['too long', { value: `0x${'00'.repeat(MAX_DATA_SUFFIX_BYTES + 1)}` }, `exceeds ${MAX_DATA_SUFFIX_BYTES} bytes`],
    ['optional not a boolean', { value: BASEAPP, optional: 'yes' }, 'optional must be a boolean'],
    // The audit's proof: calldata of a token transfer, which appended to a call with no data is that call.
    ['calldata', { value: transfer }, 'ERC-8021 attribution'],
    ['calldata with a marker', { value: `${transfer}${Attribution.ercSuffix.slice(2)}` }, 'ERC-8021 attribution'],
    ['calldata before an attribution', { value: `${transfer}${BASEAPP.slice(2)}` }, 'exactly one ERC-8021 attribution'],
    ['an unknown schema', { value: `0x0107${Attribution.ercSuffix.slice(2)}` }, 'ERC-8021 attribution'],
    ['no codes', { value: Attribution.toDataSuffix({ codes: [] }) }, 'at least one attribution code'],
    ['a code that is not printable ASCII', { value: Attribution.toDataSuffix({ codes: ['bad\u202ecode'] }) }, 'printable ASCII'],
  ])('refuses %s with -32602', (_what, capability, message) => {
    expect(() => parseDataSuffix(capability)).toThrow(expect.objectContaining({ code: -32602, message: expect.stringContaining(message) }));
  });

  it('drops a malformed optional suffix instead of refusing the batch', () => {
    expect(parseDataSuffix({ value: transfer, optional: true })).toBeUndefined();
    expect(parseDataSuffix({ value: '0x123', optional: true })).toBeUndefined();
  });
});
