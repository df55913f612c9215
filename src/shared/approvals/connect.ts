/** What the approval window shows of a site's connect request. */
import type { Hex } from '../params';
import type { SiweFields } from '../siwe';

/** A connect request; with ERC-7846's signInWithEthereum, the EIP-4361 fields each chosen account signs. */
export interface ConnectDetails {
  /** wallet_connect: the chains of the connection, as its answer lists them. */
  chainIds?: Hex[];
  /** The screen names a sign-in for another site than the one asking (shared/signInElsewhere.ts). */
  signIn?: { fields: SiweFields };
  /** The site's address imitates a well-known dapp's (punycode, look-alike letters, the phishing list's fuzzy match). */
  lookAlikeSite?: string;
}
