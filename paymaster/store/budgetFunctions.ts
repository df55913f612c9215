/**
 * The SQL functions of schema version 2 (migrations.ts): a reservation and a batch of expiries, each one statement,
 * so a row every request shares (the service's and an app's daily counter) stays locked only while the server runs
 * that statement and commits, never across a round trip to an instance (which may be slow, paused or killed).
 *
 * Every transaction takes its locks in one order, so none waits for another in a cycle: the sponsorship row, then
 * the sender's counter, then the app's, then the service's. Each limit is one conditional UPDATE (`… + cost <= limit`),
 * which Postgres re-checks against the newest committed row after waiting for its lock: no limit is ever exceeded.
 */

/** Adds to one counter if its limits allow (NULL: no limit), creating the row on first use; true when it did. */
export const CHARGE_COUNTER = `
CREATE FUNCTION charge_counter(p_day date, p_chain bigint, p_app text, p_sender text, p_ops int, p_wei numeric, p_ops_limit int, p_wei_limit numeric)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  FOR attempt IN 1..2 LOOP
    UPDATE budget_usage SET operations = operations + p_ops, wei = wei + p_wei
    WHERE day = p_day AND chain_id = p_chain AND app = p_app AND sender = p_sender
      AND (p_ops_limit IS NULL OR operations + p_ops <= p_ops_limit) AND (p_wei_limit IS NULL OR wei + p_wei <= p_wei_limit);
    IF FOUND THEN RETURN true; END IF;
    EXIT WHEN attempt = 2;
    -- No row, or over a limit: a first charge creates the row; if another transaction created it meanwhile, update it.
    INSERT INTO budget_usage (day, chain_id, app, sender, operations, wei)
    SELECT p_day, p_chain, p_app, p_sender, p_ops, p_wei
    WHERE (p_ops_limit IS NULL OR p_ops <= p_ops_limit) AND (p_wei_limit IS NULL OR p_wei <= p_wei_limit)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN RETURN true; END IF;
  END LOOP;
  RETURN false;
END $$`;

/**
 * Reserves a signed userOp's cost, or answers with the earlier reservation of the same request:
 * - 'reserved': this signature's reservation holds (a new one, or a re-signing of the same app/sender/nonce/day that
 *   counts once, at the larger cost);
 * - 'same': the same request (p_key) is reserved already and its signature still valid at p_chain_time; paymaster_data
 *   is that signature, nothing more is charged;
 * - 'exceeded': over the limit `reason`; nothing changed.
 */
export const RESERVE_CHARGE = `
CREATE FUNCTION reserve_charge(
  p_chain bigint, p_app text, p_sender text, p_nonce numeric, p_day date, p_cost numeric,
  p_key text, p_data text, p_hash text, p_valid_until bigint, p_decided_at timestamptz, p_chain_time bigint,
  p_sender_ops int, p_sender_wei numeric, p_app_wei numeric, p_global_wei numeric)
RETURNS TABLE (outcome text, reason text, used numeric, adds numeric, paymaster_data text) LANGUAGE plpgsql AS $$
DECLARE
  prior record;
  fresh boolean;
  add_ops int;
  add_wei numeric;
  counter record;
BEGIN
  LOOP
    INSERT INTO sponsorships (chain_id, app, sender, nonce, day, max_cost_wei, valid_until, user_op_hash, decided_at, request_key, paymaster_data)
    VALUES (p_chain, p_app, p_sender, p_nonce, p_day, p_cost, p_valid_until, p_hash, p_decided_at, p_key, p_data)
    ON CONFLICT (chain_id, app, sender, nonce, day) WHERE status = 'reserved' DO NOTHING;
    fresh := FOUND;
    EXIT WHEN fresh;
    SELECT s.max_cost_wei, s.valid_until, s.request_key, s.paymaster_data INTO prior FROM sponsorships s
    WHERE s.chain_id = p_chain AND s.app = p_app AND s.sender = p_sender AND s.nonce = p_nonce AND s.day = p_day AND s.status = 'reserved'
    FOR UPDATE;
    EXIT WHEN FOUND;
    -- Settled between the two statements: insert again.
  END LOOP;
  IF fresh THEN
    add_ops := 1;
    add_wei := p_cost;
  ELSE
    IF prior.request_key = p_key AND prior.valid_until > p_chain_time THEN
      RETURN QUERY SELECT 'same'::text, NULL::text, NULL::numeric, NULL::numeric, prior.paymaster_data;
      RETURN;
    END IF;
    add_ops := 0;
    add_wei := GREATEST(p_cost - prior.max_cost_wei, 0);
  END IF;

  IF NOT charge_counter(p_day, p_chain, p_app, p_sender, add_ops, add_wei, p_sender_ops, p_sender_wei) THEN
    SELECT b.operations, b.wei INTO counter FROM budget_usage b WHERE b.day = p_day AND b.chain_id = p_chain AND b.app = p_app AND b.sender = p_sender;
    IF fresh THEN DELETE FROM sponsorships s WHERE s.chain_id = p_chain AND s.app = p_app AND s.sender = p_sender AND s.nonce = p_nonce AND s.day = p_day AND s.status = 'reserved'; END IF;
    IF p_sender_ops IS NOT NULL AND coalesce(counter.operations, 0) + add_ops > p_sender_ops THEN
      RETURN QUERY SELECT 'exceeded'::text, 'dailyLimit'::text, coalesce(counter.operations, 0)::numeric, add_ops::numeric, NULL::text;
    ELSE
      RETURN QUERY SELECT 'exceeded'::text, 'senderBudget'::text, coalesce(counter.wei, 0), add_wei, NULL::text;
    END IF;
    RETURN;
  END IF;
  IF NOT charge_counter(p_day, p_chain, p_app, '', add_ops, add_wei, NULL, p_app_wei) THEN
    SELECT b.wei INTO counter FROM budget_usage b WHERE b.day = p_day AND b.chain_id = p_chain AND b.app = p_app AND b.sender = '';
    PERFORM charge_counter(p_day, p_chain, p_app, p_sender, -add_ops, -add_wei, NULL, NULL);
    IF fresh THEN DELETE FROM sponsorships s WHERE s.chain_id = p_chain AND s.app = p_app AND s.sender = p_sender AND s.nonce = p_nonce AND s.day = p_day AND s.status = 'reserved'; END IF;
    RETURN QUERY SELECT 'exceeded'::text, 'appBudget'::text, coalesce(counter.wei, 0), add_wei, NULL::text;
    RETURN;
  END IF;
  IF NOT charge_counter(p_day, p_chain, '', '', add_ops, add_wei, NULL, p_global_wei) THEN
    SELECT b.wei INTO counter FROM budget_usage b WHERE b.day = p_day AND b.chain_id = p_chain AND b.app = '' AND b.sender = '';
    PERFORM charge_counter(p_day, p_chain, p_app, p_sender, -add_ops, -add_wei, NULL, NULL);
    PERFORM charge_counter(p_day, p_chain, p_app, '', -add_ops, -add_wei, NULL, NULL);
    IF fresh THEN DELETE FROM sponsorships s WHERE s.chain_id = p_chain AND s.app = p_app AND s.sender = p_sender AND s.nonce = p_nonce AND s.day = p_day AND s.status = 'reserved'; END IF;
    RETURN QUERY SELECT 'exceeded'::text, 'globalBudget'::text, coalesce(counter.wei, 0), add_wei, NULL::text;
    RETURN;
  END IF;

  IF NOT fresh THEN
    UPDATE sponsorships s SET max_cost_wei = GREATEST(s.max_cost_wei, p_cost), valid_until = GREATEST(s.valid_until, p_valid_until),
      user_op_hash = p_hash, decided_at = p_decided_at, request_key = p_key, paymaster_data = p_data
    WHERE s.chain_id = p_chain AND s.app = p_app AND s.sender = p_sender AND s.nonce = p_nonce AND s.day = p_day AND s.status = 'reserved';
  END IF;
  RETURN QUERY SELECT 'reserved'::text, NULL::text, NULL::numeric, NULL::numeric, p_data;
END $$`;

/**
 * Expires up to p_batch reservations whose window ended before p_chain_time and returns their charges to the
 * counters of their day (senders', then apps', then the service's: the reservations' lock order); returns how many.
 * One instance at a time (an advisory lock; the others skip the run); rows a reservation holds are left for the next.
 */
export const EXPIRE_RESERVATIONS = `
CREATE FUNCTION expire_reservations(p_chain bigint, p_chain_time bigint, p_batch int)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  apps text[];
  senders text[];
  ops int[];
  weis numeric[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(7678) THEN RETURN 0; END IF;
  WITH gone AS (
    UPDATE sponsorships SET status = 'expired', settled_at = now()
    WHERE id IN (SELECT id FROM sponsorships WHERE chain_id = p_chain AND status = 'reserved' AND valid_until < p_chain_time
                 ORDER BY id LIMIT p_batch FOR UPDATE SKIP LOCKED)
    RETURNING day, app, sender, max_cost_wei
  ), refunds AS (SELECT day, app, sender, count(*)::int AS n, sum(max_cost_wei) AS w FROM gone GROUP BY day, app, sender)
  SELECT array_agg(day), array_agg(app), array_agg(sender), array_agg(n), array_agg(w) INTO days, apps, senders, ops, weis FROM refunds;
  IF days IS NULL THEN RETURN 0; END IF;
  UPDATE budget_usage b SET operations = b.operations - e.n, wei = b.wei - e.w
  FROM unnest(days, apps, senders, ops, weis) AS e(day, app, sender, n, w)
  WHERE b.chain_id = p_chain AND b.day = e.day AND b.app = e.app AND b.sender = e.sender;
  UPDATE budget_usage b SET operations = b.operations - e.n, wei = b.wei - e.w
  FROM (SELECT r.day, r.app, sum(r.n)::int AS n, sum(r.w) AS w FROM unnest(days, apps, ops, weis) AS r(day, app, n, w) GROUP BY r.day, r.app) e
  WHERE b.chain_id = p_chain AND b.day = e.day AND b.app = e.app AND b.sender = '';
  UPDATE budget_usage b SET operations = b.operations - e.n, wei = b.wei - e.w
  FROM (SELECT r.day, sum(r.n)::int AS n, sum(r.w) AS w FROM unnest(days, ops, weis) AS r(day, n, w) GROUP BY r.day) e
  WHERE b.chain_id = p_chain AND b.day = e.day AND b.app = '' AND b.sender = '';
  RETURN (SELECT sum(n) FROM unnest(ops) AS n);
END $$`;
