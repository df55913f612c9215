import { describe, expect, it } from 'vitest';
import { previews } from './outlines';

describe('previews', () => {
  it('names the screens that preview the batch they run, and only those', () => {
    const types = ['connect', 'phishing', 'addChain', 'switchChain', 'sendCalls', 'sendTransaction', 'signMessage', 'signTypedData', 'watchAsset', 'revertForeignDelegation', 'replaceTransaction', 'revokeDelegation'];
    expect(types.filter(previews)).toEqual(['sendCalls', 'sendTransaction', 'replaceTransaction', 'revokeDelegation']);
  });

  it('is false for a type the window does not know, inherited names included (the type comes from the address)', () => {
    expect(['constructor', 'toString', '__proto__', 'ask'].map(previews)).toEqual([false, false, false, false]);
  });
});
