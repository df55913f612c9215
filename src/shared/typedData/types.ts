/** Typed data as the signing methods carry it: EIP-712 (eth_signTypedData_v3/_v4) and the legacy v1 list. */
export type TypedField = { name: string; type: string };
export type TypedTypes = Record<string, TypedField[]>;

export interface TypedMessage {
  /** Always with EIP712Domain: as the dapp gave it, or derived from the domain's fields. */
  types: TypedTypes;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

/** eth_signTypedData (v1, MetaMask's legacy form): a list of typed values. */
export type LegacyTypedField = { type: string; name: string; value: unknown };

export type TypedDataVersion = 'V1' | 'V3' | 'V4';
