/**
 * personal_sign, personal_ecRecover and typed data (eth_signTypedData v1, _v3, _v4): shown to the user, signed by the
 * account's key in the background.
 */
import { getBytes, toQuantity } from 'ethers';
import type { SignTypedDataDetails, TypedDataReview } from '../../shared/approvals/signing';
import { cleanText } from '../../shared/displayText';
import { messageText, parseEcRecover, parsePersonalSign } from '../../shared/schemas/signing';
import { assertTypedDataChain, parseSignTypedData, parseSignTypedDataV1, type TypedDataRequest } from '../../shared/schemas/typedData';
import type { Hex } from '../../shared/params';
import type { Using } from '../services';
import { assertEncodes } from './lazyTypedData';
import { type AccountContext, type DappTable, methodsUsing, noAnswer } from './types';

/** The services these methods use. */
type Uses = 'accounts' | 'deviceSigning' | 'keyCode' | 'messageDangers' | 'networks' | 'reviewTypedData' | 'signedGrants';
const method = methodsUsing<Uses>();

async function prepareTypedData(request: TypedDataRequest, { account, services }: AccountContext<Using<Uses>>): Promise<SignTypedDataDetails> {
  if (request.version === 'V1') return { account, version: 'V1', fields: request.fields };
  const network = await services.networks.selected();
  assertTypedDataChain(request.typed.domain, network.chainId);
  return { account, version: request.version, ...request.typed, clearSigning: await services.reviewTypedData(request.typed, account, network).catch(unreviewed) };
}

/** The most of an error's text the warning quotes. */
const MAX_REASON_CHARS = 300;

/** The review needs the node and the descriptor files: without them the message is still shown, as it is, saying why. */
const unreviewed = (error: unknown): TypedDataReview => {
  // The error's own words stay English; a node's or a page's text in them is cleaned and bounded.
  const reason = cleanText(error instanceof Error ? error.message : String(error), MAX_REASON_CHARS);
  return { dangers: [{ kind: 'notDescribed', tone: 'warn', words: { key: 'dangers_notReviewed', values: { reason } }, message: `The wallet could not review this message (${reason}): it is shown as it is.` }] };
};

async function keySignature(details: SignTypedDataDetails, services: Using<Uses>): Promise<string> {
  const [signer, digest] = await Promise.all([services.accounts.signer(details.account), services.keyCode.approvedTypedDataDigest(details)]);
  return signer.signingKey.sign(digest).serialized;
}

const typedDataMethod = (parse: (params: unknown) => TypedDataRequest) =>
  method({
    // Hashed now, so that typed data that does not encode is refused before any window (the hashing is in the
    // worker's later script).
    async parse(params) {
      const request = parse(params);
      await assertEncodes(request);
      return request;
    },
    auth: 'account',
    account: (request) => request.address,
    approval: {
      type: 'signTypedData',
      answer: noAnswer,
      prepare: prepareTypedData,
      async approve({ id, details }, _answer, services) {
        // One signature: a typed-data payload's check refuses a list (rpc/devicePayloads.ts).
        const signature = ((await services.deviceSigning.signatureFor(id, details.account)) as Hex | undefined) ?? (await keySignature(details, services));
        if (details.version !== 'V1' && details.clearSigning?.grants) {
          // The chain it was reviewed on (the domain's, checked then), not whichever is selected now.
          const chainId = details.domain.chainId === undefined ? (await services.networks.selected()).chainId : (toQuantity(BigInt(details.domain.chainId as string)) as Hex);
          await services.signedGrants.remember(details.account, chainId, details.clearSigning.grants);
        }
        return signature;
      },
    },
  });

export const signingMethods = {
  personal_sign: method({
    parse: parsePersonalSign,
    auth: 'account',
    account: (request) => request.address,
    approval: {
      type: 'signMessage',
      answer: noAnswer,
      async prepare({ message }, { account, services }) {
        const text = messageText(message);
        return text === null ? { account, message, dangers: await services.messageDangers(message, text) } : { account, message, text };
      },
      async approve({ id, details }, _answer, services) {
        // One signature: a message payload's check refuses a list (rpc/devicePayloads.ts).
        const device = (await services.deviceSigning.signatureFor(id, details.account)) as Hex | undefined;
        return device ?? (await services.accounts.signer(details.account)).signMessage(getBytes(details.message));
      },
    },
  }),
  /** Who signed a personal_sign message; lowercase, as MetaMask answers it. Anyone may ask: it only does arithmetic. */
  personal_ecRecover: method({
    parse: parseEcRecover,
    auth: 'none',
    handle: async ({ message, signature }, { services }) => (await services.keyCode.verifyMessage(getBytes(message), signature)).toLowerCase(),
  }),
  eth_signTypedData: typedDataMethod(parseSignTypedDataV1),
  eth_signTypedData_v3: typedDataMethod(parseSignTypedData('V3')),
  eth_signTypedData_v4: typedDataMethod(parseSignTypedData('V4')),
} satisfies DappTable;
