/** What Settings shows of the user's stored descriptor files the wallet does not use (pages.ts getUnusedDescriptors). */
import type { ErrorKey } from './errorWords';
import type { Words } from './words';

/** A stored descriptor file the wallet does not use: why, as the parser refused it, in English and in words when the worker has them. */
export interface UnusedDescriptor {
  name: string;
  why: string;
  words?: Words<ErrorKey>;
}
