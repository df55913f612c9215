/**
 * The popup's revoke answered, its refusal kept for Permissions (../pages/revokeRefusals.ts, in the worker's later
 * script). `answer` is called once that script is loaded: a promise made before would reject with no handler yet.
 */
import type { Hex } from '../../shared/params';
import { loadLater } from '../loadLater';
import type { Services } from '../services';

export const revokeAnswered = async <T>(services: Pick<Services, 'revokeRefusals' | 'batches'>, revoking: { record: { origin: string; details: { batchId: string; from: Hex } }; answer: () => Promise<T> }): Promise<T> =>
  (await loadLater()).revokeAnswered(services, revoking);
