/** The Postgres backend (npm pg): a pool of connections to a server that several service instances share. */
import pg from 'pg';
import type { Database, Queryable } from './database';

const POOL_SIZE = 10;

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const where = withoutPassword(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  // A pooled connection that breaks while idle emits here; without a listener it would end the process. The next
  // query opens a new one, and /health reports the server unreachable meanwhile.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot reach Postgres at ${where}: ${(error as Error).message}`, { cause: error });
  }
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(text: string, params?: unknown[]) => (await target.query(text, params)).rows as Row[],
  });
  return {
    ...queryable(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection whose ROLLBACK failed is in an unknown state: the pool drops it instead of reusing it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
    where,
  };
}

function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'the DATABASE_URL (not a URL)';
  }
}
