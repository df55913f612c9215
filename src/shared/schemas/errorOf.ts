/** For the schema tests: the RpcError a parse throws (fails the test when it throws none). */
import type { RpcError } from '../errors';

export function errorOf(parse: () => unknown): RpcError {
  try {
    parse();
  } catch (error) {
    return error as RpcError;
  }
  throw new Error('expected the parse to throw');
}

/** The same for a parse that settles later (or throws at once). */
export async function rejectionOf(parse: () => unknown): Promise<RpcError> {
  try {
    await parse();
  } catch (error) {
    return error as RpcError;
  }
  throw new Error('expected the parse to throw');
}
