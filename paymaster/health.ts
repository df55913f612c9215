/** GET /health: whether the store and the node answer, each within a deadline; 503 when either does not. */
import type { JsonRpcProvider } from 'ethers';
import type { Database } from './store/database';

const DEADLINE_MS = 3_000;

export interface Health {
  status: 'ok' | 'unavailable';
  store: { ok: boolean; where: string; error?: string };
  node: { ok: boolean; block?: number; error?: string };
}

export async function checkHealth(db: Database, provider: JsonRpcProvider): Promise<Health> {
  const [store, node] = await Promise.all([
    within(db.query('SELECT 1')).then(() => ({ ok: true, where: db.where }), (error: Error) => ({ ok: false, where: db.where, error: error.message })),
    within(provider.getBlockNumber()).then((block) => ({ ok: true, block }), (error: Error) => ({ ok: false, error: error.message })),
  ]);
  return { status: store.ok && node.ok ? 'ok' : 'unavailable', store, node };
}

async function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
