/** An error as a server answered it (shared/jsonRpc.ts marks it so), not one the wallet wrote on the way: for unit tests' stand-in nodes. */
import { RpcError } from './errors';

export const nodeSaid = (code: number, message: string, data?: unknown): RpcError => Object.assign(new RpcError(code, message, data), { server: true });
