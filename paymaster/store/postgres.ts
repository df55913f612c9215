/**
 * The Postgres backend (npm pg): a pool of connections to a server that several service instances share. Every wait
 * is bounded, so a server that is down, restarting or stalled costs a request a few seconds at most, never a hang:
 * the wait for a pooled connection (or a new one), and each statement. Such failures are StoreUnavailable.
 */
import pg from 'pg';
import { StoreUnavailable, type Database, type Queryable } from './database';

const POOL_SIZE = 10;
/** The longest a query waits for a connection: a free one of the pool, or a new one to the server. */
const CONNECT_TIMEOUT_MS = 2_000;
/** The longest a statement may run: the server cancels it, and the client stops waiting a little later. */
const STATEMENT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 4_000;

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const where = withoutPassword(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  });
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
    query: async <Row>(text: string, params?: unknown[]) => {
      try {
        return (await target.query(text, params)).rows as Row[];
      } catch (error) {
        throw unavailable(error) ? new StoreUnavailable(`Postgres at ${where}: ${(error as Error).message}`, { cause: error }) : error;
      }
    },
  });
  return {
    ...queryable(pool),
    transaction: async (work) => {
      const client = await pool.connect().catch((error: Error) => {
        throw new StoreUnavailable(`Postgres at ${where}: ${error.message}`, { cause: error });
      });
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

/**
 * Whether the error says the server cannot be used now rather than that a statement is wrong: no SQLSTATE (refused,
 * reset, timed out), or one of the classes connection exception (08), operator intervention (57: shutting down,
 * starting up, statement timeout) and insufficient resources (53: too many connections).
 */
function unavailable(error: unknown): boolean {
  return !(error instanceof pg.DatabaseError) || /^(08|57|53)/.test(error.code ?? '');
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
