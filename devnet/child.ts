/** A devnet service run as a child process: its output kept for error messages, stopped cleanly, never left behind. */
import type { ChildProcess } from 'node:child_process';

/** Only the tail matters in an error message, and a chatty service must not grow memory without bound. */
const KEPT_OUTPUT_CHARS = 20_000;

export interface Supervised {
  hasExited(): boolean;
  /** What the process printed (the tail), for error messages. */
  output(): string;
  /** SIGTERM, then resolves once the process has exited (its port is free again). */
  stop(): Promise<void>;
}

export function supervise(child: ChildProcess, echo?: (chunk: string) => void): Supervised {
  let output = '';
  const collect = (chunk: string) => {
    output = (output + chunk).slice(-KEPT_OUTPUT_CHARS);
    echo?.(chunk);
  };
  child.stdout?.setEncoding('utf8').on('data', collect);
  child.stderr?.setEncoding('utf8').on('data', collect);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    const done = () => {
      exited = true;
      resolve();
    };
    child.once('exit', done);
    // Spawning itself failed (say, the binary is not executable): no 'exit' follows.
    child.once('error', (error) => {
      output += error.message;
      done();
    });
  });
  // Never leave the service behind when this process ends without calling stop().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  return {
    hasExited: () => exited,
    output: () => output.trim(),
    async stop() {
      process.off('exit', killOnExit);
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}
