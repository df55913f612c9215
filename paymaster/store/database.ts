/**
 * What the sponsorship store needs of Postgres, so that the same SQL runs on both backends: the embedded one (PGlite,
 * no server, one process) and a Postgres server (several instances share it).
 */
import { openEmbedded } from './embedded';
import { migrate } from './migrations';
import { openPostgres } from './postgres';

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

/** Opens the store and brings its schema up to date (migrations.ts). */
export async function openDatabase(options: StoreOptions = {}): Promise<Database> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openEmbedded(options.dataDir);
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
