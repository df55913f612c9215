/**
 * The store's schema, as numbered migrations run at start. Each runs once, in order, inside one transaction under an
 * advisory lock, so instances starting together on one Postgres apply it once. Append new versions; never edit one
 * that has shipped.
 */
import { CHARGE_COUNTER, EXPIRE_RESERVATIONS, RESERVE_CHARGE } from './budgetFunctions';
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'sponsorships, daily budget usage, reconciler cursor',
    statements: [
      // One row per sponsored (signed) userOp. Re-signing the same app/sender/nonce on the same day updates the row.
      `CREATE TABLE sponsorships (
        id                  bigserial   PRIMARY KEY,
        app                 text        NOT NULL,
        chain_id            bigint      NOT NULL,
        sender              text        NOT NULL,
        nonce               numeric(78) NOT NULL,
        user_op_hash        text        NOT NULL,
        max_cost_wei        numeric(78) NOT NULL,
        day                 date        NOT NULL,
        decided_at          timestamptz NOT NULL,
        valid_until         bigint      NOT NULL,
        status              text        NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'spent', 'expired')),
        actual_gas_cost_wei numeric(78),
        settled_at          timestamptz
      )`,
      `CREATE UNIQUE INDEX sponsorships_reserved_once ON sponsorships (chain_id, app, sender, nonce, day) WHERE status = 'reserved'`,
      `CREATE INDEX sponsorships_by_sender_nonce ON sponsorships (chain_id, sender, nonce)`,
      `CREATE INDEX sponsorships_reserved_until ON sponsorships (chain_id, valid_until) WHERE status = 'reserved'`,
      // The counters the limits are checked against, one row per UTC day and scope: the whole service (app and
      // sender ''), an app (sender ''), a sender within an app. Reservations lock them, in this key order.
      `CREATE TABLE budget_usage (
        day        date        NOT NULL,
        chain_id   bigint      NOT NULL,
        app        text        NOT NULL,
        sender     text        NOT NULL,
        operations integer     NOT NULL DEFAULT 0,
        wei        numeric(78) NOT NULL DEFAULT 0,
        PRIMARY KEY (day, chain_id, app, sender)
      )`,
      // How far the reconciler has read the EntryPoint's logs, shared by all instances.
      `CREATE TABLE reconciler_cursor (
        chain_id      bigint PRIMARY KEY,
        scanned_block bigint NOT NULL
      )`,
    ],
  },
  {
    version: 2,
    name: 'reservations and expiries as single statements; the signed answer kept for the same request',
    statements: [
      // What identifies a request (methods.ts requestKey) and the paymasterData signed for it, answered again to a retry.
      'ALTER TABLE sponsorships ADD COLUMN request_key text, ADD COLUMN paymaster_data text',
      CHARGE_COUNTER,
      RESERVE_CHARGE,
      EXPIRE_RESERVATIONS,
    ],
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Brings the schema to SCHEMA_VERSION; refuses a database written by a newer version of the service. */
export async function migrate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7677)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer     PRIMARY KEY,
      name       text        NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const [{ version }] = await tx.query<{ version: number }>('SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations');
    if (version > SCHEMA_VERSION) {
      throw new Error(`The store (${db.where}) has schema version ${version}, newer than this service's ${SCHEMA_VERSION}: run a newer paymaster service`);
    }
    for (const migration of MIGRATIONS.filter((m) => m.version > version)) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
  });
}
