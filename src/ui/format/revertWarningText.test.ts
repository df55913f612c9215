/** A failed estimate's warning on the review, in the browser's language: a node that failed said in it, not quoted in English. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcError } from '../../shared/errors';
import { revertWarning } from '../../shared/revertWarning';
import { speak } from '../testing/speak';
import { revertWarningText } from './revertWarningText';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe("a failed estimate's warning", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says what the node answered in place of a reply in the screen's language", () => {
    const warning = revertWarning(TO, false, new RpcError(-32603, 'The node of Mine answered HTTP 502 without JSON'));
    expect(revertWarningText(warning)).toBe(warning);
    speak('es');
    expect(revertWarningText(warning)).toBe(`Es probable que una llamada a ${TO} se revierta: El nodo de Mine respondió: una respuesta HTTP 502 sin JSON`);
  });
});
