/**
 * The unit tests' check that every field a review words says its English in words too: a test file mocks the engine's
 * render with `checkingRender` (vi.mock), and after each test every field rendered must have words for its note, and
 * words (where it has them) that say exactly its text in the English catalogue (the tests' browser speaks English).
 */
import { afterEach, expect } from 'vitest';
import { inEnglish } from '../words.fixture';
import type * as Render from './render';
import type { ClearField } from './types';

/** A field's English as its words say it; the text as it is where the field has none (a value as written). */
export const saidText = (field: ClearField): string => (field.textWords ? inEnglish(field.textWords) : field.text);
export const saidNote = (field: ClearField): string | undefined => field.noteWords && inEnglish(field.noteWords);

export function expectSaid(field: ClearField): void {
  expect(saidText(field), field.path).toBe(field.text);
  expect(saidNote(field), field.path).toBe(field.note);
}

const rendered: ClearField[] = [];
afterEach(() => {
  for (const field of rendered.splice(0)) expectSaid(field);
});

export const checkingRender = (module: typeof Render): typeof Render => ({
  ...module,
  render: async (...args) => {
    const made = await module.render(...args);
    rendered.push(...made.clear.fields);
    return made;
  },
});
