// @ethereumjs/util (under @metamask/eth-sig-util) imports micro-ftch for its JSON-RPC provider helpers, which the
// wallet never calls; bundling it would pull Node's `util` polyfill (and its eval-based helpers) into background.js.
export default function microFtchIsNotBundled() {
  throw new Error('micro-ftch is not part of the wallet bundle');
}
