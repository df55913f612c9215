/** The registry's testsv2 fixtures as the runner reads them, and what it reports. */

export interface Expected {
  intent: string;
  interpolatedIntent?: string;
  owner?: string;
  fields: { label: string; value: string | Expected }[];
}

/** What the engine showed, in the fixtures' shape: a field's row, and the words of the call it holds (calldata). */
export interface Rendered {
  intent: string;
  interpolatedIntent?: string;
  owner?: string;
  fields: { label: string; value: string; call?: Rendered }[];
}

export interface CaseResult {
  file: string;
  description: string;
  bound: boolean;
  intent: boolean;
  fields: boolean;
  owner: boolean;
  /** Why it is not all right: the first thing that differs, worded to group alike failures. */
  cause?: string;
  /** The difference itself, for a reader. */
  detail?: string;
  /** What the engine showed, when it bound. */
  rendered?: Rendered;
}

export interface Figures {
  cases: number;
  bound: number;
  intent: number;
  fields: number;
  /** Intent and every field right: what the issue counts. */
  all: number;
  owner: number;
}

