/**
 * The bench's load generator: pm_getPaymasterData at a fixed rate, open loop (requests leave on schedule whatever the
 * answers do; latency counts from the scheduled time), round robin over the instances' URLs as a load balancer would.
 * A request whose instance is gone (connection refused or reset) is sent once more to the next instance, the same
 * request: the service answers a retry with the signature it gave, so the client loses nothing.
 */
import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { Wallet } from 'ethers';
import { ENTRY_POINT_ADDRESS } from '../devnet/constants';

export const USER_OP_GAS = {
  callGasLimit: '0x5c5f', verificationGasLimit: '0xe7a8', preVerificationGas: '0x13613', maxFeePerGas: '0x7b4fcd78', maxPriorityFeePerGas: '0x1',
};

export interface Answer {
  /** Due time, ms from the start of the run. */
  at: number;
  /** From the due time to the answer. */
  ms: number;
  sender: string;
  nonce: number;
  /** The signed paymasterData, when signed. */
  paymasterData?: string;
  /** The JSON-RPC error code, the HTTP status (503), or 'network'. */
  failure?: number | 'network';
}

const agent = new Agent({ keepAlive: true, maxSockets: 128 });
const senders = Array.from({ length: 200 }, () => Wallet.createRandom().address);
/** Every request of the whole bench is a new userOp: a nonce of its own. */
let nextNonce = 0;

/** `rate` requests per second for `seconds`, over `urls`; `during` runs beside (the chaos pass's faults). */
export async function runLoad(urls: string[], rate: number, seconds: number, during?: (started: number) => Promise<void>): Promise<Answer[]> {
  const count = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<Answer>[] = [];
  const beside = during?.(started);
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    const sender = senders[i % senders.length];
    const nonce = nextNonce++;
    const op = { sender, nonce: `0x${nonce.toString(16)}`, callData: '0x', signature: '0x', ...USER_OP_GAS };
    const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'pm_getPaymasterData', params: [op, ENTRY_POINT_ADDRESS, '0x7a69', {}] });
    const answer = (reply: Reply): Answer => ({ at: due - started, ms: performance.now() - due, sender, nonce, ...reply });
    pending.push(post(urls[i % urls.length], body).catch(() => post(urls[(i + 1) % urls.length], body)).catch((): Reply => ({ failure: 'network' })).then(answer));
  }
  const answers = await Promise.all(pending);
  await beside;
  return answers;
}

type Reply = Pick<Answer, 'paymasterData' | 'failure'>;

/** Rejects only when the instance cannot be reached (the one case a client retries elsewhere). */
function post(url: string, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) return resolve({ failure: response.statusCode ?? 0 });
        const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result?: { paymasterData: string }; error?: { code: number } };
        resolve(reply.result ? { paymasterData: reply.result.paymasterData } : { failure: reply.error?.code ?? 'network' });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
