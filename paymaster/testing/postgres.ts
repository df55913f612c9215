/**
 * A throwaway Postgres server for tests: a new cluster (initdb) in a temporary directory, on a free loopback port,
 * stopped and deleted afterwards. Uses the machine's Postgres binaries (Debian's postgresql package, which .ci/run
 * installs; or PG_BIN). Postgres refuses to run as root, so as root it runs as the package's `postgres` user.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort';

const run = promisify(execFile);
const USER = 'paymaster';

export interface TestPostgres {
  /** postgres://paymaster@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown); start() brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its cluster. */
  destroy(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'paymaster-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) await giveToPostgresUser(dir);
  // In the cluster's directory: the postgres user may not be allowed into the working directory (a clone under /root).
  const command = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { cwd: dir }) : run(join(bin, program), args, { cwd: dir });
  await command('initdb', ['-D', data, '-U', USER, '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync off: a test cluster need not survive a power cut, and the machine's disk is shared.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => void (await command('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']));
  const stop = async () => void (await command('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await start();
  const url = (database = 'postgres') => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    url,
    createDatabase: async (name) => {
      await command('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', USER, '-d', 'postgres', '-qc', `CREATE DATABASE "${name}"`]);
      return url(name);
    },
    stop: async () => {
      await stop();
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    destroy: async () => {
      if (running) await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout). */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No Postgres server binaries: install Debian\'s postgresql package (.ci/run does), or set PG_BIN to the folder of initdb, pg_ctl and postgres');
  return join(root, newest, 'bin');
}

async function giveToPostgresUser(dir: string): Promise<void> {
  try {
    await run('chown', ['postgres:', dir]);
  } catch (error) {
    throw new Error(`Running as root, the test Postgres needs the \`postgres\` user that Debian's postgresql package creates (${(error as Error).message.trim()})`, { cause: error });
  }
}
