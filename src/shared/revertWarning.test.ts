/** The words of a failed estimate's warning, read from its English, say exactly that English. */
import { describe, expect, it } from 'vitest';
import { revertWarning, revertWarningWords } from './revertWarning';
import { inEnglish } from './words.fixture';
import { nodeSaid } from './errors.fixture';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const server = nodeSaid(3, 'execution reverted: paused');

describe("a failed estimate's warning in words", () => {
  it('says each frame the worker writes, a server\'s message inside its own sentence', () => {
    for (const warning of [revertWarning(undefined, true, server), revertWarning(TO, false, new Error('out of gas')), revertWarning(undefined, false, server)]) {
      const words = revertWarningWords(warning);
      expect(words && inEnglish(words)).toBe(warning);
    }
    expect(revertWarningWords(revertWarning(TO, false, server))).toEqual({ key: 'review_callWouldRevert', values: { to: TO, reason: { key: 'errors_serverAnswered', values: { said: 'execution reverted: paused' } } } });
  });

  it('cleans what a record stored before the worker cleaned it says, and reads no other text', () => {
    expect(revertWarningWords('The batch is likely to revert: paused\u202E')).toEqual({ key: 'review_batchWouldRevert', values: { reason: 'paused' } });
    expect(revertWarningWords('Some other warning')).toBeUndefined();
  });
});
