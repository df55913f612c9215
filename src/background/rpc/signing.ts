/** personal_sign and eth_signTypedData_v4: shown to the user, signed by the account's key in the background. */
import { getBytes } from 'ethers';
import { userRejected } from '../../shared/errors';
import type { RpcResponse } from '../../shared/protocol';
import { assertTypedDataChain, messageText, parsePersonalSign, parseSignTypedData, siweDomainWarning } from '../../shared/schemas/signing';
import type { SignDetails } from '../../shared/ui';
import type { ApprovalDecision, ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';
import { requireAuthorized } from './authorization';
import { DEFERRED, method, type MethodTable } from './types';

export async function completeSignMessage(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse> {
  if (!decision.approved) return { error: userRejected().toObject() };
  const { message, address } = parsePersonalSign(record.request.params);
  const signer = await services.accounts.signer(address);
  return { result: await signer.signMessage(getBytes(message)) };
}

export async function completeSignTypedData(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse> {
  if (!decision.approved) return { error: userRejected().toObject() };
  const { address, domain, types, message } = parseSignTypedData(record.request.params);
  const signer = await services.accounts.signer(address);
  return { result: await signer.signTypedData(domain, types, message) };
}

export const signingMethods: MethodTable = {
  personal_sign: method({
    parse: parsePersonalSign,
    async handle({ message, address }, ctx) {
      const account = await requireAuthorized(ctx.services, ctx.origin, address, { allowLocked: true });
      const text = messageText(message);
      const details: SignDetails = text === null ? { account, hex: message } : { account, text, siweWarning: siweDomainWarning(text, ctx.origin) };
      await ctx.services.approvals.request('signMessage', ctx, details);
      return DEFERRED;
    },
  }),
  eth_signTypedData_v4: method({
    parse: parseSignTypedData,
    async handle({ address, domain, primaryType, message }, ctx) {
      const account = await requireAuthorized(ctx.services, ctx.origin, address, { allowLocked: true });
      assertTypedDataChain(domain, (await ctx.services.networks.selected()).chainId);
      const details: SignDetails = { account, typed: { domain, primaryType, message } };
      await ctx.services.approvals.request('signTypedData', ctx, details);
      return DEFERRED;
    },
  }),
};
