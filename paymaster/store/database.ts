/**
 * What the sponsorship store needs of Postgres, so that the same SQL runs on both backends: the embedded one (PGlite,
 * no server, one process) and a Postgres server (several instances share it).
 */
export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Where the data is, for logs: "embedded, in memory", "embedded, /var/lib/paymaster", "postgres://host:5432/db". */
  readonly where: string;
}

/** Postgres at `databaseUrl`; else the embedded store in `dataDir`; else the embedded store in memory (devnet, tests). */
export interface StoreOptions {
  databaseUrl?: string;
  dataDir?: string;
}

/**
 * The store could not be reached or did not answer in time (down, restarting, unreachable, overloaded): the work may
 * be retried once it is back. Other errors (a constraint, a bug in a statement) are not this.
 */
export class StoreUnavailable extends Error {}
