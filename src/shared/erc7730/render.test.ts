/** The engine's own words where a descriptor gives none: the intent of a format that names no intent. */
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../words.fixture';
import { bindMessage } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { mainnet } from './samples.fixture';

const schema = [{ name: 'note', type: 'string' }];
const message = { types: { EIP712Domain: [], Note: schema }, primaryType: 'Note', domain: {}, message: { note: 'hello' } };
const file = () =>
  parseDescriptor({ context: { eip712: { schemas: [{ primaryType: 'Note', types: { Note: schema } }] } }, display: { formats: { Note: { fields: [{ path: 'note', label: 'Note' }] } } } }, 'note.json');

describe('render', () => {
  it.each([false, true])('says "Sign" where a format gives no intent, in words whoever wrote the file (registry: %s)', async (registry) => {
    const descriptor = { ...file(), ...(registry ? { registry: true as const } : {}) };
    const { clear } = await render(bindMessage([descriptor], message)!, mainnet());
    expect(clear.intent).toBe('Sign');
    expect(clear.intentWords).toEqual({ key: 'descriptors_sign' });
    expect(inEnglish(clear.intentWords!)).toBe('Sign');
  });
});
