/**
 * The refusals of a fee in USDC (../usdcFees/, ../batches/executors/usdcCode.ts) as refusalWords.ts reads them: the
 * Send meets them in its quote's reason and after its review. An address, a host, the amounts and what a node or a
 * bundler wrote are values as written; the amounts as numbers the language writes (refusalWords.ts DECIMALS).
 */
import type { ErrorKey } from '../../shared/errorWords';

const AT = (name: string) => String.raw`(?<${name}>0x[0-9a-fA-F]{40})`;
const NOTHING_SENT = '; nothing was signed or sent$';

export const USDC_REFUSALS: [RegExp, ErrorKey][] = [
  [new RegExp(`^The USDC paymaster at ${AT('paymaster')} is paused: it takes no fee now${NOTHING_SENT}`), 'errors_usdcPaused'],
  [new RegExp(`^The USDC paymaster at ${AT('paymaster')} refuses fees from ${AT('sender')}${NOTHING_SENT}`), 'errors_usdcDenied'],
  [new RegExp(String.raw`^The network fee would exceed the approved maximum of (?<maximum>\d+\.\d+) USDC: it could now take up to (?<needed>\d+\.\d+) USDC${NOTHING_SENT}`), 'errors_usdcOverCap'],
  [new RegExp(`^No USDC paymaster at ${AT('paymaster')} on this network$`), 'errors_noUsdcPaymasterAt'],
  [new RegExp(String.raw`^The USDC paymaster at ${AT('paymaster')} answered (?<getter>\w+)\(\) with (?<answer>.*), not one uint256 word$`, 's'), 'errors_usdcTermsWord'],
  [new RegExp(String.raw`^The USDC paymaster at ${AT('paymaster')} has no price for ETH \(fetchPrice\(\) is 0\)$`), 'errors_usdcNoPrice'],
  [new RegExp(String.raw`^The token ${AT('token')} did not answer (?<getter>\w+)\(\): no USDC permit can be built for it$`), 'errors_permitUnread'],
  [/^The bundler at (?<host>\S+) failed: (?<why>.*)$/s, 'errors_bundlerFailed'],
  // A sponsored batch's estimate is refused in the same words (shared/userOperationGas.ts).
  [/^The bundler answered eth_estimateUserOperationGas with (?<answer>.*), not the op's gas limits as hex quantities$/s, 'errors_bundlerEstimate'],
];
