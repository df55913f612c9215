/**
 * Starts the ERC-7677 paymaster service: opens the store (migrating it), connects to the node, serves HTTP (http.ts)
 * and settles reservations in the background (reconciler.ts). `npm run paymaster` runs it alone (main.ts); the devnet
 * starts it in-process, with its policy and an embedded store in memory.
 */
import { createServer } from 'node:http';
import { JsonRpcProvider, Wallet } from 'ethers';
import { loadApps } from './apps';
import { utcDay } from './budget';
import { chainTime } from './chainTime';
import { withDefaults, type PaymasterServiceOptions } from './config';
import { checkHealth } from './health';
import { httpHandler } from './http';
import { createLogger } from './log';
import { paymasterMethods } from './methods';
import { createMetrics } from './metrics';
import { RateLimiter } from './rateLimit';
import { reconciler, startCursor, type Reconciled } from './reconciler';
import type { Database } from './store/database';
import { openDatabase } from './store/open';
import { dailyUsage } from './store/reservations';

export type { PaymasterServiceOptions } from './config';

export interface PaymasterService {
  /** The JSON-RPC endpoint, http://<host>:<port>/rpc. */
  url: string;
  /** Settles reservations against the chain now (it also runs every reconcileIntervalMs). */
  reconcile(): Promise<Reconciled>;
  /** Stops taking connections, finishes the requests in flight, then closes the store and the node's connection; once. */
  stop(): Promise<void>;
}

/** How old a chain time a signature's window may start from (chainTime.ts): less than a block on most chains. */
const CHAIN_TIME_MAX_AGE_MS = 200;

/** How long stop() lets requests in flight finish before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startPaymasterService(options: PaymasterServiceOptions): Promise<PaymasterService> {
  const config = withDefaults(options);
  const apps = loadApps(config.apps, config.policy);
  const logger = createLogger(config.log, config.logLevel);
  const signer = new Wallet(config.signerKey);
  // batchStallTime 0: ethers would otherwise hold each call 10 ms to batch it with others, on every request's getBlock.
  const provider = new JsonRpcProvider(config.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1, batchStallTime: 0 });
  let db: Database | undefined;
  try {
    const chainId = BigInt(await provider.send('eth_chainId', []));
    db = await openDatabase(config.store);
    const { paymaster, entryPoint, globalDailyWei, now } = config;
    const settle = { db, provider, chainId, entryPoint, paymaster, logger };
    await startCursor(settle);
    const methods = paymasterMethods({ db, globalDailyWei, signer, provider, chainTime: chainTime(provider, CHAIN_TIME_MAX_AGE_MS), chainId, paymaster, entryPoint, now });
    const store = db;
    const metrics = createMetrics(apps.list, globalDailyWei, () => dailyUsage(store, chainId, utcDay(now())));
    let stopping = false;
    const server = createServer(httpHandler({
      apps, methods, metrics, logger,
      health: () => checkHealth(store, provider),
      maxBodyBytes: config.maxBodyBytes,
      perIp: new RateLimiter(config.rateLimitPerIp),
      perKey: new RateLimiter(config.rateLimitPerKey),
      maxInFlight: config.maxConcurrentRequests,
      trustProxy: config.trustProxy,
      allowPrivateNetwork: config.allowPrivateNetwork,
      metricsToken: config.metricsToken,
      stopping: () => stopping,
    }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`Cannot start the paymaster service: port ${config.port} on ${config.host} is already in use`) : error));
      server.listen(config.port, config.host, resolve);
    });
    const settler = reconciler(settle, config.reconcileIntervalMs);
    const { port } = server.address() as { port: number };
    const url = `http://${config.host}:${port}/rpc`;
    logger.info({ url, store: db.where, chainId: Number(chainId), paymaster, apps: apps.list.map((app) => app.name) }, `paymaster service at ${url}`);
    let stopped: Promise<void> | undefined;
    return {
      url,
      reconcile: settler.run,
      stop: () => (stopped ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await closed;
        clearTimeout(deadline);
        await settler.stop();
        await store.close();
        provider.destroy();
        logger.info('paymaster service stopped');
      })()),
    };
  } catch (error) {
    await db?.close();
    provider.destroy();
    throw error;
  }
}
