import { beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../shared/schemas/errorOf';
import { LOCAL_DEVNET } from '../../shared/networks';
import { prepareBatch } from './prepare';
import type { BatchDraft } from './executors/executor';

const draft: BatchDraft = { id: '0x01', origin: 'https://dapp.example', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', calls: [] };
const asked: string[] = [];
const node = async <T>(method: string): Promise<T> => {
  asked.push(method);
  throw new Error('the node is not asked in these tests');
};
beforeEach(() => void (asked.length = 0));
const sponsoredBy = (url: string) => ({ atomicRequired: false, capabilities: { paymasterService: { url } } });

describe('a paymaster on this machine', () => {
  it('is refused (4200) outside the devnet build, even on the local devnet network, before the node is asked', async () => {
    const error = await rejectionOf(() => prepareBatch(node, LOCAL_DEVNET, draft, sponsoredBy('http://127.0.0.1:3000/rpc'), false));
    expect(error).toMatchObject({ code: 4200, message: 'Invalid paymaster URL: http://127.0.0.1:3000/rpc names a loopback host; a paymaster service must be public' });
    expect(asked).toEqual([]);
  });

  it('is allowed in the devnet build (the planning goes on to ask the node)', async () => {
    await expect(prepareBatch(node, LOCAL_DEVNET, draft, sponsoredBy('http://127.0.0.1:3000/rpc'), true)).rejects.toThrow('the node is not asked in these tests');
    expect(asked).toEqual(['eth_getCode']);
  });
});
