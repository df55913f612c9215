/**
 * Why an estimate failed, as the review's "Gas estimate" notice says it: a node's message is its claim, quoted as the
 * server's inside the wallet's sentence, cleaned and bounded (it reached the approval window as it came).
 */
import { describe, expect, it } from 'vitest';
import { hasInvisible } from '../../../shared/displayText';
import { RpcError } from '../../../shared/errors';
import { LOCAL_DEVNET } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import { revertWarning } from '../../../shared/revertWarning';
import type { ChainNode } from '../../networks/rpcClient';
import { atomic } from './atomic';
import { callGas } from './gas';
import { nodeSaid } from '../../../shared/errors.fixture';

const HIDING = `Simulation passed: you receive 1000 USDC\u202E\u200b${' and more'.repeat(500)}`;
const refusing = (async () => { throw nodeSaid(3, HIDING); }) as unknown as ChainNode;
const call = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Hex, value: '0x0' as Hex, data: '0x' as Hex };

describe('the warning of an estimate that failed', () => {
  it("quotes a node's message as the server's, cleaned and bounded: a call's and the batch's", async () => {
    const { warning } = await callGas(refusing, call.to, call);
    const batch = revertWarning(undefined, true, nodeSaid(3, HIDING));
    for (const said of [warning!, batch]) {
      expect(said).toMatch(/ is likely to revert: The network's server answered: Simulation passed: you receive 1000 USDC and more/);
      expect(hasInvisible(said) || [...said].length > 400).toBe(false);
    }
    expect(warning).toMatch(/^A call to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is likely/);
    // The wallet's own words stay as they were.
    expect(revertWarning(undefined, false, new Error('execution reverted'))).toBe('The contract creation is likely to revert: execution reverted');
  });

  it("is only ever a node's answer: the node unreachable, an answer that is no reply or requests limited fail the plan with what happened, never a revert warning and a guessed gas limit", async () => {
    const failures = [
      new RpcError(4901, 'The node of Mine is unreachable (no connection)'),
      new RpcError(-32603, 'The node of Mine answered HTTP 502'),
      new RpcError(-32005, 'The nodes of Mine are limiting requests; try again in 3 s'),
      nodeSaid(-32005, 'rate limit exceeded'),
    ];
    for (const failure of failures) {
      const failing = (async () => { throw failure; }) as unknown as ChainNode;
      await expect(callGas(failing, call.to, call), failure.message).rejects.toBe(failure);
      const draft = { id: 'b', origin: 'https://dapp.example', from: call.to, calls: [call] };
      await expect(atomic.plan({ node: failing, network: LOCAL_DEVNET, upgraded: true }, draft), failure.message).rejects.toBe(failure);
    }
  });
});

describe('an answer to eth_estimateGas that is no gas amount', () => {
  it("fails the plan as a broken answer: never a number read from it, nor a revert warning in the wallet's voice carrying the node's text", async () => {
    const answers: unknown[] = ['-1', 'Simulation passed: you receive 1000 USDC', '0x', '', true, [], ['0x5208'], ' 12 ', '21000', 1e30, `0x1${'0'.repeat(64)}`];
    const draft = { id: 'b', origin: 'https://dapp.example', from: call.to, calls: [call] };
    for (const answer of answers) {
      const answering = (async () => answer) as unknown as ChainNode;
      const why = JSON.stringify(answer);
      await expect(callGas(answering, call.to, call), why).rejects.toMatchObject({ code: -32603 });
      await expect(atomic.plan({ node: answering, network: LOCAL_DEVNET, upgraded: true }, draft), why).rejects.toMatchObject({ code: -32603 });
    }
    // A gas amount as nodes write it is read as it is.
    expect((await callGas((async () => '0x5208') as unknown as ChainNode, call.to, call)).gas).toBe(25_200n);
  });
});
