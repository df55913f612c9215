import { decodeBytes32String, encodeBytes32String, getBytes, id, toUtf8Bytes, toUtf8String } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeBytes32Text, textHash, utf8Bytes, utf8Text } from './utf8';

/** Text the wallet meets: ASCII, accents, CJK, an emoji (a surrogate pair), a leading BOM, controls. */
const TEXTS = ['', 'Hello', 'héllo wörld', '日本語のテキスト', 'gm 🦊', '\ufeffBOM first', 'tab\tnew\nline\u0000nul'];

describe('UTF-8 by the browser\'s codecs', () => {
  it('gives the bytes, the text and the hash ethers gives', () => {
    for (const text of TEXTS) {
      expect(utf8Bytes(text)).toEqual(toUtf8Bytes(text));
      expect(utf8Text(utf8Bytes(text))).toBe(toUtf8String(toUtf8Bytes(text)));
      expect(textHash(text)).toBe(id(text));
    }
  });

  it('throws where ethers throws (a lone high surrogate, bytes that are no UTF-8), and on a lone low surrogate, which ethers writes as bytes no UTF-8 reader takes', () => {
    for (const text of ['\ud83d', 'x\ud83d', '\ud83dx']) {
      expect(() => toUtf8Bytes(text)).toThrow();
      expect(() => utf8Bytes(text)).toThrow('lone surrogate');
    }
    expect(() => toUtf8String(toUtf8Bytes('a\ude00b'))).toThrow();
    expect(() => utf8Bytes('a\ude00b')).toThrow('lone surrogate');
    for (const bytes of ['0xff', '0xc0af', '0xe282', '0xeda080']) {
      expect(() => toUtf8String(bytes)).toThrow();
      expect(() => utf8Text(getBytes(bytes))).toThrow();
    }
  });

  it('reads a bytes32 string as ethers reads it, and refuses what it refuses', () => {
    for (const text of ['', 'MKR', '日本', 'a\u0000b']) expect(decodeBytes32Text(encodeBytes32String(text))).toBe(decodeBytes32String(encodeBytes32String(text)));
    for (const word of [`0x${'41'.repeat(32)}`, `0x${'41'.repeat(31)}`, `0xff${'00'.repeat(31)}`]) {
      expect(() => decodeBytes32String(word)).toThrow();
      expect(() => decodeBytes32Text(word)).toThrow();
    }
  });
});
