/** Checks that a devnet port is free before a server is started on it. */
import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

// Checked before spawning: polling the port would otherwise get answers from whatever already listens there.
export async function assertPortFree(port: number, what: string): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE'
        ? new Error(`Cannot start ${what}: port ${port} on ${HOST} is already in use (another devnet or node running?)`)
        : error));
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}
