/**
 * The previews as the worker's later script hands them out (../laterModules.ts): why one failed is said in words where
 * the wallet wrote it (a node's failure as networks/rpcClient.ts words it, what went wrong on the way too: the pages'
 * refusal table, ./refusalWords.ts); a node's own message stays as written. The previews are ../simulation/, which
 * takes no page code of its own.
 */
import { RpcError, isServerSaid } from '../../shared/errors';
import { createPreviews as previews, type Previews } from '../simulation/previews';
import { refusalWords } from './refusalWords';

const wordsOf = (error: unknown) => (error instanceof RpcError && isServerSaid(error) ? undefined : refusalWords((error as Error).message));

export const createPreviews = (): Previews => previews(wordsOf);
