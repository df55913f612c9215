/** The embedded backend: PGlite, Postgres compiled to WASM, in a data directory (or in memory). One process only. */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

export async function openEmbedded(dataDir?: string): Promise<Database> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir);
  } catch (error) {
    throw new Error(`Cannot open the embedded store${dataDir ? ` in ${dataDir}` : ''}: ${(error as Error).message}`, { cause: error });
  }
  const queryable = (target: PGlite | Transaction): Queryable => ({
    query: async <Row>(text: string, params?: unknown[]) => (await target.query<Row>(text, params)).rows,
  });
  return {
    ...queryable(pglite),
    // PGlite runs one transaction at a time: concurrent ones wait for the running one, so they never interleave.
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    close: () => pglite.close(),
    where: dataDir ? `embedded, ${dataDir}` : 'embedded, in memory',
  };
}
