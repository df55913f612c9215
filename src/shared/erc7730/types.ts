/**
 * ERC-7730 clear-signing descriptors (the JSON files in public/erc7730/) and what the engine makes of a message or a
 * call with them: an intent and labelled, formatted fields, the rest listed as it is.
 */
import type { Hex } from '../params';
import type { Words } from '../words';
import type { DescriptorKey } from './ownWords';
import type { Said, ValueWords } from './valueWords';

export interface Deployment {
  chainId: number;
  address: string;
}

/** A field format specification; `$ref` names one of `display.definitions` (its `params` override the definition's). */
export interface FieldSpec {
  path?: string;
  /** Instead of `path`: a constant to show, or a `$.`/`@.` reference to one ("$.metadata.constants.vaultTicker"). */
  value?: unknown;
  label?: string;
  format?: string;
  params?: Record<string, unknown>;
  $ref?: string;
  /**
   * An internal identifier. The wallet reads a few (its own convention, inside what the spec allows): "allowance" (an
   * amount someone may spend), "spender" (who may), "unlimitedIfTrue" (a boolean granting everything: DAI's
   * `allowed`, setApprovalForAll), "noExpiryIfZero" (a date where 0 means never, DAI's `expiry`).
   */
  $id?: string;
  /**
   * "never": covered, but not shown among the words (still in the raw view); `{ ifNotIn: [...] }`: shown unless one of
   * those; `{ mustMatch: [...] }`: not shown when one of those, and a danger when not.
   */
  visible?: string | { ifNotIn?: unknown[]; mustMatch?: unknown[] };
  /** A nested structure: the paths below are relative to `path`. */
  fields?: FieldSpec[] | Record<string, FieldSpec>;
}

export interface FormatSpec {
  $id?: string;
  intent?: string | Record<string, string>;
  /** The intent as a sentence, `{path}` replaced by that field's words ("Send {value} to {to}"). */
  interpolatedIntent?: string;
  fields?: FieldSpec[] | Record<string, FieldSpec>;
  required?: string[];
  excluded?: string[];
}

export interface Descriptor {
  /** Where it came from (a file name), for the screen and the tests. */
  source: string;
  /** A file the user added in Settings: its words apply only where none of the wallet's descriptors binds. */
  userFile?: true;
  /** From the ERC-7730 registry the wallet ships (vendor/erc7730-registry): its words apply where none of the wallet's own binds. */
  registry?: true;
  context: {
    $id?: string;
    eip712?: {
      deployments?: Deployment[];
      domain?: Record<string, unknown>;
      schemas?: { primaryType: string; types: Record<string, { name: string; type: string }[]> }[];
    };
    contract?: { deployments?: Deployment[]; abi?: unknown[] };
  };
  metadata?: {
    owner?: string;
    constants?: Record<string, unknown>;
    enums?: Record<string, Record<string, string>>;
    /** Constants that depend on a value of the call (a param `{ map: "$.metadata.maps.NAME", keyPath }` reads one). */
    maps?: Record<string, { $keyType?: string; values: Record<string, unknown> }>;
    token?: { ticker?: string; decimals?: number; name?: string };
  };
  display: { definitions?: Record<string, FieldSpec>; formats: Record<string, FormatSpec> };
  /**
   * The registry's auditors whose review of this very file the build verified (ERC-8176 attestations, checked offline),
   * as the screen names them: "Patrick Collins (Cyfrin)". Set by the registry's loader, never read from a file:
   * `parseDescriptor` drops it.
   */
  reviewedBy?: string[];
}

/** One row the screen shows: a label and the value in words; an address is shown by the screen's address component. */
export interface ClearField {
  /** The concrete path in the message or call ("details.0.amount"). */
  path: string;
  label: string;
  /** The label's words when one of the wallet's own files wrote it (ownWords.ts); the screen says them, else `label`. */
  labelWords?: Words<DescriptorKey>;
  text: string;
  /** `text` in words where the wallet wrote it ("Unlimited TST", valueWords.ts; an enum's word of its own files, ownWords.ts); absent where it is the value as written. */
  textWords?: ValueWords | Words<DescriptorKey>;
  address?: Hex;
  /** What the wallet could not do for this value ("unknown token: amount in its smallest unit"). */
  note?: string;
  /** `note` in words; absent in older records. */
  noteWords?: ValueWords;
}

/** A message or call in words: what the descriptor says, and every value it does not describe, as it is. */
export interface ClearSigned {
  intent: string;
  /** `intent` in words, when the wallet made or knows it: the screen says it in the browser's language. */
  intentWords?: Words;
  /** The descriptor's `interpolatedIntent` with the fields' words in it; absent when it has none or one cannot be said. */
  interpolatedIntent?: string;
  /** Its words, when one of the wallet's own files wrote it: the fields' words are its values, as `interpolatedIntent` has them. */
  interpolatedWords?: Words<DescriptorKey>;
  /** Who the descriptor says owns the contract ("Uniswap Labs"). */
  owner?: string;
  /** The descriptor file that bound. */
  source: string;
  /** The auditors whose review of that file the build verified; absent for every other file. */
  reviewedBy?: string[];
  fields: ClearField[];
  /** Values the descriptor neither shows nor excludes: shown raw, never hidden. */
  uncovered: { path: string; text: string }[];
}

/** What the token reads of the chain gave: undefined when the contract does not answer like a token. */
export interface TokenMeta {
  symbol: string;
  decimals: number;
  /** The signer's balance, smallest unit, when read. */
  balance?: bigint;
}

/** What the dangers look at, beside the words: the values as numbers and addresses, with the field's `$id`. */
/** Each fact's `labelWords`: its field's label in words, where the wallet's own descriptor wrote it (render.ts). */
export interface RenderFacts {
  /** `unread`: the token was not read (a review reads only so many), so no `meta` says nothing of the token. */
  amounts: { id?: string; label: string; labelWords?: Words; token?: Hex; amount: bigint; unlimited: boolean; meta?: TokenMeta; native?: true; unread?: true }[];
  addresses: { id?: string; label: string; labelWords?: Words; address: Hex; types?: string[] }[];
  dates: { id?: string; label: string; labelWords?: Words; seconds: bigint }[];
  /** Calls made on the signer's behalf (`calldata` fields: an account's execute), to be read in their turn. */
  calls: { label: string; labelWords?: Words; to: Hex; data: Hex; value?: bigint }[];
  /** Values a field's `visible.mustMatch` does not allow: the descriptor says the call or message is not the one it describes. */
  mismatches: { label: string; labelWords?: Words; text: string; allowed: string[] }[];
}

/** What rendering needs from outside: token metadata (read on chain), the chain's currency, the message's container. */
export interface RenderContext {
  chainId: bigint;
  /** The verifying contract (typed data) or the called contract; `@.to`. */
  to?: Hex;
  /** Wei sent with a call; `@.value`. */
  value?: bigint;
  /** The signer; `@.from`. */
  from?: Hex;
  nativeSymbol: string;
  /** 'unread' past the review's bound of token reads: the token is not asked. */
  token(address: Hex): Promise<TokenMeta | undefined | 'unread'>;
  /**
   * A name for an address the user would recognise: their own account's, or its ENS name checked forward (marked as
   * such, in words: valueWords.ts); a plain string is shown as it is.
   */
  name?(address: Hex): Promise<string | Said | undefined>;
  /** A collection's name (ERC-721 `name()`), for nftName fields. */
  collectionName?(address: Hex): Promise<string | undefined>;
}
