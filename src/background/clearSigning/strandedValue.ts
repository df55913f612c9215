/**
 * ETH sent to a contract whose calls the descriptor opens (Multicall3's aggregate family) and not passed on to them:
 * such a contract keeps no one's balance, so whatever stays in it anyone can take out with the next call.
 */
import type { Danger } from '../../shared/dangers';
import type { RenderFacts } from '../../shared/erc7730/types';
import type { Hex } from '../../shared/params';
import { formatEther } from '../../shared/units';

export function strandedValueDangers(facts: RenderFacts, sent: bigint | undefined, to: Hex | undefined, user: Hex, nativeSymbol: string): Danger[] {
  // The account calling itself (its own executeBatch) keeps what it does not pass on.
  if (facts.calls.length === 0 || !sent || !to || to.toLowerCase() === user.toLowerCase()) return [];
  const passedOn = facts.calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n);
  if (passedOn >= sent) return [];
  const [sentText, passedText] = [formatEther(sent), formatEther(passedOn)];
  // Numbers the screen writes as its language does: "2.125" as written reads as two thousand in Portuguese.
  const values = { sent: { decimal: sentText }, passed: { decimal: passedText }, symbol: nativeSymbol, to };
  return [{
    kind: 'valueStranded', tone: 'danger', confirm: true, words: { key: 'dangers_valueStranded', values },
    message: `This call sends ${sentText} ${nativeSymbol} to ${to} and passes on only ${passedText} ${nativeSymbol} to the calls it makes: the rest stays in that contract, where anyone can take it.`,
  }];
}
