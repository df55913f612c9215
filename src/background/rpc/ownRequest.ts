import type { RequestContext } from './types';

/**
 * The wallet's own requests have no tab to answer (replyTo.tabId < 0) and an extension's origin: only they may use
 * walletMethods, or wallet_sendCalls' walletFeeSource. (Ports from outside tabs, or with tab id -1, are answered 4100
 * before they get here.)
 */
export const ownRequest = (ctx: Pick<RequestContext, 'replyTo'>): boolean =>
  ctx.replyTo.tabId < 0 && /^(chrome|moz)-extension:\/\//.test(ctx.replyTo.origin);
