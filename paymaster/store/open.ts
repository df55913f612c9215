/** Opens the store the options name and brings its schema up to date (migrations.ts). */
import type { Database, StoreOptions } from './database';
import { openEmbedded } from './embedded';
import { migrate } from './migrations';
import { openPostgres } from './postgres';

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
