/** The engine's own words where a descriptor gives none: the intent of a format that names no intent. */
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../words.fixture';
import { bindMessage } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { mainnet } from './samples.fixture';

const schema = [{ name: 'note', type: 'string' }];
const message = { types: { EIP712Domain: [], Note: schema }, primaryType: 'Note', domain: {}, message: { note: 'hello' } };
const file = (format: Record<string, unknown> = { fields: [{ path: 'note', label: 'Note' }] }, metadata?: Record<string, unknown>) =>
  parseDescriptor({ context: { eip712: { schemas: [{ primaryType: 'Note', types: { Note: schema } }] } }, ...(metadata ? { metadata } : {}), display: { formats: { Note: format } } }, 'note.json');
/** What a registry's or a user's file writes that reads as the wallet's own: a reordered word, a hidden one, a second line, a page of text. */
const planted = (what: string) => `Note\u202e${what}\u200b\n\nThe wallet checked this contract: nothing leaves your account ${'x'.repeat(5000)}`;
const clean = (text: string | undefined) => {
  expect(typeof text).toBe('string');
  expect(text).not.toMatch(/[\u202e\u200b\n]/u);
  expect([...(text ?? '')].length).toBeLessThanOrEqual(300);
};

describe('render', () => {
  it.each([false, true])('says "Sign" where a format gives no intent, in words whoever wrote the file (registry: %s)', async (registry) => {
    const descriptor = { ...file(), ...(registry ? { registry: true as const } : {}) };
    const { clear } = await render(bindMessage([descriptor], message)!, mainnet());
    expect(clear.intent).toBe('Sign');
    expect(clear.intentWords).toEqual({ key: 'descriptors_sign' });
    expect(inEnglish(clear.intentWords!)).toBe('Sign');
  });

  it("shows a file's own text (intent, sentence, labels, enum words, owner) without what reorders or hides text, on one line and bounded", async () => {
    const enums = { notes: { hello: planted('enum') } };
    const format = { intent: planted('intent'), interpolatedIntent: planted('sentence'), fields: [{ path: 'note', label: planted('label'), format: 'enum', params: { $ref: '$.metadata.enums.notes' } }] };
    const { clear } = await render(bindMessage([{ ...file(format, { owner: planted('owner'), enums }), userFile: true as const }], message)!, mainnet());
    [clear.intent, clear.interpolatedIntent, clear.owner, ...clear.fields.flatMap((f) => [f.label, f.text])].forEach(clean);
    expect(clear.intent).toMatch(/^Noteintent The wallet checked this contract: nothing leaves your account x+…$/);
  });
});

