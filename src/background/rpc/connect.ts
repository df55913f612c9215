/**
 * ERC-7846 wallet_connect: the connect screen, with the signInWithEthereum capability's EIP-4361 message on the same
 * screen; each chosen account signs its message (EIP-191, as personal_sign). wallet_disconnect is in permissions.ts.
 */
import { getAddress } from 'ethers';
import type { ConnectDetails } from '../../shared/approvals/connect';
import { BatchErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { parseWalletConnect, type SignInRequest, type WalletConnectRequest } from '../../shared/schemas/walletConnect';
import { siweMessage, type SiweFields } from '../../shared/siwe';
import { visibleAccounts } from '../permissions/visible';
import type { ConnectedAccount, WalletConnectResult } from './dappMethods';
import { chosenAccounts, connectDetails, grantConnection } from './accounts';
import type { Using } from '../services';
import { Answered, type DappTable, methodsUsing, type RequestContext } from './types';

/** The services these methods use. */
type Uses = 'accounts' | 'deviceSigning' | 'emit' | 'networks' | 'permissions' | 'phishingUpdates' | 'vault';
const method = methodsUsing<Uses>();


/**
 * The chains of this connection: those asked for that the wallet has (none of them: 5710), or, when none were asked,
 * every network the wallet has; the selected one first.
 */
async function connectionChains(services: Using<Uses>, asked: Hex[] | undefined): Promise<Hex[]> {
  const selected = (await services.networks.selected()).chainId.toLowerCase() as Hex;
  const known = (await services.networks.all()).map((n) => n.chainId.toLowerCase() as Hex);
  const chains = asked ? asked.filter((c) => known.includes(c)) : known;
  if (chains.length === 0) throw new RpcError(BatchErrorCode.unsupportedChain, `None of the chains ${asked!.join(', ')} is a network of this wallet`);
  return [...chains.filter((c) => c === selected), ...chains.filter((c) => c !== selected)];
}

/**
 * ERC-7846's defaults for what the site left out: its own domain and URI, now, EIP-4361 version 1, the connection's
 * first chain. Fixed when the request arrives and stored with it, so the screen shows the very text that is signed.
 */
function signInFields(request: SignInRequest, origin: string, chainId: Hex): SiweFields {
  const { chainId: askedChain, ...rest } = request;
  return {
    ...rest,
    domain: request.domain ?? new URL(origin).host,
    uri: request.uri ?? origin,
    version: '1',
    chainId: BigInt(askedChain ?? chainId).toString(),
    issuedAt: request.issuedAt ?? new Date().toISOString(),
  };
}

const withoutSignIn = (account: Hex): ConnectedAccount => ({ address: getAddress(account) as Hex, capabilities: {} });

async function prepare({ chainIds, signIn }: WalletConnectRequest, { services, origin }: RequestContext<Using<Uses>>): Promise<ConnectDetails | Answered<WalletConnectResult>> {
  const chains = await connectionChains(services, chainIds);
  if (!signIn) {
    // Already connected and nothing to sign: answered as eth_requestAccounts is, without asking again.
    const accounts = await visibleAccounts(services, origin);
    if (accounts.length > 0) return new Answered({ accounts: accounts.map(withoutSignIn), chainIds: chains } satisfies WalletConnectResult);
    return { ...(await connectDetails(services, origin)), chainIds: chains };
  }
  const fields = signInFields(signIn, origin, chains[0]);
  return { ...(await connectDetails(services, origin)), chainIds: chains, signIn: { fields } };
}

/** A Ledger account's signature was given by the device over the same message (ownDevicePayloads.ts) and checked. */
async function signedIn(services: Using<Uses>, approvalId: string, fields: SiweFields, account: Hex): Promise<ConnectedAccount> {
  const address = getAddress(account) as Hex;
  const message = siweMessage(fields, address);
  const signature = ((await services.deviceSigning.signatureFor(approvalId, address)) as Hex | undefined) ?? ((await (await services.accounts.signer(address)).signMessage(message)) as Hex);
  return { address, capabilities: { signInWithEthereum: { message, signature } } };
}

export const connectMethods = {
  wallet_connect: method({
    parse: parseWalletConnect,
    auth: 'none',
    approval: {
      type: 'connect',
      prepare,
      answer: chosenAccounts,
      async approve({ id, origin, details }, chosen, services) {
        const accounts = await grantConnection(services, origin, chosen);
        const { signIn } = details;
        return {
          accounts: signIn
            ? await Promise.all(accounts.map((a) => signedIn(services, id, signIn.fields, a)))
            : accounts.map(withoutSignIn),
          chainIds: details.chainIds ?? [],
        } satisfies WalletConnectResult;
      },
    },
  }),
} satisfies DappTable;
