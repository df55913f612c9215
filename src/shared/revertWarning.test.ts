/** The words of a failed estimate's warning, read from its English, say exactly that English. */
import { describe, expect, it } from 'vitest';
import { RpcError } from './errors';
import { revertWarning, revertWarningWords } from './revertWarning';
import { inEnglish } from './words.fixture';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const server = Object.assign(new RpcError(3, 'execution reverted: paused'), { server: true });

describe("a failed estimate's warning in words", () => {
  it('says each frame the worker writes, a server\'s message inside its own sentence', () => {
    for (const warning of [revertWarning(undefined, true, server), revertWarning(TO, false, new Error('out of gas')), revertWarning(undefined, false, server)]) {
      const words = revertWarningWords(warning);
      expect(words && inEnglish(words)).toBe(warning);
    }
    expect(revertWarningWords(revertWarning(TO, false, server))).toEqual({ key: 'review_callWouldRevert', values: { to: TO, reason: { key: 'errors_serverAnswered', values: { said: 'execution reverted: paused' } } } });
  });

  it("says a node's failure as the wallet words it (networks/rpcClient.ts), what went wrong on the way too, not in English", () => {
    const failures = {
      'The node of Mine answered HTTP 502': { key: 'errors_nodeAnswered', values: { network: 'Mine', answer: { key: 'errors_httpStatus', values: { status: '502' } } } },
      'The node of Mine answered HTTP 200 without JSON': { key: 'errors_nodeAnswered', values: { network: 'Mine', answer: { key: 'errors_httpNoJson', values: { status: '200' } } } },
      'The node of Mine answered a reply without result or error': { key: 'errors_nodeAnswered', values: { network: 'Mine', answer: { key: 'errors_noResult' } } },
      'The node of Mine is unreachable (no answer within 15 s)': { key: 'errors_nodeUnreachable', values: { network: 'Mine', why: { key: 'errors_noAnswerWithin', values: { seconds: '15' } } } },
      'The nodes of Mine are limiting requests; try again in 3 s': { key: 'errors_nodesLimitingWait', values: { network: 'Mine', seconds: '3' } },
    };
    for (const [message, reason] of Object.entries(failures)) {
      const warning = revertWarning(TO, false, new RpcError(-32603, message));
      const words = revertWarningWords(warning);
      expect(words).toEqual({ key: 'review_callWouldRevert', values: { to: TO, reason } });
      expect(inEnglish(words!)).toBe(warning);
    }
    // A node's own message that reads as one stays the node's, as written.
    const mimic = Object.assign(new RpcError(-32000, 'The node of Mine answered HTTP 502'), { server: true });
    expect(revertWarningWords(revertWarning(TO, false, mimic))?.values?.reason).toEqual({ key: 'errors_serverAnswered', values: { said: 'The node of Mine answered HTTP 502' } });
  });

  it('cleans what a record stored before the worker cleaned it says, and reads no other text', () => {
    expect(revertWarningWords('The batch is likely to revert: paused\u202E')).toEqual({ key: 'review_batchWouldRevert', values: { reason: 'paused' } });
    expect(revertWarningWords('Some other warning')).toBeUndefined();
  });
});
