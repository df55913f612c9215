import { TypedDataEncoder, type TypedDataField, verifyTypedData } from 'ethers';
import { describe, expect, it } from 'vitest';
import { LedgerEth } from './eth';
import { TypedDataApp, appAndVersion, deviceKey, replay, signatureAnswer } from './ledger.fixture';
import { TYPED_DATA_CORPUS } from './typedData.corpus.fixture';
import RECORDED from './typedData.recorded.json';
import { type Apdu, typedDataApdus } from './typedDataCommands';

// RECORDED: the commands @ledgerhq/hw-app-eth 7.9.0's signEIP712Message sent for each message of the corpus (services
// off, so no filters; app 1.22.0), its GET APP AND VERSION left out: Ledger's own encoder, recorded once.
const hex = (apdu: Apdu): string => Buffer.from([0xe0, apdu.ins, apdu.p1, apdu.p2, apdu.data.length, ...apdu.data]).toString('hex');

describe('EIP-712 full mode, struct by struct', () => {
  for (const [name, data] of Object.entries(TYPED_DATA_CORPUS)) {
    it(`sends what Ledger's library sends for ${name}`, () => {
      expect(typedDataApdus("44'/60'/0'/0/0", data).map(hex)).toEqual(RECORDED[name as keyof typeof RECORDED]);
    });
  }

  it('signs over those recorded exchanges: the app asked first, every command acknowledged, the signature verified', async () => {
    const { domain, types, primaryType, message } = TYPED_DATA_CORPUS.everyKind;
    const key = deviceKey("44'/60'/0'/0/0");
    const { EIP712Domain: _, ...messageTypes } = types as Record<string, TypedDataField[]>;
    const signature = key.signingKey.sign(TypedDataEncoder.hash(domain, messageTypes, message));
    const recorded = RECORDED.everyKind;
    const eth = new LedgerEth(await replay([
      ['b001000000', appAndVersion('Ethereum', '1.22.0')],
      ...recorded.map((apdu, i): [string, string] => [apdu, i === recorded.length - 1 ? signatureAnswer(signature, signature.v) : '9000']),
    ]));
    const signed = await eth.signTypedData({ address: key.address as `0x${string}`, path: "44'/60'/0'/0/0" }, { domain, types: messageTypes, primaryType, message });
    expect(signed.ok && verifyTypedData(domain, messageTypes, message, signed.value.signature)).toBe(key.address);
  });

  const key = deviceKey("44'/60'/0'/0/0");
  const long = { ...TYPED_DATA_CORPUS.userOperation, message: { ...TYPED_DATA_CORPUS.userOperation.message, callData: `0x${'cd'.repeat(254)}` } };
  for (const [name, data] of [...Object.entries(TYPED_DATA_CORPUS), ['a userOp with a 254-byte callData', long] as const]) {
    it(`is hashed by the app to the message's EIP-712 digest: ${name}`, async () => {
      const { EIP712Domain: _, ...types } = data.types;
      const signed = await new LedgerEth(new TypedDataApp(key)).signTypedData({ address: key.address as `0x${string}`, path: "44'/60'/0'/0/0" }, { ...data, types });
      expect(signed.ok && verifyTypedData(data.domain, types, data.message, signed.value.signature)).toBe(key.address);
    });
  }

  it('sends a value of 254 bytes whole: 256 bytes with its length, in a piece of 255 and a piece of 1 (hw-app-eth drops the last byte)', () => {
    const data = { ...TYPED_DATA_CORPUS.userOperation, message: { ...TYPED_DATA_CORPUS.userOperation.message, callData: `0x${'cd'.repeat(254)}` } };
    const pieces = typedDataApdus("44'/60'/0'/0/0", data).filter((apdu) => apdu.ins === 0x1c && apdu.p2 === 0xff && (apdu.data.length === 255 || apdu.p1 === 0x01 || apdu.data.length === 1));
    expect(pieces.map((apdu) => [apdu.p1, apdu.data.length])).toEqual([[0x01, 255], [0x00, 1]]);
    expect(Buffer.concat(pieces.map((apdu) => apdu.data)).toString('hex')).toBe(`00fe${'cd'.repeat(254)}`);
  });
});
