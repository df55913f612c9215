/**
 * A descriptor file of the user's must say where it applies. Without `deployments` a descriptor binds every contract
 * on every chain: the wallet's own generic ones may (they ship with the release), but a file from elsewhere would put
 * its author's words on any contract's calls or messages. No ethers here: storage's migrations check it too.
 */
import { isObject } from '../isObject';

/** What is wrong when the file's context names no deployment; undefined when it names one (or has no context: the parser says so). */
export function missingDeployments(json: unknown): string | undefined {
  const context = isObject(json) && isObject(json.context) ? json.context : undefined;
  const [kind, bound] = context?.eip712 !== undefined ? ['eip712', context.eip712] : context?.contract !== undefined ? ['contract', context.contract] : [];
  if (!kind) return undefined;
  if (isObject(bound) && Array.isArray(bound.deployments) && bound.deployments.length > 0) return undefined;
  return `context.${kind}.deployments must name the chain and address of each contract the file describes (a file of your own applies only where it says)`;
}
