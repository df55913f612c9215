/**
 * Typed data's encoding check (shared/typedData/digest.ts) evaluated on first use: it is in the worker's later script.
 * A facade of its own, beside the handlers, because a method's `parse` is handed no services.
 */
import type { TypedDataRequest } from '../../shared/schemas/typedData';
import { loadLater } from '../loadLater';

/** Throws -32602 when the typed data does not encode. */
export async function assertEncodes(request: TypedDataRequest): Promise<void> {
  (await loadLater()).assertEncodes(request);
}
