import { describe, expect, it } from 'vitest';
import { errorOf, rejectionOf } from './errorOf';
import { assertEncodes } from '../typedData/digest';
import { assertTypedDataChain, parseSignTypedData, parseSignTypedDataV1, type TypedDataRequest } from './typedData';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const mail = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
    Person: [{ name: 'name', type: 'string' }, { name: 'wallets', type: 'address[]' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person[]' }, { name: 'contents', type: 'string' }],
    Group: [{ name: 'name', type: 'string' }, { name: 'members', type: 'Person[]' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Mail', chainId: 31337 },
  message: { from: { name: 'Cow', wallets: [ACCOUNT] }, to: [{ name: 'Bob', wallets: [] }], contents: 'hi' },
};
/** Parsed, then checked to encode, as the background takes it. */
const checked = (parse: (params: unknown) => TypedDataRequest) => async (params: unknown) => {
  const request = parse(params);
  assertEncodes(request);
  return request;
};
const v4 = parseSignTypedData('V4');
const v1Value = (params: unknown) => {
  const request = parseSignTypedDataV1(params);
  return request.version === 'V1' && request.fields;
};
const v3 = parseSignTypedData('V3');

describe('eth_signTypedData_v3 / _v4 params', () => {
  it('parses the JSON string or the object, keeping every type (unreferenced ones too) and the given primaryType', () => {
    expect(v4([ACCOUNT, JSON.stringify(mail)])).toEqual({ address: ACCOUNT, version: 'V4', typed: mail });
    expect(v4([ACCOUNT, mail])).toEqual(v4([ACCOUNT, JSON.stringify(mail)]));
    // Person alone is also a root of these types: the dapp's primaryType decides what is signed.
    expect(v4([ACCOUNT, { ...mail, primaryType: 'Person', message: mail.message.from }])).toMatchObject({ typed: { primaryType: 'Person' } });
  });

  it('reads a value as its JSON, as Chrome’s messaging delivers it, whatever Firefox’s structured clone could carry', () => {
    const withUndefined = { ...mail, message: { ...mail.message, contents: undefined, extra: undefined } };
    expect(v4([ACCOUNT, withUndefined])).toEqual(v4([ACCOUNT, JSON.stringify(withUndefined)]));
    expect(v1Value([[{ type: 'bytes', name: 'b', value: new Uint8Array([1]) }], ACCOUNT])).toEqual([{ type: 'bytes', name: 'b', value: { 0: 1 } }]);
    expect(errorOf(() => v4([ACCOUNT, { ...mail, message: { ...mail.message, contents: 1n } }]))).toMatchObject({ code: -32602, message: 'typed data must be JSON data' });
  });

  it('adds the EIP712Domain it derives from the domain when types have none', () => {
    const { EIP712Domain: _domain, ...types } = mail.types;
    const parsed = v4([ACCOUNT, { ...mail, types }]);
    expect(parsed.version === 'V4' && parsed.typed.types.EIP712Domain).toEqual(mail.types.EIP712Domain);
  });

  it.each([
    ['not json{', /not valid JSON/],
    [{ ...mail, primaryType: 'Letter' }, /primaryType must name one of the types, got "Letter"/],
    [{ ...mail, primaryType: undefined }, /primaryType must name one of the types/],
    [{ ...mail, message: 'hi' }, /message must be an object/],
    [{ ...mail, domain: undefined }, /domain must be an object/],
    [{ ...mail, types: { ...mail.types, Mail: 'contents' } }, /^typed data types\.Mail must be a list of \{ name, type \}/],
    [{ ...mail, message: { ...mail.message, contents: { nested: true } } }, /does not encode/],
    [{ ...mail, types: { ...mail.types, Mail: [{ name: 'contents', type: 'strin' }] }, message: { contents: 'x' } }, /does not encode/],
  ])('-32602 for %j', async (data, message) => {
    const error = await rejectionOf(() => checked(v4)([ACCOUNT, data]));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(message);
  });

  it('refuses fields that are not declared in types, which the user would see but not sign (issue 11, M4)', () => {
    const refused = (data: unknown) => errorOf(() => v4([ACCOUNT, data])).message;
    expect(refused({ ...mail, message: { ...mail.message, amount: '1000' } })).toBe(
      'typed data message.amount is not declared in types.Mail: it would be shown but not signed',
    );
    expect(refused({ ...mail, message: { ...mail.message, to: [{ name: 'Bob', wallets: [], note: 'pay me' }] } })).toMatch(/^typed data message\.to\[0\]\.note is not declared in types\.Person/);
    expect(refused({ ...mail, domain: { ...mail.domain, verifyingContract: ACCOUNT } })).toMatch(/^typed data domain\.verifyingContract is not declared in types\.EIP712Domain/);
    const { EIP712Domain: _domain, ...types } = mail.types;
    expect(refused({ ...mail, types, domain: { ...mail.domain, purpose: 'x' } })).toMatch(/^typed data domain\.purpose is not declared in types\.EIP712Domain/);
  });

  it('keeps no message when only the domain is signed (primaryType EIP712Domain): the screen shows what is signed', async () => {
    const { TypedDataUtils, SignTypedDataVersion } = await import('@metamask/eth-sig-util');
    const domainOnly = { ...mail, primaryType: 'EIP712Domain' };
    const parsed = v4([ACCOUNT, domainOnly]);
    expect(parsed.version === 'V4' && parsed.typed.message).toEqual({});
    // The digest eth-sig-util signs ignores the message: dropping it changes nothing signed.
    const digest = (data: object) => TypedDataUtils.eip712Hash(data as never, SignTypedDataVersion.V4).toString('hex');
    expect(parsed.version === 'V4' && digest(parsed.typed)).toBe(digest(domainOnly));
  });

  it('refuses a domain whose fields are not what EIP-712 says (MetaMask test-dapp’s “invalid verifying contract type”)', () => {
    const withDomain = (extra: Record<string, unknown>, declared: { name: string; type: string }[]) =>
      ({ ...mail, types: { ...mail.types, EIP712Domain: [...mail.types.EIP712Domain, ...declared] }, domain: { ...mail.domain, ...extra } });
    const refused = (typed: object) => errorOf(() => v4([ACCOUNT, typed]));
    expect(refused(withDomain({ verifyingContract: 'invalidVerifyingContract' }, [{ name: 'verifyingContract', type: 'address' }]))).toMatchObject({
      code: -32602, message: 'typed data domain.verifyingContract must be an address (0x and 40 hex digits), got "invalidVerifyingContract"',
    });
    expect(refused(withDomain({ verifyingContract: 1 }, [{ name: 'verifyingContract', type: 'address' }]))).toMatchObject({ code: -32602, message: expect.stringContaining('domain.verifyingContract must be an address') });
    expect(refused(withDomain({ salt: '0x12' }, [{ name: 'salt', type: 'bytes32' }]))).toMatchObject({ code: -32602, message: expect.stringContaining('domain.salt must be 32 bytes') });
    expect(refused({ ...mail, domain: { ...mail.domain, name: 7 } })).toMatchObject({ code: -32602, message: 'typed data domain.name must be a string, got 7' });
    expect(v4([ACCOUNT, withDomain({ verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' }, [{ name: 'verifyingContract', type: 'address' }])]).address).toBe(ACCOUNT);
  });

  it('v3 has no arrays, as eth-sig-util’s V3', async () => {
    await expect(checked(v4)([ACCOUNT, mail])).resolves.toMatchObject({ version: 'V4' });
    expect((await rejectionOf(() => checked(v3)([ACCOUNT, mail]))).message).toMatch(/^typed data does not encode: Arrays are unimplemented/);
    expect(errorOf(() => v3([ACCOUNT])).message).toBe('eth_signTypedData_v3 expects 2 params, got 1');
  });

  it('requires domain.chainId, when given, to be the selected network', () => {
    expect(() => assertTypedDataChain({ chainId: 31337 }, '0x7a69')).not.toThrow();
    expect(() => assertTypedDataChain({ chainId: '31337' }, '0x7a69')).not.toThrow();
    expect(() => assertTypedDataChain({ chainId: '0x7a69' }, '0x7a69')).not.toThrow();
    expect(() => assertTypedDataChain({}, '0x7a69')).not.toThrow();
    expect(errorOf(() => assertTypedDataChain({ chainId: 1 }, '0x7a69')).message).toBe('typed data domain.chainId 1 does not match the selected network 31337 (0x7a69)');
    expect(errorOf(() => assertTypedDataChain({ chainId: 'one' }, '0x7a69')).message).toBe('typed data domain.chainId "one" is not a number');
  });
});

describe('eth_signTypedData (v1) params', () => {
  const fields = [{ type: 'string', name: 'message', value: 'Hi' }];
  it('takes [typedData, address], the data a list of { type, name, value } (or its JSON)', () => {
    expect(parseSignTypedDataV1([fields, ACCOUNT])).toEqual({ address: ACCOUNT, version: 'V1', fields });
    expect(parseSignTypedDataV1([JSON.stringify(fields), ACCOUNT])).toEqual(parseSignTypedDataV1([fields, ACCOUNT]));
  });
  it.each([
    [[ACCOUNT, fields], /expects \[typedData, address\]/],
    [[[], ACCOUNT], /expects \[typedData, address\]/],
    [[[{ type: 'uint8', name: 'n', value: 'many' }], ACCOUNT], /does not encode/],
  ])('-32602 for %j', async (params, message) => {
    expect((await rejectionOf(() => checked(parseSignTypedDataV1)(params))).message).toMatch(message);
  });
});
